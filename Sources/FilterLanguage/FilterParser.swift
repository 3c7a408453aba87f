import NewsModels

/// Reads newsboat's filter language (see ``FilterExpression``):
///
/// ```
/// expression = operand { ("and" | "or") operand }     left to right, one precedence
/// operand    = "(" expression ")" | attribute operator value
/// value      = "quoted text" | number | number:number
/// ```
///
/// Every failure is one ``FilterSyntaxError`` naming the column: an attribute that does not exist
/// (with the closest one), an operator or value missing, a value not in quotes, a regular
/// expression that does not compile, parentheses left open or closed too often. Bounds keep what
/// is built from the text small: parentheses nest at most ``maximumNesting`` deep, the tree at
/// most ``maximumDepth``, an expression holds at most ``maximumConditions`` conditions and
/// ``maximumBytes`` bytes, so a text of 10,000 `(` is a sentence, never a deep recursion.
public struct FilterParser {
    public static let maximumNesting = 32
    public static let maximumDepth = 64
    public static let maximumConditions = 1_000
    public static let maximumBytes = 64 << 10

    private var lexer: FilterLexer
    private var lookahead: FilterToken?
    private var conditionCount = 0
    /// The last token read, and the one before it, for sentences about what is missing.
    private var last: FilterToken?
    private var previous: FilterToken?

    private init(_ text: String) {
        lexer = FilterLexer(text)
    }

    /// The expression `text` holds.
    public static func parse(_ text: String) throws(FilterSyntaxError) -> FilterExpression {
        guard text.utf8.count <= maximumBytes else {
            throw FilterSyntaxError(
                column: 1, problem: "the expression is longer than \(maximumBytes >> 10) KiB")
        }
        var parser = FilterParser(text)
        if parser.peek().kind == .end {
            throw FilterSyntaxError(
                column: 1, problem: "there is no condition: write one such as title =~ \"linux\"")
        }
        let (expression, _) = try parser.expression(nesting: 0)
        let rest = parser.take()
        guard rest.kind == .end else {
            throw FilterSyntaxError(column: rest.column, problem: "there is a ) with no ( before it")
        }
        return expression
    }

    // MARK: Grammar

    private mutating func expression(nesting: Int) throws(FilterSyntaxError) -> (FilterExpression, depth: Int)
    {
        var (result, depth) = try operand(nesting: nesting)
        while true {
            let token = peek()
            switch token.kind {
            case .end, .close:
                return (result, depth)
            case .word(let word) where ["and", "or"].contains(word.lowercased()):
                _ = take()
                let (next, nextDepth) = try operand(nesting: nesting)
                let isAnd = word.lowercased() == "and"
                switch (result, isAnd) {
                case (.all, true), (.any, false): depth = max(depth, nextDepth + 1)
                default: depth = max(depth, nextDepth) + 1
                }
                guard depth <= Self.maximumDepth else {
                    throw FilterSyntaxError(
                        column: token.column,
                        problem: "the expression nests more than \(Self.maximumDepth) levels deep")
                }
                result = isAnd ? result.and(next) : result.or(next)
            default:
                throw FilterSyntaxError(
                    column: token.column,
                    problem: "and or or should join two conditions, but \(Self.describe(token)) follows one")
            }
        }
    }

    private mutating func operand(nesting: Int) throws(FilterSyntaxError) -> (FilterExpression, depth: Int) {
        let token = take()
        switch token.kind {
        case .open:
            guard nesting < Self.maximumNesting else {
                throw FilterSyntaxError(
                    column: token.column,
                    problem: "parentheses nest more than \(Self.maximumNesting) deep")
            }
            let inner = try expression(nesting: nesting + 1)
            let close = take()
            guard close.kind == .close else {
                throw FilterSyntaxError(column: token.column, problem: "this ( is never closed")
            }
            return inner
        case .word(let name):
            return (.condition(try condition(named: name, at: token)), 1)
        case .end:
            throw FilterSyntaxError(
                column: token.column, problem: "a condition should follow \(afterPrevious)")
        case .close:
            throw FilterSyntaxError(
                column: token.column, problem: "a condition should come before this ) (found none)")
        default:
            throw FilterSyntaxError(
                column: token.column,
                problem:
                    "a condition should start with an attribute such as title, not \(Self.describe(token))")
        }
    }

