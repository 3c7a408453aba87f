#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Pictures an app carries with it (for instance in a resource bundle), answered by the
/// ``ImageCache`` before its disk and the network: their addresses are never fetched, and their
/// bytes are not copied into the cache's directory.
public protocol LocalPictures: Sendable {
    /// The bytes of the picture at `url` when this source holds it; nil to load it as any other.
    func pictureData(for url: URL) -> Data?
}
