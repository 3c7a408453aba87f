import Configuration
import Feeds
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The subscriptions on disk: `$XDG_CONFIG_HOME/newsapp/urls` (by default
/// `~/.config/newsapp/urls`), in newsboat's urls format, so a newsboat user copies theirs over.
///
/// Changes are made through ``LockedTextFile``: under a lock on the folder and written atomically,
/// so two commands changing it at once (`newsapp refresh` moving a feed, `newsapp feeds add`)
/// never lose each other's change and a crash never leaves half a file. The file is private to its
/// owner (0600): feed addresses can hold passwords.
public struct SubscriptionsFile: Sendable, Equatable {
    public var path: String
    public var home: String?

    public init(path: String, home: String? = nil) {
        self.path = path
        self.home = home
    }

    /// The largest file read, and written: as large as the largest OPML file imported.
    public static let sizeLimit = 16 << 20

    public typealias Failure = LockedTextFile.Failure

    /// The file named by `XDG_CONFIG_HOME` when it is an absolute path, else by `HOME`; nil when
    /// there is neither.
    public static func standard(environment: [String: String]) -> SubscriptionsFile? {
        guard let config = ConfigurationFile.standard(environment: environment) else { return nil }
        let directory = config.path.deletingLastPathComponent
        return SubscriptionsFile(path: directory + "/urls", home: config.home)
    }

    public var displayPath: String { file.displayPath }
    private var file: LockedTextFile { LockedTextFile(path: path, home: home, sizeLimit: Self.sizeLimit) }

    /// The subscriptions; a missing file holds none.
    public func load() throws(Failure) -> UrlsFile {
        UrlsFile(text: try file.load())
    }

    /// Reads the file, lets `change` edit it, and writes it back when its text changed, all under
    /// the folder's lock; returns what `change` returned.
    public func update<Result>(_ change: (inout UrlsFile) throws(Failure) -> Result) throws(Failure) -> Result
    {
        try file.update { (text: inout String) throws(Failure) -> Result in
            var urls = UrlsFile(text: text)
            let result = try change(&urls)
            text = urls.text
            return result
        }
    }
}
