import Coordinators
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
/// feed list, `next` finds the list's next unread item. Reader mode (`full`, and `full_text` as
/// the article opens) shows the whole text of the article's page in place of a cut-off one, and
/// `pager` shows the article in the user's pager.
///
/// ``start()`` marks the article read, looks up whether it is saved, asks for its picture and for
/// the text reader mode kept or, when the article's own text is cut off, fetches its page; that
/// work runs through ``activity``, so leaving the screen cancels it.
@MainActor
public final class ArticleScreen: ArticleModule {
    /// The most rows a picture takes.
    public nonisolated static let maximumPictureRows = 12

    public let activity = ScreenActivity()
    public let article: Article
    public var onBack: (@MainActor () -> Void)?
    public var onNext: (@MainActor (Article) -> Void)?
    /// True when the reader saved the article.
    public internal(set) var isSaved = false
    /// Whether the item is marked read: opening it did, `mark unread` and `toggle read` change it.
    var isRead = true
    /// The picture, once asked for and answered.
    public private(set) var picture: Thumbnail?
    /// The whole text of the article's page, once read (kept from before, or fetched) and shown.
    public internal(set) var readerText: ReaderText?
    /// Why the page could not be shown, once that is known; nil after it was.
    public internal(set) var readerFailure: String?
    /// True while the page is being fetched.
    var isFetchingPage = false
    /// The picture asked for, so that the page's lead picture is not asked for twice.
    var pictureURL: URL?
    let reader: any ArticleReader
    let fullText: FullTextMode
    let unreadablePages: UnreadablePages
    let environment: ScreenEnvironment
    let actions: any SystemActions
    let readingList: any ReadingList
    private let images: any ArticleImages
    private let paneSize: @MainActor () -> TerminalSize
    let feeds: any FeedLibrary
    let scope: FeedScope?
    let downloads: any Downloads
    let downloadTrigger: DownloadTrigger

    /// - Parameters:
    ///   - readingList: Told the article was read; keeps it when saved.
    ///   - images: Draws the article's picture.
    ///   - paneSize: The size of the pane the article is drawn in, which sizes its picture.
    ///   - feeds: Finds the next unread item for `next`.
    ///   - scope: The feed list the item was opened from, where `next` looks; nil for none.
    ///   - reader: Reads the article's page (`full`), and keeps its text.
    ///   - fullText: When the page is fetched as the article opens.
    ///   - unreadablePages: The pages that failed lately, not fetched again as the article opens.
    ///   - grace: How long work holds the display (tests that need the hold to last wait longer).
    public init(
        article: Article,
        environment: ScreenEnvironment,
        actions: any SystemActions,
        readingList: any ReadingList = NoReadingList(),
        images: any ArticleImages = NoArticleImages(),
        paneSize: @escaping @MainActor () -> TerminalSize = { TerminalSize(columns: 80, rows: 24) },
        feeds: any FeedLibrary = NoFeedLibrary(),
        scope: FeedScope? = nil,
        reader: any ArticleReader = NoArticleReader(),
        fullText: FullTextMode = .off,
        unreadablePages: UnreadablePages = UnreadablePages(),
        downloads: any Downloads = NoDownloads(),
        downloadTrigger: DownloadTrigger = DownloadTrigger(),
        grace: Duration = ArticleScreen.displayGrace
    ) {
        self.downloads = downloads
        self.downloadTrigger = downloadTrigger
        self.article = article
        self.environment = environment
        self.actions = actions
        self.readingList = readingList
        self.images = images
        self.paneSize = paneSize
        self.feeds = feeds
        self.scope = scope
        self.reader = reader
        self.fullText = fullText
        self.unreadablePages = unreadablePages
        self.grace = grace
    }

    public var title: String { "Article" }
    public var pane: Pane { .secondary }

    /// The picture's size for a pane: at most its width, about a third of its height, and at most
    /// ``maximumPictureRows`` rows.
    public static func pictureSize(for pane: TerminalSize) -> (columns: Int, rows: Int) {
        (max(1, pane.columns), min(maximumPictureRows, max(3, pane.rows / 3)))
    }

    /// How long the article waits for its saved mark, its picture and its page's text before it is
    /// drawn without them: long enough for a picture from the cache, short enough not to be a
    /// wait. One that arrives later draws the article again.
    public static let displayGrace: Duration = .milliseconds(250)
    /// ``displayGrace``, unless a test waits longer.
    let grace: Duration

