import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension NewsStore {
    /// Removes every NewsAPI article whose address starts with `prefix` (feed items stay), saved
    /// ones included, with the read marks of such addresses and every stored page that listed one
    /// of them (and lists left with no page), in one transaction; returns how many articles went.
    ///
    /// For articles that do not belong in this store at all, such as the sample edition's in a
    /// store of live news. The addresses are found through the `url` index, so a store without
    /// any costs a lookup.
    @discardableResult
    public func removeArticles(withAddressPrefix prefix: String) async throws(StoreError) -> Int {
        guard let end = Self.successor(of: prefix) else { return 0 }
        let range: StatementArguments = [prefix, end]
        return try await write { db in
            let matching = "SELECT id FROM article WHERE url >= ? AND url < ? AND feedID IS NULL"
            try db.execute(
                sql: """
                    DELETE FROM listingPage WHERE (listingID, page) IN (
                        SELECT listingID, page FROM listingEntry WHERE articleID IN (\(matching)))
                    """,
                arguments: range)
            if db.changesCount > 0 {
                try db.execute(sql: "DELETE FROM listing WHERE id NOT IN (SELECT listingID FROM listingPage)")
            }
            try db.execute(sql: "DELETE FROM saved WHERE articleID IN (\(matching))", arguments: range)
            try db.execute(sql: "DELETE FROM article WHERE id IN (\(matching))", arguments: range)
            let removed = db.changesCount
            try db.execute(sql: "DELETE FROM readMark WHERE url >= ? AND url < ?", arguments: range)
            return removed
        }
    }

    /// The first string after every string that starts with `prefix`, in SQLite's binary order
    /// (UTF-8 bytes): `prefix` with its last scalar one higher. Nil for an empty prefix.
    static func successor(of prefix: String) -> String? {
        var scalars = Array(prefix.unicodeScalars)
        while let last = scalars.popLast() {
            var value = last.value + 1
            // Skip the surrogate range, which no scalar occupies.
            if (0xD800...0xDFFF).contains(value) { value = 0xE000 }
            if let next = Unicode.Scalar(value) {
                scalars.append(next)
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars)
                return String(text)
            }
        }
        return nil
    }
}
