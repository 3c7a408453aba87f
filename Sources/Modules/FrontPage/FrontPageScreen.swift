import Coordinators
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The front page as its coordinator sees it: a screen that reports the headline the user picked
/// and knows its sections by name, for `c NAME`.
@MainActor
public protocol FrontPageModule: Presentable {
    /// The user picked a headline.
    var onArticleSelected: (@MainActor (Article) -> Void)? { get set }
    /// The user typed `r` on a page with feed sections: the coordinator starts refreshing the
    /// feeds in the background.
    var onRefreshFeeds: (@MainActor () -> Void)? { get set }
    /// Which sources the page has sections from.
    var sources: FrontPageSources { get }
    /// The names `c NAME` takes, in page order (a category's keyword, a tag as written, `Feeds`).
    var sectionNames: [String] { get }
    /// The section `name` names, ignoring case, or by the start of its name when only one
    /// section's name starts so.
    func section(named name: String) -> FrontPageSection?
    /// Loads every section again, keeping what is shown until the answers arrive.
    func refresh()
    /// The headline numbered `number` (1-based), once its section has loaded.
    func article(numbered number: Int) -> Article?
    /// Shows `article` as read from now on: the coordinator opened it.
    func markOpened(_ article: Article)
    /// Reads the read marks and unread counts again: the reader is back from another screen,
    /// where articles may have been read.
    func updateReadMarks()
    /// Loads the feed sections again: the feeds were refreshed.
    func reloadFeedSections()
    /// The feeds whose section shows `article`, where its `next` looks; nil for a headline.
    func feedScope(of article: Article) -> FeedScope?
}

/// The first screen: a section per category and per feed tag, each with its newest headlines
/// numbered across the page and the first story featured with its summary and picture. A number
/// opens the headline; `r` loads the sections again (and refreshes the feeds).
///
/// Sections load at once through ``activity``. The load holds the display until a section has
/// arrived (only the spinner shows before), then until every section has something to show or
/// for ``displayGrace`` more at most, so quick sources draw the page once; after that, each
/// section that arrives in a gap draws the page again, while fresh answers replacing what is shown
/// (stored headlines, a reload) draw it once at the end. A script through a pipe waits for the
/// whole page.
@MainActor
public final class FrontPageScreen: FrontPageModule {
    /// The most rows the featured story's picture takes.
    public nonisolated static let maximumPictureRows = 8
    /// How long the page waits for its sections (and the picture) before it is drawn with what has
    /// arrived; the rest is drawn as it comes.
    public static let displayGrace: Duration = .milliseconds(250)

    public let activity = ScreenActivity()
    public var onArticleSelected: (@MainActor (Article) -> Void)?
    public var onRefreshFeeds: (@MainActor () -> Void)?
    public let viewModel: FrontPageViewModel
    /// The featured story's picture, once asked for and answered.
    public private(set) var picture: Thumbnail?
    public let sources: FrontPageSources
    private let environment: ScreenEnvironment
    private let images: any ArticleImages
    private let paneSize: @MainActor () -> TerminalSize
    /// The address of the picture asked for; a new featured story asks for its own.
    private var pictureURL: URL?
    /// Ends the load's hold on the display ``displayGrace`` after the first section arrived.
    private var graceTimer: Task<Void, Never>?

    /// - Parameters:
    ///   - sources: Whether the page has feed sections: `r` then also refreshes the feeds.
    ///   - images: Draws the featured story's picture.
    ///   - paneSize: The size of the pane the page is drawn in, which sizes the picture.
    public init(
        viewModel: FrontPageViewModel,
        sources: FrontPageSources,
        environment: ScreenEnvironment,
        images: any ArticleImages = NoArticleImages(),
        paneSize: @escaping @MainActor () -> TerminalSize = { TerminalSize(columns: 80, rows: 24) }
    ) {
        self.viewModel = viewModel
        self.sources = sources
        self.environment = environment
        self.images = images
        self.paneSize = paneSize
    }

    isolated deinit {
        graceTimer?.cancel()
        viewModel.cancelBackgroundWork()
    }

    public var title: String { FrontPageRenderer.title }
    public var sectionNames: [String] { viewModel.state.sectionNames }

    public func section(named name: String) -> FrontPageSection? {
        viewModel.state.section(named: name)
    }

    public func article(numbered number: Int) -> Article? {
        viewModel.article(numbered: number)
    }

    public func markOpened(_ article: Article) {
        if viewModel.markOpened(article) { activity.setNeedsDisplay() }
    }

    /// The picture's size for a pane: its width less the headline's indent, about a quarter of
    /// its height, and at most ``maximumPictureRows`` rows.
    public static func pictureSize(for pane: TerminalSize) -> (columns: Int, rows: Int) {
        (max(1, pane.columns - 4), min(maximumPictureRows, max(3, pane.rows / 4)))
    }

