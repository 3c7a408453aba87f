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

/// One article in full, with `o` to open it in a browser and `s` to share it.
@MainActor
public final class ArticleScreen: ArticleModule {
    public let activity = ScreenActivity()
    public let article: Article
    public var onBack: (@MainActor () -> Void)?
    private let environment: ScreenEnvironment
    private let actions: any SystemActions

    public init(article: Article, environment: ScreenEnvironment, actions: any SystemActions) {
        self.article = article
        self.environment = environment
        self.actions = actions
    }

    public var title: String { "Article" }
    public var pane: Pane { .secondary }

    public func render(width: Int, height: Int?) -> [StyledLine] {
        ArticleRenderer.render(article, width: width, context: environment.renderContext)
    }

    public var commands: [CommandDescriptor] {
        [
            CommandDescriptor(
                ["o", "open"], summary: "Open the article in your browser ($BROWSER or xdg-open)"),
            CommandDescriptor(["s", "share"], summary: "Print the title and address; copy the address"),
        ] + (onBack == nil ? [] : [CommandDescriptor(["b", "back"], summary: "Go back to the list")])
    }

    public func handle(_ command: Command) -> Bool {
        switch command.verb {
        case "o", "open": open()
        case "s", "share": share()
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
