/// A value in a TOML 1.0 document, as ``TOMLParser`` reads it.
///
/// Dates and times are kept as written (the config file only needs to know that one is there);
/// integers are 64-bit, as TOML requires.
public enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case dateTime(TOMLDateTime)
    case array([TOMLValue])
    /// An inline table, a `[table]`, or an element of an `[[array of tables]]`.
    case table(TOMLTable)

    /// The kind with its article, for sentences: `a string`, `an inline table`.
    public var kindName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .boolean: "a boolean"
        case .dateTime: "a date"
        case .array: "an array"
        case .table: "a table"
        }
    }
}

/// An offset or local date-time, a local date or a local time, validated and kept as written.
public struct TOMLDateTime: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `1979-05-27T07:32:00Z`, `1979-05-27 00:32:00-07:00`.
        case offsetDateTime
        /// `1979-05-27T07:32:00`.
        case localDateTime
        /// `1979-05-27`.
        case localDate
        /// `07:32:00.999`.
        case localTime
    }

    public var kind: Kind
    /// The value as written in the document.
    public var text: String
}

extension TOMLValue {
    /// The text of a string; nil for other kinds.
    public var string: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// An integer that fits in `Int`; nil for other kinds.
    public var int: Int? {
        if case .integer(let integer) = self { Int(exactly: integer) } else { nil }
    }
}
