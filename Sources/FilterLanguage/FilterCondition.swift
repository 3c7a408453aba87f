/// One comparison of a filter expression: `title =~ "linux"`.
public struct FilterCondition: Sendable, Hashable {
    public var attribute: FilterAttribute
    public var op: FilterOperator
    public var value: FilterValue
    /// The compiled regular expression of `=~` and `!~`.
    public let pattern: FilterPattern?

    public init(attribute: FilterAttribute, op: FilterOperator, value: FilterValue) throws(FilterPattern
        .Problem)
    {
        self.attribute = attribute
        self.op = op
        self.value = value
        pattern = op == .matches || op == .doesNotMatch ? try FilterPattern(value.text) : nil
    }

    public static func == (lhs: FilterCondition, rhs: FilterCondition) -> Bool {
        lhs.attribute == rhs.attribute && lhs.op == rhs.op && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(attribute)
        hasher.combine(op)
        hasher.combine(value)
    }

    /// The condition as it is written in an expression: `title =~ "linux"`.
    public var written: String {
        "\(attribute.name) \(op.rawValue) \(value.written)"
    }
}