    private mutating func condition(named name: String, at start: FilterToken) throws(FilterSyntaxError)
        -> FilterCondition
    {
        if ["and", "or"].contains(name.lowercased()) {
            throw FilterSyntaxError(column: start.column, problem: "a condition should come before \(name)")
        }
        guard let attribute = FilterAttribute.named(name) else {
            if let reason = FilterAttribute.unavailable[name.lowercased()] {
                throw FilterSyntaxError(
                    column: start.column,
                    problem: "\(name) is a newsboat attribute NewsApp cannot offer: \(reason)")
            }
            var problem = "“\(Self.shortened(name))” is not an attribute"
            if let close = Self.closest(to: name.lowercased()) { problem += " (did you mean \(close)?)" }
            throw FilterSyntaxError(column: start.column, problem: problem)
        }
        let opToken = take()
        let op: FilterOperator
        switch opToken.kind {
        case .op(let found): op = found
        case .word(let word) where word.lowercased() == "between": op = .between
        default:
            throw FilterSyntaxError(
                column: opToken.column,
                problem:
                    "an operator (\(FilterOperator.listed)) should follow \(name), not \(Self.describe(opToken))"
            )
        }
        let valueToken = take()
        let value: FilterValue
        switch valueToken.kind {
        case .text(let text): value = FilterValue(text: text, kind: .text)
        case .number(let text): value = FilterValue(text: text, kind: .number)
        case .range(let text, let low, let high): value = FilterValue(text: text, kind: .range(low, high))
        case .word(let word):
            throw FilterSyntaxError(
                column: valueToken.column, problem: "text must be in double quotes: \"\(word)\"")
        case .unclosedText:
            throw FilterSyntaxError(column: valueToken.column, problem: "this \" is never closed")
        default:
            throw FilterSyntaxError(
                column: valueToken.column,
                problem: "a value should follow \(op.rawValue): \"text\", a number or a range such as 1:10, "
                    + "not \(Self.describe(valueToken))")
        }
        // SQLite reads a bound text up to its first NUL, which the comparison in memory does not,
        // so `title = "\0…"` would choose the items of an empty title in the store only: such a
        // text is refused as a regular expression holding one is.
        if value.text.unicodeScalars.contains("\u{0}") {
            throw FilterSyntaxError(column: valueToken.column, problem: "text cannot hold a NUL character")
        }
        if op == .between && !value.isRange {
            throw FilterSyntaxError(
                column: valueToken.column, problem: "between needs a range such as 1:10, not \(value.written)"
            )
        }
        conditionCount += 1
        guard conditionCount <= Self.maximumConditions else {
            throw FilterSyntaxError(
                column: start.column,
                problem: "the expression holds more than \(Self.maximumConditions) conditions")
        }
        do {
            return try FilterCondition(attribute: attribute, op: op, value: value)
        } catch {
            throw FilterSyntaxError(
                column: valueToken.column,
                problem:
                    "\(Self.shortened(value.written)) is not a usable regular expression: \(error.reason)")
        }
    }

    // MARK: Tokens

    private mutating func peek() -> FilterToken {
        if let lookahead { return lookahead }
        let token = lexer.next()
        lookahead = token
        return token
    }

    private mutating func take() -> FilterToken {
        let token = peek()
        lookahead = nil
        previous = last
        last = token
        return token
    }

    private var afterPrevious: String {
        guard let previous, previous.kind != .end else { return "the start" }
        return Self.describe(previous)
    }

    private static func describe(_ token: FilterToken) -> String {
        switch token.kind {
        case .word(let word): return shortened(word)
        case .op(let op): return op.rawValue
        case .text(let text): return shortened(FilterValue(text: text, kind: .text).written)
        case .number(let text), .range(let text, _, _): return text
        case .open: return "("
        case .close: return ")"
        case .stray(let character): return "“\(shortened(String(character)))”"
        case .unclosedText: return "a \" that is never closed"
        case .end: return "the end"
        }
    }

    /// `text` as a sentence quotes it: one line, at most 40 characters (``QuotedText``).
    private static func shortened(_ text: String) -> String {
        QuotedText.oneLine(text)
    }

    /// The attribute name closest to `name`, within two edits.
    private static func closest(to name: String) -> String? {
        let names = FilterAttribute.allCases.map(\.name) + FilterAttribute.aliases.keys.sorted()
        let scored = names.map { ($0, distance(Array(name), Array($0))) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard a.count < 64, b.count < 64 else { return Int.max }
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
