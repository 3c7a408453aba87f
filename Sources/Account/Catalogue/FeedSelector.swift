import Configuration
import Feeds
import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A feed named on the command line: its address, or its number in `newsapp feeds` (the order of
/// the urls file, from 1), or a query feed's name.
public struct FeedSelector: Equatable {
    public var text: String

    public init(text: String) {
        self.text = text
    }

    /// The feed or query feed it names in `file`, or a sentence saying why there is none.
    public func resolve(in file: UrlsFile) -> Result<UrlsFile.Entry, SubscriptionsFile.Failure> {
        if let number = Int(text) {
            guard file.entries.indices.contains(number - 1) else {
                let range =
                    file.entries.isEmpty
                    ? "there are no feeds yet"
                    : file.entries.count == 1 ? "choose 1" : "choose 1–\(file.entries.count)"
                return .failure(.init(description: "There is no feed \(number): \(range)."))
            }
            return .success(file.entries[number - 1])
        }
        let name = text.hasPrefix("query:") ? String(text.dropFirst("query:".count)) : text
        if let query = file.queries.first(where: { $0.name == name || $0.address == text }) {
            return .success(.query(query))
        }
        if let command = file.subscriptions.first(where: { $0.runsCommand && $0.address == text }) {
            return .success(.subscription(command))
        }
        return resolve(in: file.subscriptions).map { .subscription($0) }
    }

    /// The subscription it names among `subscriptions`, or a sentence saying why there is none.
    public func resolve(in subscriptions: [Subscription]) -> Result<Subscription, SubscriptionsFile.Failure> {
        if let number = Int(text) {
            guard subscriptions.indices.contains(number - 1) else {
                let range =
                    subscriptions.isEmpty
                    ? "there are no feeds yet"
                    : subscriptions.count == 1 ? "choose 1" : "choose 1–\(subscriptions.count)"
                return .failure(.init(description: "There is no feed \(number): \(range)."))
            }
            return .success(subscriptions[number - 1])
        }
        guard let url = FeedAddress.parse(text) else {
            return .failure(
                .init(description: "“\(text)” is neither a feed's number nor an http or https address."))
        }
        let wanted = FeedAddress.comparable(url)
        guard let match = subscriptions.first(where: { FeedAddress.comparable($0.url) == wanted }) else {
            return .failure(
                .init(
                    description: "\(url.shownAddress) is not among your feeds (newsapp feeds lists them)."))
        }
        return .success(match)
    }
}

/// Feed addresses as people type them.
public enum FeedAddress {
    /// `text` as an http or https address; `example.org/feed` gets `https://`. Nil when it is not
    /// one (another scheme, no host, spaces).
    public static func parse(_ text: String) -> URL? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isWhitespace) else { return nil }
        let lowered = trimmed.lowercased()
        let written =
            lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.contains("://")
            ? trimmed : "https://" + trimmed
        return URL(webAddress: written)
    }

    /// The address with its scheme and host lowercased, for comparing what was typed with what
    /// is listed.
    public static func comparable(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.absoluteString
        }
        parts.scheme = parts.scheme?.lowercased()
        parts.host = parts.host?.lowercased()
        return parts.string ?? url.absoluteString
    }
}