    /// Marks the article read, finds out whether it is saved, asks for its picture, and reads its
    /// page as ``startReading()`` says.
    ///
    /// The read mark is written in a task of its own: leaving the screen (`b`, `next`) cancels the
    /// screen's work, and the store drops a write whose task is cancelled before it runs.
    public func start() {
        let article = article
        let marking = Task { [readingList] in await readingList.markRead(article) }
        activity.run("Opening the article", holdingDisplay: .atMost(grace)) {
            [weak self, readingList] in
            await marking.value
            let saved = await readingList.isSaved(article)
            guard let self, !Task.isCancelled, saved != self.isSaved else { return }
            self.isSaved = saved
            self.activity.setNeedsDisplay()
        }
        startReading()
        if let imageURL = article.imageURL { loadPicture(imageURL) }
    }

    /// Asks for the picture at `url`, drawn to fit the pane.
    func loadPicture(_ url: URL) {
        pictureURL = url
        let size = Self.pictureSize(for: paneSize())
        activity.run("Loading the picture", holdingDisplay: .atMost(grace)) {
            [weak self, images] in
            let thumbnail = await images.thumbnail(for: url, columns: size.columns, rows: size.rows)
            guard let self, !Task.isCancelled, thumbnail != .disabled else { return }
            self.picture = thumbnail
            self.activity.setNeedsDisplay()
        }
    }

    public func render(width: Int, height: Int?) -> [StyledLine] {
        let context = environment.renderContext
        let shown = shownArticle
        guard article.feedItem != nil else {
            return ArticleRenderer.render(
                shown, width: width, context: context, saved: isSaved, picture: picture,
                reader: ArticleRenderer.ReaderState(
                    wholeText: readerText != nil, failure: readerFailure, offersFull: offersFull))
        }
        return FeedArticleRenderer.render(
            shown, width: width, context: context, saved: isSaved, picture: picture, offersNext: offersNext,
            reader: ArticleRenderer.ReaderState(
                wholeText: readerText != nil, failure: readerFailure, offersFull: offersFull))
    }

    /// The links and enclosures `o N` opens, in their numbering: the page's links in place of the
    /// article's own once its whole text is shown.
    var references: [(kind: String, url: URL)] {
        let shown = shownArticle
        return shown.links.map { ("Link", $0) } + shown.enclosures.map { ("Enclosure", $0.url) }
    }

    var offersNext: Bool { scope != nil && onNext != nil }

    public var declaredCommands: [DeclaredCommand] {
        var commands: [DeclaredCommand]
        let count = references.count
        if count > 0 {
            commands = [
                DeclaredCommand(
                    ["o", "open"], argument: "[N]",
                    summary:
                        "Open the article in your browser ($BROWSER or xdg-open); o N, its link or enclosure N",
                    argumentCompletions: (1...count).map(String.init)
                ) { self.open($0) }
            ]
        } else {
            commands = [
                DeclaredCommand(
                    ["o", "open"], summary: "Open the article in your browser ($BROWSER or xdg-open)"
                ) {
                    (argument: String) in self.open(argument)
                }
            ]
        }
        if offersNext {
            commands.append(
                DeclaredCommand(["next"], summary: "Open the next unread item in place of this one") {
                    self.openNextUnread()
                })
        }
        if article.feedItem != nil {
            commands += [
                DeclaredCommand(["mark unread", "mark-unread"], summary: "Mark this item unread") {
                    self.setRead(false)
                },
                DeclaredCommand(
                    ["toggle read", "toggle-read"], summary: "Mark this item unread, or read again"
                ) {
                    self.setRead(!self.isRead)
                },
            ]
        }
        commands += readerCommands
        // Without enclosures, download and play are not offered but still say why they cannot.
        let enclosures = shownArticle.enclosures.count
        let first = shownArticle.links.count + 1
        let numbers = (first..<(first + enclosures)).map(String.init)
        commands += [
            DeclaredCommand(
                ["download"], argument: "[N]",
                summary: "Download enclosure N (the first alone) in the background",
                argumentCompletions: numbers, listed: enclosures > 0
            ) { self.download($0) },
            DeclaredCommand(
                ["play"], argument: "[N]", summary: "Play downloaded enclosure N with your player",
                argumentCompletions: numbers, listed: enclosures > 0
            ) { self.play($0) },
        ]
        commands += [
            DeclaredCommand(["s", "share"], summary: "Print the title and address; copy the address") {
                self.share()
            },
            DeclaredCommand(["save"], summary: "Keep the article in your saved articles (saved lists them)") {
                self.save()
            },
            DeclaredCommand(["unsave"], summary: "Remove the article from your saved articles") {
                self.unsave()
            },
        ]
        if let onBack { commands.append(.back("Go back to the list", perform: onBack)) }
        return commands
    }
}
