import Account
import Configuration
import Images
import Modules
import SampleEdition

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Article pictures from the image cache (memory, then the sample edition's bundled pictures,
/// then `$XDG_CACHE_HOME/newsapp/images/`, then the network), drawn as true-colour half blocks.
///
/// A picture that cannot be shown (not a JPEG or PNG, damaged, too big, the download failed)
/// becomes ``Thumbnail/skipped(_:)`` with the image error's sentence; nothing here throws.
struct CachedArticleImages: ArticleImages {
    /// 64 MiB of files on disk and 32 MiB of decoded pixels in memory.
    static let limits = ImageCache.Limits(memoryBytes: 32 << 20, diskBytes: 64 << 20)
    /// How many pictures ``prefetch(_:)`` downloads at once.
    static let prefetchWidth = 4
    /// The box ``prefetch(_:)`` decodes for: the article screen's tallest picture in a pane 200
    /// columns wide. A wider pane decodes the picture again from disk.
    static let prefetchBox = PixelSize.halfBlocks(columns: 200, rows: ArticleScreen.maximumPictureRows)

    let cache: ImageCache
    var renderer = HalfBlockRenderer()

    /// The app's cache in `directory`, answering from `local` first. `offline`: pictures neither
    /// local nor on disk yet are skipped, never downloaded.
    init(
        directory: URL, offline: Bool = false, limits: ImageCache.Limits = Self.limits,
        timeout: TimeInterval = 10, local: (any LocalPictures)? = nil
    ) {
        let fetcher: any ImageFetching =
            offline ? OfflineImageFetcher() : HTTPImageFetcher(timeout: timeout)
        cache = ImageCache(directory: directory, limits: limits, fetcher: fetcher, local: local)
    }

    init(cache: ImageCache) {
        self.cache = cache
    }

    func thumbnail(for url: URL, columns: Int, rows: Int) async -> Thumbnail {
        let image: RGBImage
        do {
            image = try await cache.image(for: url, fitting: .halfBlocks(columns: columns, rows: rows))
        } catch {
            return .skipped(error.sentence)
        }
        let lines = renderer.render(image, maxColumns: columns, maxRows: rows)
        guard !lines.isEmpty else { return .skipped("There is no room to show the picture.") }
        return .picture(lines)
    }

    func prefetch(_ urls: [URL]) async {
        var seen = Set<URL>()
        let unique = urls.filter { seen.insert($0).inserted }
        let cache = cache
        await withTaskGroup(of: Void.self) { group in
            var next = unique.makeIterator()
            for _ in 0..<Self.prefetchWidth {
                guard let url = next.next() else { break }
                group.addTask { _ = try? await cache.image(for: url, fitting: Self.prefetchBox) }
            }
            while await group.next() != nil {
                guard !Task.isCancelled, let url = next.next() else { continue }
                group.addTask { _ = try? await cache.image(for: url, fitting: Self.prefetchBox) }
            }
        }
    }
}

/// The fetcher of `--offline`: every download fails at once, so only pictures already on disk
/// are shown.
struct OfflineImageFetcher: ImageFetching {
    func fetch(_ url: URL, maxBytes: Int) async throws(ImageError) -> Data {
        throw .downloadFailed("NewsApp is offline")
    }
}

/// Whether a run draws article pictures.
enum PictureSupport {
    /// On when standard output is a terminal that takes colours (not `TERM=dumb`, no `NO_COLOR`)
    /// and either `--images on` or the terminal says it has true colour (`COLORTERM` is
    /// `truecolor` or `24bit`); never with `--images off`.
    static func isEnabled(_ choice: ImagesChoice, isTerminal: Bool, environment: [String: String]) -> Bool {
        guard choice != .off, isTerminal else { return false }
        if environment["TERM"] == "dumb" { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if choice == .on { return true }
        let colorTerm = environment["COLORTERM"]?.lowercased()
        return colorTerm == "truecolor" || colorTerm == "24bit"
    }

    /// The pictures a run shows: from the cache in `directory` when enabled and there is a
    /// directory, none otherwise. The sample edition's pictures come from its bundle.
    static func images(
        _ choice: ImagesChoice, isTerminal: Bool, environment: [String: String], directory: CacheDirectory?,
        offline: Bool, timeout: TimeInterval
    ) -> any ArticleImages {
        guard let directory, isEnabled(choice, isTerminal: isTerminal, environment: environment) else {
            return NoArticleImages()
        }
        return CachedArticleImages(
            directory: directory.imagesURL, offline: offline, timeout: timeout,
            local: SamplePictures.bundled().map(BundledSamplePictures.init))
    }
}
