import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Article pictures drawn as terminal cells. The executable backs it with the image cache and the
/// JPEG/PNG decoders when the terminal can show them; otherwise ``NoArticleImages``.
public protocol ArticleImages: Sendable {
    /// The picture at `url` drawn in at most `columns` × `rows` cells, keeping its proportions.
    func thumbnail(for url: URL, columns: Int, rows: Int) async -> Thumbnail
    /// Fetches the pictures at `urls` in the background, so a later ``thumbnail(for:columns:rows:)``
    /// finds them ready. Cancelling the calling task stops the downloads.
    func prefetch(_ urls: [URL]) async
}

/// What became of a picture.
public enum Thumbnail: Sendable, Equatable {
    /// The picture as lines of cells, e.g. true-colour half blocks.
    case picture([StyledLine])
    /// It could not be shown; one sentence saying why ("The image is not a JPEG or PNG file.").
    case skipped(String)
    /// Pictures are off (not a true-colour terminal, `--images off`, `NO_COLOR`).
    case disabled
}

/// For sessions that show no pictures.
public struct NoArticleImages: ArticleImages {
    public init() {}
    public func thumbnail(for url: URL, columns: Int, rows: Int) async -> Thumbnail { .disabled }
    public func prefetch(_ urls: [URL]) async {}
}
