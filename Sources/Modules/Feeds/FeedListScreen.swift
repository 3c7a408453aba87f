import Coordinators
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The subscriptions as their coordinator sees them: a screen that reports the feed the user
/// picked.
@MainActor
public protocol FeedListModule: Presentable {
    /// The user picked a feed, by its number or its name.
    var onFeedSelected: (@MainActor (FeedSummary) -> Void)? { get set }
    /// The user wants to leave the feeds; when nil, the screen does not answer `b`.
    var onBack: (@MainActor () -> Void)? { get set }
    /// The user typed `r`: the coordinator may refresh the feeds in the background (the
    /// subscriptions are loaded again either way).
    var onRefreshFeeds: (@MainActor () -> Void)? { get set }
    /// Loads the subscriptions again, keeping those shown until the answer arrives.
    func refresh()
    /// Loads the subscriptions and picks the feed titled `name`, or the only one whose title
    /// starts with it; when there is no such feed, or several, says so instead.
    func open(named name: String)
}

/// `feeds`: the subscriptions, numbered; a number opens that feed's items, `r` loads them again
/// and asks for a refresh of the feeds.
///
/// Loads run through ``activity``, so leaving the screen cancels them.
@MainActor
public final class FeedListScreen: FeedListModule {
    public let activity = ScreenActivity()
    public var onFeedSelected: (@MainActor (FeedSummary) -> Void)?
    public var onBack: (@MainActor () -> Void)?
    public var onRefreshFeeds: (@MainActor () -> Void)?
    public let viewModel: FeedListViewModel
    private let environment: ScreenEnvironment

    public init(viewModel: FeedListViewModel, environment: ScreenEnvironment) {
        self.viewModel = viewModel
        self.environment = environment
    }

    public var title: String { "Feeds" }

    public func render(width: Int, height: Int?) -> [StyledLine] {
        FeedListRenderer.render(viewModel.state, width: width, context: environment.renderContext)
    }

    // MARK: Commands

    public var declaredCommands: [DeclaredCommand] {
        let count = viewModel.state.feeds.count
        var commands: [DeclaredCommand] = [
            .number(in: count > 0 ? 1...count : nil, summary: "Show that feed's items") { self.open($0) },
            .refresh("Refresh the feeds and show them again") {
                self.refresh()
                self.onRefreshFeeds?()
            },
        ]
        if let onBack { commands.append(.back("Leave the feeds", perform: onBack)) }
        return commands
    }

    // MARK: Actions

    public func refresh() {
        activity.cancelAll()
        activity.run("Loading the feeds") { [viewModel, activity] in
            await viewModel.reload()
            activity.setNeedsDisplay()
        }
    }

    public func open(named name: String) {
        activity.cancelAll()
        activity.run("Finding the feed") { [weak self] in
            guard let self else { return }
            await self.viewModel.reload()
            guard !Task.isCancelled else { return }
            self.activity.setNeedsDisplay()
            self.pick(named: name)
        }
    }

    private func pick(named name: String) {
        guard viewModel.state.phase == .loaded else { return }
        let shown = TextSanitizer.clean(name)
        switch viewModel.feed(named: name) {
        case .feed(let feed):
            onFeedSelected?(feed)
        case .several(let feeds):
            let titles = feeds.prefix(5).map(\.title).joined(separator: ", ") + (feeds.count > 5 ? ", …" : "")
            activity.post([
                StyledLine(
                    "“\(shown)” could be any of \(feeds.count) feeds: \(titles). Type more of the title.",
                    .warning)
            ])
        case .none(let suggestion):
            var message = "There is no feed “\(shown)”."
            if let suggestion { message += " Did you mean \(suggestion)?" }
            if viewModel.state.feeds.isEmpty { message += " There are no feeds yet." }
            activity.post([StyledLine(message, .warning)])
        }
    }

    private func open(_ number: Int) {
        guard let feed = viewModel.feed(numbered: number) else {
            let count = viewModel.state.feeds.count
            let range = count == 0 ? "there are no feeds" : count == 1 ? "choose 1" : "choose 1–\(count)"
            return activity.post([StyledLine("There is no feed \(number) here: \(range).", .warning)])
        }
        onFeedSelected?(feed)
    }
}
