/// Reads a TOML 1.0 document into a ``TOMLTable``, or gives its first syntax error.
///
/// Recursive descent over ``TOMLScanner``: statements (`key = value`, `[table]`,
/// `[[array of tables]]`), keys, and values, with ``TOMLBareValue`` for words such as numbers and
/// dates and ``TOMLDocumentBuilder`` for where each key and table may go. Each byte is looked at
/// a bounded number of times, and the parser recurses only into arrays and inline tables, at
/// most ``TOMLDocumentBuilder/maximumDepth`` deep. It never traps on any input.
public struct TOMLParser {
    private var scanner: TOMLScanner
    private var builder = TOMLDocumentBuilder()
    /// The key of the `key = value` being read, once read, for the error's place.
    private var statementKey: [String]?

    private init(_ text: String) {
        scanner = TOMLScanner(text)
    }

    public static func parse(_ text: String) -> Result<TOMLTable, TOMLSyntaxError> {
        var parser = TOMLParser(text)
        do {
            try parser.document()
        } catch {
            return .failure(error)
        }
        return .success(parser.builder.root.table())
    }

    private mutating func document() throws(TOMLSyntaxError) {
        while true {
            try scanner.skipBlank()
            guard let byte = scanner.current else { return }
            statementKey = nil
            let start = scanner.offset
            do {
                if byte == .openBracket {
                    try header()
                    try scanner.expectLineEnd(after: "a table header")
                } else {
                    try keyValue()
                    try scanner.expectLineEnd(after: "a value")
                }
            } catch {
                var error = error
                if error.key == nil, let statementKey { error.key = TOMLSyntaxError.keyName(statementKey) }
                // The table rules judge a whole statement: its error points at where it starts.
                if error.column == nil, error.line == scanner.line {
                    error.column = scanner.column(at: start)
                }
                throw error
            }
        }
    }

    // MARK: Statements

    /// `[a.b]` or `[[a.b]]`.
    private mutating func header() throws(TOMLSyntaxError) {
        let line = scanner.line
        scanner.advance()
        let isArray = scanner.current == .openBracket
        if isArray { scanner.advance() }
        scanner.skipSpaces()
        guard let first = scanner.current, Self.startsKey(first) else {
            throw scanner.error("a table header must name a table, as in [name]")
        }
        let path = try key()
        for _ in 0..<(isArray ? 2 : 1) {
            guard scanner.current == .closeBracket else {
                let end = isArray ? "]]" : "]"
                throw scanner.error("a table header must end with \(end), not \(scanner.describeCurrent())")
            }
            scanner.advance()
        }
        if isArray {
            try builder.openArrayOfTables(path, line: line)
        } else {
            try builder.openTable(path, line: line)
        }
    }

    /// `key = value`.
    private mutating func keyValue() throws(TOMLSyntaxError) {
        guard let first = scanner.current, Self.startsKey(first) else {
            throw scanner.error("expected a key, as in name = value, not \(scanner.describeCurrent())")
        }
        let line = scanner.line
        let path = try key()
        statementKey = path
        try expectEquals()
        let value = try value(depth: builder.current.depth + path.count)
        try builder.insert(path, value, line: line)
    }

    /// A key, dotted or not, and the spaces after it.
    private mutating func key() throws(TOMLSyntaxError) -> [String] {
        var path: [String] = []
        while true {
            switch scanner.current {
            case .quote?, .apostrophe?:
                path.append(try scanner.readString(multiLine: false))
            case let byte? where TOMLScanner.isBareKeyByte(byte):
                path.append(scanner.readBareKey())
            default:
                throw scanner.error(
                    "a dot in a key must be followed by a key, not \(scanner.describeCurrent())")
            }
            scanner.skipSpaces()
            guard scanner.current == .dot else { return path }
            scanner.advance()
            scanner.skipSpaces()
        }
    }

    private mutating func expectEquals() throws(TOMLSyntaxError) {
        guard scanner.current == .equals else {
            let hint =
                scanner.current.map { $0 >= 0x80 } == true
                ? " (a key with characters other than letters, digits, _ and - goes in quotes)" : ""
            throw scanner.error("a key must be followed by =, not \(scanner.describeCurrent())\(hint)")
        }
        scanner.advance()
        scanner.skipSpaces()
    }

