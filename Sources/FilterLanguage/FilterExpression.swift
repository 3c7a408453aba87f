/// A filter expression read once, for every place that evaluates it: the store turns it into SQL
/// (``FilterExpression`` conditions on an item's columns, the feed's decided per feed), and
/// ``matches(_:now:)`` evaluates it on an item in memory (the killfile as items arrive, lists that
/// are not the store's).
///
/// `and` and `or` have the same precedence and apply from left to right, as in newsboat (checked
/// against its 2.21): `a or b and c` is `(a or b) and c`. The tree is kept flat: `all` and `any`
/// hold two or more parts, none of their own kind, so a chain of `and`s is one `all`.
public indirect enum FilterExpression: Sendable, Hashable {
    case condition(FilterCondition)
    /// Every part holds (`and`).
    case all([FilterExpression])
    /// At least one part holds (`or`).
    case any([FilterExpression])

    /// `self` and `other`, flattened.
    func and(_ other: FilterExpression) -> FilterExpression {
        if case .all(let parts) = self { return .all(parts + [other]) }
        return .all([self, other])
    }

    /// `self` or `other`, flattened.
    func or(_ other: FilterExpression) -> FilterExpression {
        if case .any(let parts) = self { return .any(parts + [other]) }
        return .any([self, other])
    }

    /// How deeply the tree nests: 1 for a condition.
    public var depth: Int {
        switch self {
        case .condition: 1
        case .all(let parts), .any(let parts): 1 + (parts.map(\.depth).max() ?? 0)
        }
    }

    /// Every condition, in order.
    public var conditions: [FilterCondition] {
        switch self {
        case .condition(let condition): [condition]
        case .all(let parts), .any(let parts): parts.flatMap(\.conditions)
        }
    }

    /// The expression written out with explicit parentheses where the reading needs them; reading
    /// it back gives the same expression.
    public var written: String {
        switch self {
        case .condition(let condition): return condition.written
        case .all(let parts): return Self.join(parts, "and")
        case .any(let parts): return Self.join(parts, "or")
        }
    }

    /// Parts joined by `word`. Read from left to right, the first part never needs parentheses;
    /// the others do when they are groups.
    private static func join(_ parts: [FilterExpression], _ word: String) -> String {
        parts.enumerated().map { index, part in
            if index == 0 { return part.written }
            if case .condition = part { return part.written }
            return "(" + part.written + ")"
        }.joined(separator: " \(word) ")
    }
}
