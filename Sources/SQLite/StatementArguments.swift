/// The values bound to a statement's `?` parameters, in order.
public struct StatementArguments: Sendable, ExpressibleByArrayLiteral {
    public var values: [DatabaseValue]

    public init() {
        values = []
    }

    public init(_ values: some Sequence<some DatabaseValueConvertible>) {
        self.values = values.map(\.databaseValue)
    }

    public init(_ values: [(any DatabaseValueConvertible)?]) {
        self.values = values.map { $0?.databaseValue ?? .null }
    }

    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements)
    }

    public var isEmpty: Bool { values.isEmpty }

    public mutating func append(contentsOf other: StatementArguments) {
        values += other.values
    }

    public static func + (lhs: StatementArguments, rhs: StatementArguments) -> StatementArguments {
        var sum = lhs
        sum.append(contentsOf: rhs)
        return sum
    }

    public static func += (lhs: inout StatementArguments, rhs: StatementArguments) {
        lhs.append(contentsOf: rhs)
    }
}

/// `?, ?, ?` for `count` parameters.
public func databaseQuestionMarks(count: Int) -> String {
    Array(repeating: "?", count: count).joined(separator: ", ")
}
