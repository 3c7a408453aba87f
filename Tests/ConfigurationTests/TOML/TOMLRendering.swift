@testable import Configuration

/// A parsed document in one line, for comparing shapes: `{a: 1, b: {c: "x"}, d: [1.5, true]}`.
/// Strings as Swift writes them, floats as Swift prints them (always with `.` or `e`, or inf and
/// nan), dates as `kind(text)`.
func render(_ value: TOMLValue) -> String {
    switch value {
    case .string(let string): String(reflecting: string)
    case .integer(let integer): String(integer)
    case .float(let float): String(float)
    case .boolean(let boolean): String(boolean)
    case .dateTime(let date): "\(date.kind)(\(date.text))"
    case .array(let elements): "[" + elements.map(render).joined(separator: ", ") + "]"
    case .table(let table): render(table)
    }
}

func render(_ table: TOMLTable) -> String {
    "{"
        + table.entries.map { "\(TOMLSyntaxError.keyName([$0.key])): \(render($0.value))" }.joined(
            separator: ", ")
        + "}"
}

/// The document's rendering, or its error as `line N: reason`.
func parsed(_ text: String) -> String {
    switch TOMLParser.parse(text) {
    case .success(let table): render(table)
    case .failure(let error): "line \(error.line): \(error.reason)"
    }
}

/// The error a document gives; nil when it parses.
func syntaxError(_ text: String) -> TOMLSyntaxError? {
    if case .failure(let error) = TOMLParser.parse(text) { error } else { nil }
}
