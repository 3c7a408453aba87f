import Foundation
import NewsModels

/// The sample edition's pictures, bundled beside its articles (drawn by
/// `Scripts/generate-sample-pictures.py`), so that a fresh machine with no network shows them.
///
/// Every picture address under ``addressPrefix`` has one: the file of that name when the bundle
/// holds one (the newest story of each category has its own), else the picture of its article's
/// category, else the general one. Which category an address belongs to is read from the
/// edition the first time a sample address is asked for, so a run that never shows one never
/// reads it.
public final class SamplePictures: Sendable {
    /// Where the edition's articles point their `urlToImage`.
    public static let addressPrefix = SampleEdition.addressPrefix + "images/"
    /// The folder of pictures in the resource bundle.
    static let folderName = "pictures"
    /// The picture of an address no category claims.
    static let fallback = NewsCategory.general

    /// The bundled files, and the category of each picture address's file name.
    struct Index: Sendable {
        var files: Set<String>
        var categories: [String: NewsCategory]
    }

    let folder: URL
    private let edition: @Sendable () -> SampleEdition?
    private let index = Locked<Index?>(nil)

    /// The pictures in `folder`, their categories from `edition` (asked once, when first needed).
    init(folder: URL, edition: @escaping @Sendable () -> SampleEdition?) {
        self.folder = folder
        self.edition = edition
    }

    /// The pictures bundled with the app; nil when the resource bundle is missing.
    public static func bundled() -> SamplePictures? {
        SampleEdition.bundledResource(folderName).map { folder in
            SamplePictures(folder: folder) { try? SampleEdition.bundled() }
        }
    }

    /// The bytes of the picture for `url` when it is a sample-edition picture address; nil for
    /// any other address, or when the bundled file cannot be read.
    public func data(for url: URL) -> Data? {
        let address = url.absoluteString
        guard address.hasPrefix(Self.addressPrefix) else { return nil }
        let name = String(address.dropFirst(Self.addressPrefix.count))
        let index = loadedIndex()
        // Only names the bundle holds are read: an address never names a path of its own.
        let file =
            index.files.contains(name)
            ? name : Self.fileName(for: index.categories[name] ?? Self.fallback)
        return try? Data(contentsOf: folder.appendingPathComponent(file))
    }

    /// The file every picture of `category` without one of its own shows.
    static func fileName(for category: NewsCategory) -> String {
        category.rawValue + ".jpg"
    }

    private func loadedIndex() -> Index {
        if let index = index.withLock({ $0 }) { return index }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var categories: [String: NewsCategory] = [:]
        for entry in edition()?.entries ?? [] {
            guard let address = entry.article.imageURL?.absoluteString, address.hasPrefix(Self.addressPrefix)
            else { continue }
            categories[String(address.dropFirst(Self.addressPrefix.count))] = entry.category
        }
        let built = Index(files: Set(files.filter { $0.hasSuffix(".jpg") }), categories: categories)
        index.withLock { $0 = built }
        return built
    }
}
