import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The sample edition's pictures, which the binary holds beside its articles (drawn by
/// `Scripts/generate-sample-pictures.py`), so that a fresh machine with no network shows them.
///
/// Every picture address under ``addressPrefix`` has one: the file of that name when the edition
/// holds one (the newest story of each category has its own), else the picture of its article's
/// category, else the general one. Which category an address belongs to is read from the
/// edition the first time a sample address is asked for, so a run that never shows one never
/// reads it.
public final class SamplePictures: Sendable {
    /// Where the edition's articles point their `urlToImage`.
    public static let addressPrefix = SampleEdition.addressPrefix + "images/"
    /// The picture of an address no category claims.
    static let fallback = NewsCategory.general

    /// The category of each picture address's file name.
    struct Index: Sendable {
        var categories: [String: NewsCategory]
    }

    /// The JPEG files, by name.
    let files: [String: Data]
    private let edition: @Sendable () -> SampleEdition?
    private let index = Locked<Index?>(nil)

    /// The pictures `files`, their categories from `edition` (asked once, when first needed).
    init(files: [String: Data], edition: @escaping @Sendable () -> SampleEdition?) {
        self.files = files
        self.edition = edition
    }

    /// The pictures bundled with the app (an optional as when they were files beside it: a
    /// caller works without them).
    public static func bundled() -> SamplePictures? {
        SamplePictures(files: bundledFiles) { try? SampleEdition.bundled() }
    }

    /// The binary's pictures (see SampleEditionData.swift), decoded once.
    static let bundledFiles: [String: Data] = SampleEditionData.pictures.compactMapValues {
        Data(base64Encoded: $0, options: .ignoreUnknownCharacters)
    }

    /// The bytes of the picture for `url` when it is a sample-edition picture address; nil for
    /// any other address.
    public func data(for url: URL) -> Data? {
        let address = url.absoluteString
        guard address.hasPrefix(Self.addressPrefix) else { return nil }
        let name = String(address.dropFirst(Self.addressPrefix.count))
        let index = loadedIndex()
        // Only names the edition holds are read: an address never names a path of its own.
        return files[name] ?? files[Self.fileName(for: index.categories[name] ?? Self.fallback)]
    }

    /// The file every picture of `category` without one of its own shows.
    static func fileName(for category: NewsCategory) -> String {
        category.rawValue + ".jpg"
    }

    private func loadedIndex() -> Index {
        if let index = index.withLock({ $0 }) { return index }
        var categories: [String: NewsCategory] = [:]
        for entry in edition()?.entries ?? [] {
            guard let address = entry.article.imageURL?.absoluteString, address.hasPrefix(Self.addressPrefix)
            else { continue }
            categories[String(address.dropFirst(Self.addressPrefix.count))] = entry.category
        }
        let built = Index(categories: categories)
        index.withLock { $0 = built }
        return built
    }
}