    public func render(width: Int, height: Int?) -> [StyledLine] {
        let featured = viewModel.state.featured?.imageURL
        return FrontPageRenderer.render(
            viewModel.state, width: width, height: height, context: environment.renderContext,
            picture: featured != nil && featured == pictureURL ? picture : nil)
    }

    // MARK: Commands

    public var declaredCommands: [DeclaredCommand] {
        let last = viewModel.state.lastNumber
        let feeds = sources.feeds
        return [
            .number(in: last > 0 ? 1...last : nil, summary: "Open that headline") { self.open($0) },
            .refresh(feeds ? "Load the sections again and refresh the feeds" : "Load the sections again") {
                self.reload(trigger: .explicit)
                if feeds { self.onRefreshFeeds?() }
            },
        ]
            + (feeds
                ? [DeclaredCommand(["next"], summary: "Open the next unread item") { self.openNextUnread() }]
                : [])
    }

    /// `next`: the first unread feed item, in the order of the sections.
    private func openNextUnread() {
        activity.run("Finding the next unread item") { [weak self, viewModel] in
            let next = await viewModel.nextUnread()
            guard let self, !Task.isCancelled else { return }
            guard let next else { return self.activity.post([StyledLine("No unread items left.", .muted)]) }
            self.markOpened(next)
            self.onArticleSelected?(next)
        }
    }

    // MARK: Actions

    public func refresh() {
        reload(trigger: .automatic)
    }

    /// Loads every section again, as the app (a fresh stored copy may answer) or as the reader (`r`).
    private func reload(trigger: RequestTrigger) {
        activity.cancelAll()
        graceTimer?.cancel()
        graceTimer = nil
        activity.run("Loading the front page") { [weak self, viewModel, activity] in
            await viewModel.reload(
                trigger: trigger,
                sectionArrived: { filledAGap in
                    self?.sectionArrived(filledAGap: filledAGap)
                })
            self?.graceTimer?.cancel()
            activity.setNeedsDisplay()
        }
    }

    /// Once every section has something to show, the page is worth drawing: at once when stored
    /// headlines are shown while the network is asked, else when the load ends (a picture asked for
    /// may still hold it a moment); with gaps left, it is after ``displayGrace``.
    private func sectionArrived(filledAGap: Bool) {
        loadPictureIfNeeded()
        if viewModel.state.isSettled {
            graceTimer?.cancel()
            if viewModel.state.sections.contains(where: \.isRefreshing) { activity.releaseDisplay() }
        } else if graceTimer == nil {
            graceTimer = Task { [weak self] in
                guard (try? await Task.sleep(for: Self.displayGrace)) != nil else { return }
                self?.activity.releaseDisplay()
            }
        }
        if filledAGap { activity.setNeedsDisplay() }
    }

    public func updateReadMarks() {
        activity.run("Updating read marks", holdingDisplay: .atMost(Self.displayGrace)) {
            [viewModel, activity] in
            await viewModel.updateReadMarks()
            activity.setNeedsDisplay()
        }
    }

    public func reloadFeedSections() {
        guard sources.feeds else { return }
        activity.run("Loading the feed sections", holdingDisplay: .atMost(Self.displayGrace)) {
            [weak self, viewModel, activity] in
            await viewModel.reloadFeedSections()
            activity.setNeedsDisplay()
            self?.loadPictureIfNeeded()
        }
    }

    public func feedScope(of article: Article) -> FeedScope? {
        viewModel.state.feedScope(of: article)
    }

    private func open(_ number: Int) {
        guard let article = viewModel.article(numbered: number) else {
            let last = viewModel.state.lastNumber
            let message =
                number <= last
                ? "Headline \(number) is still loading."
                : last == 0
                    ? "There are no headlines yet."
                    : "There is no headline \(number): choose \(last == 1 ? "1" : "1–\(last)")."
            return activity.post([StyledLine(message, .warning)])
        }
        markOpened(article)
        onArticleSelected?(article)
    }

    /// Asks for the featured story's picture, unless it was asked for already.
    private func loadPictureIfNeeded() {
        guard let url = viewModel.state.featured?.imageURL, url != pictureURL else { return }
        pictureURL = url
        picture = nil
        let size = Self.pictureSize(for: paneSize())
        activity.run("Loading the picture", holdingDisplay: .atMost(Self.displayGrace)) {
            [weak self, images] in
            let thumbnail = await images.thumbnail(for: url, columns: size.columns, rows: size.rows)
            guard let self, self.pictureURL == url else { return }
            // A cancelled request is asked again when the page is loaded again.
            guard !Task.isCancelled else {
                self.pictureURL = nil
                return
            }
            guard thumbnail != .disabled else { return }
            self.picture = thumbnail
            self.activity.setNeedsDisplay()
        }
    }
}
