import Coordinators
import Foundation
import Networking

/// An article as its coordinator sees it.
@MainActor
public protocol ArticleModule: Presentable {
    var article: Article { get }
    /// The user wants to go back.
    var onBack: (@MainActor () -> Void)? { get set }
}

/// One article in full, with `o` to open it in a browser, `s` to share it, and `save` and
/// `unsave` to keep it in the reading list.
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
    /// True when the reader saved the article.
    public private(set) var isSaved = false
    /// The picture, once asked for and answered.
    public private(set) var picture: Thumbnail?
    private let environment: ScreenEnvironment
    private let actions: any SystemActions
    private let readingList: any ReadingList
    private let images: any ArticleImages
    private let paneSize: @MainActor () -> TerminalSize

    /// - Parameters:
    ///   - readingList: Told the article was read; keeps it when saved.
    ///   - images: Draws the article's picture.
    ///   - paneSize: The size of the pane the article is drawn in, which sizes its picture.
    public init(
        article: Article,
        environment: ScreenEnvironment,
        actions: any SystemActions,
        readingList: any ReadingList = NoReadingList(),
        images: any ArticleImages = NoArticleImages(),
        paneSize: @escaping @MainActor () -> TerminalSize = { TerminalSize(columns: 80, rows: 24) }
    ) {
        self.article = article
        self.environment = environment
        self.actions = actions
        self.readingList = readingList
        self.images = images
        self.paneSize = paneSize
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
    public func start() {
        let article = article
        activity.run("Opening the article", holdingDisplay: .atMost(Self.displayGrace)) {
            [weak self, readingList] in
            await readingList.markRead(article)
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
        ArticleRenderer.render(
            article, width: width, context: environment.renderContext, saved: isSaved, picture: picture)
    }

    public var commands: [CommandDescriptor] {
        [
            CommandDescriptor(
                ["o", "open"], summary: "Open the article in your browser ($BROWSER or xdg-open)"),
            CommandDescriptor(["s", "share"], summary: "Print the title and address; copy the address"),
            CommandDescriptor(
                ["save"], summary: "Keep the article in your saved articles (saved lists them)"),
            CommandDescriptor(["unsave"], summary: "Remove the article from your saved articles"),
        ] + (onBack == nil ? [] : [CommandDescriptor(["b", "back"], summary: "Go back to the list")])
    }

    public func handle(_ command: Command) -> Bool {
        switch command.verb {
        case "o", "open": open()
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

    private var isWebAddress: Bool {
        guard let scheme = article.url.scheme?.lowercased(), article.url.host?.isEmpty == false else {
            return false
        }
        return scheme == "http" || scheme == "https"
    }

    private func open() {
        guard isWebAddress else {
            let scheme = article.url.scheme.map { " (\(TextSanitizer.clean($0)):)" } ?? ""
            return activity.post([
                StyledLine(
                    "This article’s address is not a web address\(scheme), so it was not opened.", .warning)
            ])
        }
        switch actions.openInBrowser(article.url) {
        case .opened(let browser):
            activity.post([StyledLine("Opened in \(browser).", .muted)])
        case .noBrowser:
            activity.post([
                StyledLine("No browser found: set $BROWSER or install xdg-utils. The address:", .warning),
                StyledLine(address, .link, link: article.url),
            ])
        case .failed(let reason):
            activity.post([
                StyledLine("The browser did not open it (\(reason)). The address:", .warning),
                StyledLine(address, .link, link: article.url),
            ])
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
        if isWebAddress, actions.copyToClipboard(article.url.absoluteString) {
            lines.append(
                StyledLine("The address was sent to the clipboard (your terminal must allow OSC 52).", .muted)
            )
        }
        activity.post(lines)
    }
}
