import Foundation

/// Damages chosen B-tree pages of a SQLite file in place, the way a bad disk block or a stray
/// write would: the header and the schema stay intact, so the file opens, and the damage shows
/// only when a query reaches those pages.
///
/// It reads the table's root page straight from the file (SQLite's file format: an interior table
/// page holds a left child page and the largest rowid under it per cell, plus a right-most child).
struct PageDamage {
    let path: String
    let pageSize: Int

    init(path: String) throws {
        self.path = path
        let header = try Self.read(path, offset: 0, count: 100)
        let size = Int(header[16]) << 8 | Int(header[17])
        pageSize = size == 1 ? 65_536 : size
    }

    /// The leaf page under interior root page `root` that holds `rowid`.
    func leaf(holding rowid: Int64, root: Int) throws -> Int {
        let page = try Self.read(path, offset: (root - 1) * pageSize, count: pageSize)
        let start = root == 1 ? 100 : 0
        guard page[start] == 0x05 else { throw DamageError.notAnInteriorTablePage(root) }
        let cells = Int(page[start + 3]) << 8 | Int(page[start + 4])
        for cell in 0..<cells {
            let pointer = start + 12 + cell * 2
            let offset = Int(page[pointer]) << 8 | Int(page[pointer + 1])
            let child = Self.bigEndian(page[offset..<offset + 4])
            let (largest, _) = Self.varint(page, at: offset + 4)
            if rowid <= largest { return child }
        }
        return Self.bigEndian(page[start + 8..<start + 12])
    }

    /// Overwrites page `number` with a byte pattern that is no valid B-tree page.
    func destroy(page number: Int) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64((number - 1) * pageSize))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: pageSize))
        try handle.synchronize()
    }

    enum DamageError: Error {
        case notAnInteriorTablePage(Int)
        case shortRead
    }

    private static func read(_ path: String, offset: Int, count: Int) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        let data = try handle.read(upToCount: count) ?? Data()
        guard data.count == count else { throw DamageError.shortRead }
        return [UInt8](data)
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    /// SQLite's variable-length integer at `offset`: its value and length.
    private static func varint(_ bytes: [UInt8], at offset: Int) -> (Int64, Int) {
        var value: Int64 = 0
        for index in 0..<8 {
            let byte = bytes[offset + index]
            value = value << 7 | Int64(byte & 0x7F)
            if byte & 0x80 == 0 { return (value, index + 1) }
        }
        return (value << 8 | Int64(bytes[offset + 8]), 9)
    }
}
