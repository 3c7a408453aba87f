import Coordinators
import Foundation
import Networking

/// An article as its coordinator sees it.
@MainActor
public protocol ArticleModule: Presentable {
    var article: Article { get }
    /// The user wants to go back.
    var onBack: (@MainActor () -> Void)? { get set }
    /// The user typed `next` on an item opened from a feed list, and this is the next unread item:
    /// the coordinator shows it in place of this one. When nil, the screen does not answer `next`.
    var onNext: (@MainActor (Article) -> Void)? { get set }
}

/// One article in full, with `o` to open it in a browser, `s` to share it, and `save` and
/// `unsave` to keep it in the reading list. An item of a feed is drawn by
/// ``FeedArticleRenderer``; `o N` opens its link or enclosure N, and when it was opened from a
/// feed list, `next` finds the list's next unread item.
///
/// ``start()`` marks the article read, looks up whether it is saved and asks for its picture;
/// that work runs through ``activity``, so leaving the screen cancels it.
@MainActor
public final class ArticleScreen: ArticleModule {
    /// The most rows a picture takes.
    public nonisolated static let maximumPictureRows = 12

    public let activity = ScreenActivity()
    public let article: Article
    public var onBack: (@MainActor () -> Void)?
    public var onNext: (@MainActor (Article) -> Void)?
    /// True when the reader saved the article.
    public private(set) var isSaved = false
    /// The picture, once asked for and answered.
    public private(set) var picture: Thumbnail?
    private let environment: ScreenEnvironment
    private let actions: any SystemActions
    private let readingList: any ReadingList
    private let images: any ArticleImages
    private let paneSize: @MainActor () -> TerminalSize
    private let feeds: any FeedLibrary
    private let scope: FeedScope?

    /// - Parameters:
    ///   - readingList: Told the article was read; keeps it when saved.
    ///   - images: Draws the article's picture.
    ///   - paneSize: The size of the pane the article is drawn in, which sizes its picture.
    ///   - feeds: Finds the next unread item for `next`.
    ///   - scope: The feed list the item was opened from, where `next` looks; nil for none.
    public init(
        article: Article,
        environment: ScreenEnvironment,
        actions: any SystemActions,
        readingList: any ReadingList = NoReadingList(),
        images: any ArticleImages = NoArticleImages(),
        paneSize: @escaping @MainActor () -> TerminalSize = { TerminalSize(columns: 80, rows: 24) },
        feeds: any FeedLibrary = NoFeedLibrary(),
        scope: FeedScope? = nil
    ) {
        self.article = article
        self.environment = environment
        self.actions = actions
        self.readingList = readingList
        self.images = images
        self.paneSize = paneSize
        self.feeds = feeds
        self.scope = scope
    }

    public var title: String { "Article" }
    public var pane: Pane { .secondary }

    /// The picture's size for a pane: at most its width, about a third of its height, and at most
    /// ``maximumPictureRows`` rows.
    public static func pictureSize(for pane: TerminalSize) -> (columns: Int, rows: Int) {
        (max(1, pane.columns), min(maximumPictureRows, max(3, pane.rows / 3)))
    }

    /// How long the article waits for its saved mark and its picture before it is drawn without
    /// them: long enough for a picture from the cache, short enough not to be a wait. One that
    /// arrives later draws the article again.
    public static let displayGrace: Duration = .milliseconds(250)

    /// Marks the article read, finds out whether it is saved, and asks for its picture.
    ///
    /// The read mark is written in a task of its own: leaving the screen (`b`, `next`) cancels the
    /// screen's work, and the store drops a write whose task is cancelled before it runs.
    public func start() {
        let article = article
        let marking = Task { [readingList] in await readingList.markRead(article) }
        activity.run("Opening the article", holdingDisplay: .atMost(Self.displayGrace)) {
            [weak self, readingList] in
            await marking.value
            let saved = await readingList.isSaved(article)
            guard let self, !Task.isCancelled, saved != self.isSaved else { return }
            self.isSaved = saved
            self.activity.setNeedsDisplay()
        }
        guard let imageURL = article.imageURL else { return }
        let size = Self.pictureSize(for: paneSize())
        activity.run("Loading the picture", holdingDisplay: .atMost(Self.displayGrace)) {
            [weak self, images] in
            let thumbnail = await images.thumbnail(for: imageURL, columns: size.columns, rows: size.rows)
            guard let self, !Task.isCancelled, thumbnail != .disabled else { return }
            self.picture = thumbnail
            self.activity.setNeedsDisplay()
        }
    }

    public func render(width: Int, height: Int?) -> [StyledLine] {
        let context = environment.renderContext
        guard article.feedItem != nil else {
            return ArticleRenderer.render(
                article, width: width, context: context, saved: isSaved, picture: picture)
        }
        return FeedArticleRenderer.render(
            article, width: width, context: context, saved: isSaved, picture: picture, offersNext: offersNext)
    }

    /// The links and enclosures `o N` opens, in their numbering.
    private var references: [(kind: String, url: URL)] {
        article.links.map { ("Link", $0) } + article.enclosures.map { ("Enclosure", $0.url) }
    }

    private var offersNext: Bool { scope != nil && onNext != nil }

