import Feeds

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A file to import: an OPML file (1.0 or 2.0), a newsboat urls file, or a newsboat config file,
/// told apart by their first character (`<` for OPML) and by what their lines start with.
public struct SubscriptionImport {
    public var subscriptions: [Subscription]
    /// The query feeds of a urls file.
    public var queries: [QueryFeed] = []
    /// A newsboat config file's settings, when the file is one.
    public var config: NewsboatConfig?
    /// Lines of a urls file that name no feed NewsApp reads.
    public var skipped: [UrlsFile.SkippedLine]
    /// `an OPML file` or `a newsboat urls file`, for the sentence saying what was imported.
    public var kind: String

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init(_ data: Data) throws(Failure) {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == UInt8(ascii: "<") {
            do {
                subscriptions = try OPML.subscriptions(from: data)
            } catch {
                throw Failure(description: error.sentence)
            }
            skipped = []
            kind = "an OPML file"
            return
        }
        guard let text = String(data: Data(bytes), encoding: .utf8) else {
            throw Failure(
                description: "the file is neither OPML nor a newsboat urls file (it is not UTF-8 text).")
        }
        if NewsboatConfig.looksLikeConfig(text) {
            let config = NewsboatConfig(text: text)
            self.config = config
            subscriptions = []
            skipped = config.notRead
            kind = "a newsboat config file"
            return
        }
        let file = UrlsFile(text: text)
        guard !file.entries.isEmpty || !file.skipped.isEmpty || text.allSatisfy(\.isWhitespace) else {
            throw Failure(description: "the file is neither OPML nor a newsboat urls or config file.")
        }
        subscriptions = file.subscriptions
        queries = file.queries
        skipped = file.skipped
        kind = "a newsboat urls file"
    }
}
