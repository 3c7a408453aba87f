/// Puts a document's tables and keys in place, refusing what TOML 1.0 forbids: a key or a table
/// defined twice, a value or an inline table added to, a table extended by dotted keys away
/// from where it was defined, an array of tables named like a table, nesting past
/// ``maximumDepth``.
struct TOMLDocumentBuilder {
    /// The deepest tables and arrays may nest. The parser recurses once per level, so this keeps
    /// its stack small on any thread; no config file comes near it.
    static let maximumDepth = 64

    let root = TOMLTableNode(origin: .header, depth: 0)
    /// The table `key = value` lines go into: the root, then the last header's.
    private(set) var current: TOMLTableNode
    /// The number of the current section (what follows a header); inline tables take numbers too.
    private(set) var section = 0
    private var sections = 0

    init() {
        current = root
    }

    /// A number for an inline table's dotted keys, used by no section.
    mutating func newSection() -> Int {
        sections += 1
        return sections
    }

    // MARK: Headers

    /// `[a.b]`: defines the table, which may exist only as named by other headers.
    mutating func openTable(_ path: [String], line: Int) throws(TOMLSyntaxError) {
        let statement = Statement(path: path, line: line, brackets: 1)
        let parent = try parentTable(of: statement)
        let key = path[path.count - 1]
        let table: TOMLTableNode
        if let entry = parent.entry(key) {
            guard case .table(let node) = entry.slot, node.origin == .implicit else {
                throw statement.error(Self.taken(entry, byArray: false))
            }
            table = node
            table.origin = .header
        } else {
            table = try child(of: parent, .header, for: statement)
            parent.add(key, .table(table), line: line)
        }
        startSection(table)
    }

    /// `[[a.b]]`: a new element at the end of the array of tables.
    mutating func openArrayOfTables(_ path: [String], line: Int) throws(TOMLSyntaxError) {
        let statement = Statement(path: path, line: line, brackets: 2)
        let parent = try parentTable(of: statement)
        let key = path[path.count - 1]
        let element = try child(of: parent, .header, for: statement)
        if let entry = parent.entry(key) {
            guard case .arrayOfTables(let list) = entry.slot else {
                throw statement.error(Self.taken(entry, byArray: true))
            }
            list.append(element)
        } else {
            let list = TOMLTableList()
            list.append(element)
            parent.add(key, .arrayOfTables(list), line: line)
        }
        startSection(element)
    }

    /// The table a header's last key goes into: tables on the way are made when missing, and an
    /// array of tables stands for its last element.
    private func parentTable(of statement: Statement) throws(TOMLSyntaxError) -> TOMLTableNode {
        var table = root
        for (position, key) in statement.path.dropLast().enumerated() {
            guard let entry = table.entry(key) else {
                let node = try child(of: table, .implicit, for: statement)
                table.add(key, .table(node), line: statement.line)
                table = node
                continue
            }
            switch entry.slot {
            case .table(let node):
                table = node
            case .arrayOfTables(let list):
                guard let last = list.elements.last else {
                    preconditionFailure("an array of tables is never empty")
                }
                table = last
            case .value(let value):
                let prefix = TOMLSyntaxError.keyName(statement.path[...position])
                throw statement.error(
                    "\(prefix) is already \(Self.kindName(value)) (line \(entry.line)), not a table")
            }
        }
        return table
    }

    private mutating func startSection(_ table: TOMLTableNode) {
        current = table
        sections += 1
        section = sections
    }

    // MARK: Keys

    /// `a.b.c = value`, in the current section's table or in `inline`, an inline table being read
    /// whose dotted keys are numbered `inlineSection`.
    mutating func insert(
        _ path: [String], _ value: TOMLValue, line: Int,
        into inline: (table: TOMLTableNode, section: Int)? = nil
    ) throws(TOMLSyntaxError) {
        let statement = Statement(path: path, line: line, brackets: 0)
        var table = inline?.table ?? current
        let section = inline?.section ?? self.section
        for (position, key) in path.dropLast().enumerated() {
            guard let entry = table.entry(key) else {
                let node = try child(of: table, .dotted(section: section), for: statement)
                table.add(key, .table(node), line: line)
                table = node
                continue
            }
            let prefix = { TOMLSyntaxError.keyName(path[...position]) }
            guard case .table(let node) = entry.slot else {
                throw statement.error(Self.notATable(prefix(), entry))
            }
            switch node.origin {
            case .implicit: node.origin = .dotted(section: section)
            case .dotted(let other) where other == section: break
            case .header, .dotted:
                throw statement.error(
                    "the table \(prefix()) is defined on line \(entry.line), and only there can keys be added to it"
                )
            }
            table = node
        }
        let key = path[path.count - 1]
        if let entry = table.entry(key) {
            throw statement.error("this key is already defined (line \(entry.line))")
        }
        table.add(key, .value(value), line: line)
    }

    // MARK: Helpers

    /// A header or a dotted key being put in place; named in an error only when one is thrown.
    private struct Statement {
        var path: [String]
        var line: Int
        /// 1 for `[table]`, 2 for `[[array of tables]]`, 0 for a key.
        var brackets: Int

        func error(_ reason: String) -> TOMLSyntaxError {
            let name = TOMLSyntaxError.keyName(path)
            let open = String(repeating: "[", count: brackets)
            let close = String(repeating: "]", count: brackets)
            return TOMLSyntaxError(line: line, key: open + name + close, reason)
        }
    }

    private func child(
        of parent: TOMLTableNode, _ origin: TOMLTableNode.Origin, for statement: Statement
    ) throws(TOMLSyntaxError) -> TOMLTableNode {
        guard parent.depth < Self.maximumDepth else { throw statement.error(Self.tooDeep) }
        return TOMLTableNode(origin: origin, depth: parent.depth + 1)
    }

    static let tooDeep = "tables and arrays may be nested at most \(maximumDepth) deep"

    /// Why a `[table]` or `[[array of tables]]` header cannot define `entry`'s key.
    private static func taken(_ entry: TOMLTableNode.Entry, byArray: Bool) -> String {
        let line = "(line \(entry.line))"
        switch entry.slot {
        case .value(let value):
            return "this key already holds \(kindName(value)) \(line)"
        case .arrayOfTables:
            return "this name is already an array of tables \(line)"
        case .table where byArray:
            return "this name is already a table \(line), not an array of tables"
        case .table(let node):
            if case .dotted = node.origin { return "this table is already defined by dotted keys \(line)" }
            return "this table is already defined \(line)"
        }
    }

    private static func notATable(_ prefix: String, _ entry: TOMLTableNode.Entry) -> String {
        switch entry.slot {
        case .value(let value): "\(prefix) is already \(kindName(value)) (line \(entry.line)), not a table"
        case .arrayOfTables:
            "\(prefix) is an array of tables (line \(entry.line)); add to it with [[\(prefix)]]"
        case .table: "\(prefix) is a table"
        }
    }

    /// A value's kind; a table written after `=` is an inline table.
    private static func kindName(_ value: TOMLValue) -> String {
        if case .table = value { return "an inline table" }
        return value.kindName
    }
}
