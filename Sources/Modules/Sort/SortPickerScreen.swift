import Coordinators
import NewsModels
import TerminalText

/// The sort picker as its coordinator sees it.
@MainActor
public protocol SortPickerModule: Presentable {
    /// The user chose an order, or nil to keep the current one.
    var onChoose: (@MainActor (ArticleSortOrder?) -> Void)? { get set }
}

/// A small modal: the three orders, numbered, the current one marked. It takes a number or an
/// order's name; `b` keeps the current order, and any other command closes it and runs.
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

    /// Takes a number, an order's name (alone or after `sort`; a prefix will do) and `b`. A number
    /// out of range or `sort` alone gets a reminder. Any other command closes the picker, keeping
    /// the order, and is left for the screens below and the app (`/words`, `c science`, `?`…).
    public var declaredCommands: [DeclaredCommand] {
        let orders = ArticleSortOrder.allCases
        return [
            .number(in: 1...orders.count, summary: "Sort by that order") { number in
                if orders.indices.contains(number - 1) {
                    self.onChoose?(orders[number - 1])
                } else {
                    self.remind()
                }
            },
            DeclaredCommand(orders.map(\.keyword), summary: "Sort by that order", handling: chooseNamed),
            DeclaredCommand(["sort"], summary: "", listed: false) { argument in
                if let order = ArticleSortOrder(keyword: argument) {
                    self.onChoose?(order)
                } else {
                    self.remind()
                }
            },
            .back("Keep the current order") { self.onChoose?(nil) },
            .otherwise(chooseNamed),
        ]
    }

    /// An order named alone, by its keyword, NewsAPI's name or a prefix; a number with more after
    /// it gets a reminder; anything else closes the picker and is declined.
    private func chooseNamed(_ command: Command) -> Bool {
        if command.argument.isEmpty, let order = ArticleSortOrder(keyword: command.verb) {
            onChoose?(order)
            return true
        }
        if command.verb.allSatisfy(\.isNumber) {
            remind()
            return true
        }
        onChoose?(nil)
        return false
    }

    private func remind() {
        activity.post([StyledLine("Choose 1–3, or b to keep sorting by \(current.keyword).", .muted)])
    }
}
