import Coordinators
import Networking

/// An article as its coordinator sees it.
@MainActor
public protocol ArticleModule: Presentable {
    var article: Article { get }
    /// The user wants to go back.
    var onBack: (@MainActor () -> Void)? { get set }
}

/// One article in full.
@MainActor
public final class ArticleScreen: ArticleModule {
    public let activity = ScreenActivity()
    public let article: Article
    public var onBack: (@MainActor () -> Void)?
    private let environment: ScreenEnvironment

    public init(article: Article, environment: ScreenEnvironment) {
        self.article = article
        self.environment = environment
    }

    public var title: String { "Article" }
    public var pane: Pane { .secondary }

    public func render(width: Int, height: Int?) -> [StyledLine] {
        ArticleRenderer.render(article, width: width, context: environment.renderContext)
    }

    public var commands: [CommandDescriptor] {
        [CommandDescriptor(["b", "back"], summary: "Go back to the list")]
    }

    public func handle(_ command: Command) -> Bool {
        switch command.verb {
        case "b", "back":
            onBack?()
            return true
        default:
            return false
        }
    }
}