    public var commands: [CommandDescriptor] {
        var commands: [CommandDescriptor]
        let count = references.count
        if count > 0 {
            commands = [
                CommandDescriptor(
                    ["o", "open"], argument: "[N]",
                    summary:
                        "Open the article in your browser ($BROWSER or xdg-open); o N, its link or enclosure N",
                    argumentCompletions: (1...count).map(String.init))
            ]
        } else {
            commands = [
                CommandDescriptor(
                    ["o", "open"], summary: "Open the article in your browser ($BROWSER or xdg-open)")
            ]
        }
        if offersNext {
            commands.append(
                CommandDescriptor(["next"], summary: "Open the next unread item in place of this one"))
        }
        commands += [
            CommandDescriptor(["s", "share"], summary: "Print the title and address; copy the address"),
            CommandDescriptor(
                ["save"], summary: "Keep the article in your saved articles (saved lists them)"),
            CommandDescriptor(["unsave"], summary: "Remove the article from your saved articles"),
        ]
        if onBack != nil {
            commands.append(CommandDescriptor(["b", "back"], summary: "Go back to the list"))
        }
        return commands
    }

    public func handle(_ command: Command) -> Bool {
        switch command.verb {
        case "o", "open": open(command.argument)
        case "next":
            guard offersNext else { return false }
            openNextUnread()
        case "s", "share": share()
        case "save": save()
        case "unsave": unsave()
        case "b", "back":
            guard let onBack else { return false }
            onBack()
        default: return false
        }
        return true
    }

    // MARK: Actions

    private var address: String { TextSanitizer.clean(article.url.absoluteString) }

    private static func isWebAddress(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), url.host?.isEmpty == false else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// `o` opens the article; `o N` its link or enclosure N.
    private func open(_ argument: String) {
        guard !argument.isEmpty else { return open(article.url, named: "This article’s address") }
        let references = references
        guard let number = Int(argument), references.indices.contains(number - 1) else {
            let count = references.count
            let message =
                count == 0
                ? "This article has no links: type o to open the article."
                : "There is no link “\(argument)”: choose \(count == 1 ? "1" : "1–\(count)"), or type o for the article."
            return activity.post([StyledLine(message, .warning)])
        }
        let reference = references[number - 1]
        open(reference.url, named: "\(reference.kind) \(number)")
    }

    /// Opens `url` in the browser (http and https only), saying what became of it; `name` says what
    /// the address is in a refusal ("Link 3").
    private func open(_ url: URL, named name: String) {
        guard Self.isWebAddress(url) else {
            let scheme = url.scheme.map { " (\(TextSanitizer.clean($0)):)" } ?? ""
            return activity.post([
                StyledLine("\(name) is not a web address\(scheme), so it was not opened.", .warning)
            ])
        }
        let address = TextSanitizer.clean(url.absoluteString)
        switch actions.openInBrowser(url) {
        case .opened(let browser):
            activity.post([StyledLine("Opened in \(browser).", .muted)])
        case .noBrowser:
            activity.post([
                StyledLine("No browser found: set $BROWSER or install xdg-utils. The address:", .warning),
                StyledLine(address, .link, link: url),
            ])
        case .failed(let reason):
            activity.post([
                StyledLine("The browser did not open it (\(reason)). The address:", .warning),
                StyledLine(address, .link, link: url),
            ])
        }
    }

    /// Finds the feed list's next unread item after this one and hands it to the coordinator.
    private func openNextUnread() {
        guard let scope else { return }
        activity.run("Finding the next unread item") { [weak self, feeds, article] in
            let next = await feeds.nextUnread(after: article, in: scope)
            guard let self, !Task.isCancelled else { return }
            guard let next else {
                return self.activity.post([StyledLine("No unread items left.", .muted)])
            }
            self.onNext?(next)
        }
    }

    private func save() {
        guard !isSaved else {
            return activity.post([
                StyledLine("Already saved. Type saved to list your saved articles.", .muted)
            ])
        }
        activity.run("Saving the article") { [weak self, readingList, article] in
            do throws(ReadingListError) {
                try await readingList.save(article)
            } catch {
                self?.activity.post([StyledLine(error.sentence, .warning)])
                return
            }
            guard let self else { return }
            self.isSaved = true
            self.activity.post([StyledLine("Saved. Type saved to list your saved articles.", .muted)])
            self.activity.setNeedsDisplay()
        }
    }

    private func unsave() {
        guard isSaved else {
            return activity.post([StyledLine("This article is not saved.", .muted)])
        }
        activity.run("Removing the article from saved") { [weak self, readingList, article] in
            do throws(ReadingListError) {
                try await readingList.unsave(article)
            } catch {
                self?.activity.post([StyledLine(error.sentence, .warning)])
                return
            }
            guard let self else { return }
            self.isSaved = false
            self.activity.post([StyledLine("Removed from your saved articles.", .muted)])
            self.activity.setNeedsDisplay()
        }
    }

    private func share() {
        var lines = [
            StyledLine(TextSanitizer.clean(article.title), .strong),
            StyledLine(address, .link, link: article.url),
        ]
        if Self.isWebAddress(article.url), actions.copyToClipboard(article.url.absoluteString) {
            lines.append(
                StyledLine("The address was sent to the clipboard (your terminal must allow OSC 52).", .muted)
            )
        }
        activity.post(lines)
    }
}
