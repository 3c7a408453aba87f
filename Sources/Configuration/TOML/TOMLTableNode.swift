/// A table while its document is read: its entries so far, and how it came to be, which decides
/// what may still add to it (see ``TOMLDocumentBuilder``). A class, so that adding a key deep in
/// the document does not copy the tables above it.
final class TOMLTableNode {
    /// How the table was made.
    enum Origin: Equatable {
        /// Named on the way to another table, as `a` by `[a.b]`: a `[a]` header may still define it.
        case implicit
        /// By its own `[header]`, or as an element of an `[[array of tables]]`.
        case header
        /// By dotted keys (`a.b = 1` makes `a`), in the section or inline table numbered so: only
        /// more dotted keys of the same section may add to it.
        case dotted(section: Int)
    }

    /// What a key holds.
    enum Slot {
        /// A value written after `=`: inline tables and arrays are closed for good.
        case value(TOMLValue)
        case table(TOMLTableNode)
        case arrayOfTables(TOMLTableList)
    }

    struct Entry {
        var key: String
        var slot: Slot
        /// Where the key was first written.
        var line: Int
    }

    var origin: Origin
    /// How many tables and arrays this one is inside; the root is 0.
    let depth: Int
    private(set) var entries: [Entry] = []
    /// Entries by the UTF-8 of their key: TOML keys are equal only when their scalars are.
    private var index: [[UInt8]: Int] = [:]

    init(origin: Origin, depth: Int) {
        self.origin = origin
        self.depth = depth
    }

    func entry(_ key: String) -> Entry? {
        index[Array(key.utf8)].map { entries[$0] }
    }

    /// Adds `key`, which must not be here yet.
    func add(_ key: String, _ slot: Slot, line: Int) {
        index[Array(key.utf8)] = entries.count
        entries.append(Entry(key: key, slot: slot, line: line))
    }

    /// The finished table, as a value.
    func table() -> TOMLTable {
        TOMLTable(
            entries: entries.map { entry in
                let value: TOMLValue =
                    switch entry.slot {
                    case .value(let value): value
                    case .table(let node): .table(node.table())
                    case .arrayOfTables(let list): .array(list.elements.map { .table($0.table()) })
                    }
                return TOMLTable.Entry(key: entry.key, value: value, line: entry.line)
            })
    }
}

/// The elements of an `[[array of tables]]` so far; a class, so that each `[[…]]` appends in place.
final class TOMLTableList {
    private(set) var elements: [TOMLTableNode] = []

    func append(_ element: TOMLTableNode) {
        elements.append(element)
    }
}
