import Coordinators
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The subscriptions, with no terminal code: it loads them from the ``FeedLibrary`` and keeps a
/// ``FeedListState`` for the renderer, and finds a feed by its title or the start of it.
@MainActor
public final class FeedListViewModel {
    /// What a name typed after `feed` finds.
    public enum Match: Sendable, Equatable {
        /// The one feed it names.
        case feed(FeedSummary)
        /// Several feeds start with it.
        case several([FeedSummary])
        /// None does; a title it may be a typo of.
        case none(suggestion: String?)
    }

    public private(set) var state = FeedListState()
    private let feeds: any FeedLibrary
    /// Counts loads, so a late answer to an older one can be recognised and dropped.
    private var generation = 0

    public init(feeds: any FeedLibrary) {
        self.feeds = feeds
    }

    /// Loads the subscriptions. The feeds shown stay until the answer arrives; a failed reload keeps
    /// them and reports the error above them. A cancelled load leaves the list as it was.
    public func reload() async {
        generation += 1
        let current = generation
        if state.phase != .loaded { state.phase = .loading }
        do throws(FeedLibraryError) {
            let loaded = try await feeds.feeds()
            guard current == generation else { return }
            state.feeds = loaded
            state.phase = .loaded
            state.reloadError = nil
        } catch {
            guard current == generation else { return }
            if Task.isCancelled {
                if state.phase == .loading { state.phase = .cancelled }
            } else if state.phase == .loaded {
                state.reloadError = error
            } else {
                state.phase = .failed(error)
            }
        }
    }

    /// The feed numbered `number` on screen (1-based).
    public func feed(numbered number: Int) -> FeedSummary? {
        state.feeds.indices.contains(number - 1) ? state.feeds[number - 1] : nil
    }

    /// The feed titled `name`, else the only one whose title starts with it; case, spacing and
    /// surrounding quotes aside (`feed "hacker  news"` finds Hacker News).
    public func feed(named name: String) -> Match {
        let wanted = Self.normalised(name.trimming(anyOf: "\"'“”‘’ "))
        let titled = state.feeds.map { (feed: $0, title: Self.normalised($0.title)) }
        let exact = titled.filter { $0.title == wanted }.map(\.feed)
        let starting = exact.isEmpty ? titled.filter { $0.title.hasPrefix(wanted) }.map(\.feed) : exact
        switch starting.count {
        case 0:
            let titles = state.feeds.map { TextSanitizer.clean($0.title) }
            return .none(suggestion: CommandSuggester.closest(to: wanted, among: titles))
        case 1: return .feed(starting[0])
        default: return .several(starting)
        }
    }

    /// Lower-cased, sanitised, with runs of whitespace made one space.
    private static func normalised(_ text: String) -> String {
        TextSanitizer.clean(text).lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// Everything the subscriptions renderer needs, as a value.
public struct FeedListState: Sendable, Equatable {
    /// Where the list is in its life.
    public enum Phase: Sendable, Equatable {
        /// Nothing asked for yet.
        case idle
        /// The feeds are on their way.
        case loading
        /// The feeds arrived (possibly none).
        case loaded
        /// They could not be read.
        case failed(FeedLibraryError)
        /// The user cancelled the load (Ctrl-C).
        case cancelled
    }

    public var phase: Phase = .idle
    /// The subscriptions, in the order of the urls file.
    public var feeds: [FeedSummary] = []
    /// Why the last reload failed; the feeds shown are those of the load before.
    public var reloadError: FeedLibraryError?

    public init(phase: Phase = .idle, feeds: [FeedSummary] = [], reloadError: FeedLibraryError? = nil) {
        self.phase = phase
        self.feeds = feeds
        self.reloadError = reloadError
    }

    /// The unread items of every feed; a query feed's items are other feeds' items, so they are
    /// not counted again.
    public var unreadCount: Int { feeds.reduce(0) { $0 + ($1.query == nil ? $1.unreadCount : 0) } }
}
