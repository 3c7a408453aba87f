import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One feed the user reads: a line of newsboat's urls file, or an outline of an OPML file.
public struct Subscription: Sendable, Hashable {
    /// Where the feed's document comes from.
    public enum Source: Sendable, Hashable {
        /// Fetched from ``Subscription/url``.
        case web
        /// The output of a command (`exec:COMMAND`).
        case command(String)
        /// Fetched from `url` and passed through a command (`filter:COMMAND:URL`).
        case filter(command: String, url: URL)
    }

    /// What the feed is known by: its address (http or https), or for a command's feed an address
    /// of its own made from the line (`exec:…`, `filter:…`, see ``commandAddress(_:)``), which the
    /// store keeps its items under.
    public var url: URL
    /// The tags the user gave it, in order, each once; shown as sections and usable as filters.
    public var tags: [String]
    /// The name the user chose (`"~Title"` in the urls file), shown instead of the feed's own.
    public var title: String?
    public var source: Source

    public init(url: URL, tags: [String] = [], title: String? = nil) {
        self.url = url
        self.tags = tags
        self.title = title
        source = .web
    }

    /// The feed of `source`, known by the address made from it.
    public init(source: Source, tags: [String] = [], title: String? = nil) {
        switch source {
        case .web: preconditionFailure("a web feed is made with its address")
        case .command(let command): url = Self.commandAddress("exec:" + command)
        case .filter(let command, let target):
            url = Self.commandAddress("filter:\(command):\(target.absoluteString)")
        }
        self.tags = tags
        self.title = title
        self.source = source
    }

    /// The feed as the urls file writes it: its address, or `exec:COMMAND`, `filter:COMMAND:URL`.
    public var address: String {
        switch source {
        case .web: url.absoluteString
        case .command(let command): "exec:" + command
        case .filter(let command, let target): "filter:\(command):\(target.absoluteString)"
        }
    }

    /// ``address`` as NewsApp shows and logs it: a password in it is `•••` (`URL.shownAddress`).
    public var shownAddress: String { ShownAddress.hidingPasswords(in: address) }

    /// True for a feed made by running a command (`exec:` and `filter:`).
    public var runsCommand: Bool { source != .web }

    /// The address a command's feed is known by: its line with every character but letters, digits
    /// and `-._~/` percent-encoded, so it is one stable URL (`exec:~/bin/feed%20--all`).
    static func commandAddress(_ line: String) -> URL {
        let scheme = line.hasPrefix("exec:") ? "exec:" : "filter:"
        let rest = String(line.dropFirst(scheme.count))
        let encoded = rest.percentEncoded { $0.isASCIIAlphanumeric || "-._~/".utf8.contains($0) }
        return URL(string: scheme + encoded) ?? URL(string: scheme + "invalid")!
    }
}
