import Coordinators
import Networking

/// The sort picker as its coordinator sees it.
@MainActor
public protocol SortPickerModule: Presentable {
    /// The user chose an order, or nil to keep the current one.
    var onChoose: (@MainActor (ArticleSortOrder?) -> Void)? { get set }
}

/// A small modal: the three orders, numbered, the current one marked. It takes a number or an
/// order's name; `b` keeps the current order.
@MainActor
public final class SortPickerScreen: SortPickerModule {
    public let activity = ScreenActivity()
    public var onChoose: (@MainActor (ArticleSortOrder?) -> Void)?
    public let current: ArticleSortOrder
    private let words: String

    public init(words: String, current: ArticleSortOrder) {
        self.words = words
        self.current = current
    }

    public var title: String { "Sort" }

    private static let explanations: [ArticleSortOrder: String] = [
        .relevancy: "closest match first",
        .popularity: "most read outlets first",
        .publishedAt: "most recently published first",
    ]

    public func render(width: Int, height: Int?) -> [StyledLine] {
        var lines = StyledLine([Span("Sort results for ", .heading), Span("“\(words)”", .strong)]).wrapped(
            toWidth: width)
        lines.append(.blank)
        for (index, order) in ArticleSortOrder.allCases.enumerated() {
            var line = StyledLine([
                Span("  \(index + 1)  ", .accent), Span(order.keyword, .strong),
                Span(" · " + (Self.explanations[order] ?? ""), .muted),
            ])
            if order == current { line.append(" (current)", .notice) }
            lines.append(line.truncated(toWidth: width))
        }
        lines.append(.blank)
        lines.append(Block.hints([("1–3", "choose"), ("b", "keep the current order")], width: width))
        return lines
    }

    public var commands: [CommandDescriptor] {
        [
            .number(in: 1...ArticleSortOrder.allCases.count, summary: "Sort by that order"),
            CommandDescriptor(
                ["relevancy", "popularity", "newest"], summary: "Sort by that order"),
            CommandDescriptor(["b", "back"], summary: "Keep the current order"),
        ]
    }

    public func handle(_ command: Command) -> Bool {
        let orders = ArticleSortOrder.allCases
        if let number = command.number, orders.indices.contains(number - 1) {
            onChoose?(orders[number - 1])
        } else if command.argument.isEmpty, let order = ArticleSortOrder(keyword: command.verb) {
            onChoose?(order)
        } else if command.verb == "b" || command.verb == "back" {
            onChoose?(nil)
        } else {
            activity.post([StyledLine("Choose 1–3, or b to keep sorting by \(current.keyword).", .muted)])
        }
        return true
    }
}