    // MARK: Values

    /// The value here, `depth` tables and arrays deep.
    private mutating func value(depth: Int) throws(TOMLSyntaxError) -> TOMLValue {
        guard depth <= TOMLDocumentBuilder.maximumDepth else {
            throw scanner.error(TOMLDocumentBuilder.tooDeep)
        }
        switch scanner.current {
        case .quote?, .apostrophe?:
            return .string(try scanner.readString(multiLine: true))
        case .openBracket?:
            return try array(depth: depth)
        case .openBrace?:
            return try inlineTable(depth: depth)
        default:
            let (line, start) = (scanner.line, scanner.offset)
            let word = scanner.readBareValue()
            guard !word.isEmpty else {
                throw scanner.error(
                    "expected a value (a string, number, boolean, date, array or inline table), not "
                        + scanner.describeCurrent())
            }
            do {
                return try TOMLBareValue.value(word, line: line)
            } catch {
                // A word that is not a value is pointed at where it starts.
                var error = error
                error.column = scanner.column(at: start)
                throw error
            }
        }
    }

    /// `[ value, value, ]`, over as many lines as it likes, with comments.
    private mutating func array(depth: Int) throws(TOMLSyntaxError) -> TOMLValue {
        let start = scanner.line
        scanner.advance()
        var elements: [TOMLValue] = []
        while true {
            try scanner.skipBlank()
            switch scanner.current {
            case .closeBracket?:
                scanner.advance()
                return .array(elements)
            case .comma?:
                throw scanner.error("expected a value before the comma")
            default:
                try arrayEnd(start)
            }
            elements.append(try value(depth: depth + 1))
            try scanner.skipBlank()
            switch scanner.current {
            case .comma?:
                scanner.advance()
            case .closeBracket?:
                scanner.advance()
                return .array(elements)
            default:
                try arrayEnd(start)
                throw scanner.error(
                    "an array's values are separated by commas, not \(scanner.describeCurrent())")
            }
        }
    }

    /// Refuses what cannot come next in an array: its end is a `]`, never a `}` nor the file's end.
    private func arrayEnd(_ start: Int) throws(TOMLSyntaxError) {
        switch scanner.current {
        case .closeBrace?: throw scanner.error("an array must end with ], not }")
        case nil: throw TOMLSyntaxError(line: start, "an array must end with ]")
        default: break
        }
    }

    /// `{ key = value, key = value }`, on one line as TOML 1.0 requires (values in it may span
    /// lines).
    private mutating func inlineTable(depth: Int) throws(TOMLSyntaxError) -> TOMLValue {
        let start = scanner.line
        scanner.advance()
        let section = builder.newSection()
        let table = TOMLTableNode(origin: .dotted(section: section), depth: depth)
        scanner.skipSpaces()
        if scanner.current == .closeBrace {
            scanner.advance()
            return .table(table.table())
        }
        while true {
            scanner.skipSpaces()
            guard let first = scanner.current, Self.startsKey(first) else {
                throw inlineTableError(start, expecting: "a key")
            }
            let line = scanner.line
            let path = try key()
            try expectEquals()
            let value = try value(depth: depth + path.count)
            try builder.insert(path, value, line: line, into: (table, section))
            scanner.skipSpaces()
            switch scanner.current {
            case .comma?:
                scanner.advance()
            case .closeBrace?:
                scanner.advance()
                return .table(table.table())
            default:
                throw inlineTableError(start, expecting: "a comma or }")
            }
        }
    }

    private func inlineTableError(_ start: Int, expecting what: String) -> TOMLSyntaxError {
        switch scanner.current {
        case nil: TOMLSyntaxError(line: start, "an inline table must end with }")
        case .lineFeed?, .carriageReturn?:
            scanner.error("an inline table must be on one line (use a [table] for more)")
        case .hash?: scanner.error("an inline table may not hold a comment")
        case .closeBrace?: scanner.error("an inline table may not end with a comma")
        default: scanner.error("expected \(what) in the inline table, not \(scanner.describeCurrent())")
        }
    }

    private static func startsKey(_ byte: UInt8) -> Bool {
        TOMLScanner.isBareKeyByte(byte) || byte == .quote || byte == .apostrophe
    }
}
