import SampleEdition
import Store

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Versions before the sample edition had a store of its own recorded its articles in the live
/// one, where live offline search found them. The first time the live store is opened now, they
/// go (saved ones, their read marks and the lists that held them too), and a marker file beside
/// the store says so, so that it is done once: sample-edition articles that a NewsAPI-compatible
/// server (such as `newsapi-stub`) serves later are live news like any other.
public enum SampleArticlesCleanup {
    /// The marker, in the cache directory.
    public static let markerName = ".sample-articles-removed"

    /// Removes the sample edition's articles from `store`, the live store in `directory`, unless
    /// that was done before. A failure (another instance holding the write lock) leaves it for the
    /// next launch.
    public static func runOnce(on store: NewsStore, in directory: CacheDirectory) async {
        let marker = directory.path + "/" + markerName
        guard !FileManager.default.fileExists(atPath: marker),
            (try? await store.removeArticles(withAddressPrefix: SampleEdition.addressPrefix)) != nil
        else { return }
        let note =
            "The sample edition's articles were removed from news.sqlite: they live in sample.sqlite.\n"
        _ = FileManager.default.createFile(
            atPath: marker, contents: Data(note.utf8), attributes: [.posixPermissions: 0o600])
    }
}
