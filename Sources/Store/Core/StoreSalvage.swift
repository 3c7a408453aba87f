import NewsModels
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Copies what the user cannot fetch again (saved articles, with the text reader mode kept for
/// them, and read marks) out of a damaged store file into a new store, as far as the damage
/// allows, and words the notice that says so.
///
/// Best effort, row by row: a saved article whose row sits on a damaged page is left behind in
/// the damaged file, which is never deleted, and the others are copied. Stored pages and the
/// full-text index are not copied; the network fills them again.
enum StoreSalvage {
    /// What was found and copied.
    struct Outcome: Sendable, Equatable {
        /// Saved articles listed in the damaged file; nil when that list could not be read whole.
        var savedFound: Int?
        var savedCopied: Int
        var readMarksCopied: Int
    }

    /// Copies saved articles (keeping when they were saved) and read marks from the store file at
    /// `damaged` into `writer`.
    static func copy(from damaged: String, into writer: any DatabaseWriter, at now: Date) -> Outcome {
        var configuration = Configuration()
        configuration.readonly = true
        // Reading a store in WAL mode makes its shared-memory file; one made here is removed.
        let sharedMemory = damaged + "-shm"
        let hadSharedMemory = FileManager.default.fileExists(atPath: sharedMemory)
        guard let source = try? DatabaseQueue(path: damaged, configuration: configuration) else {
            return Outcome(savedFound: nil, savedCopied: 0, readMarksCopied: 0)
        }
        // Without a transaction: committing one after a read met damage fails with the damage.
        let found = source.unsafeRead(read)
        try? source.close()
        if !hadSharedMemory { try? FileManager.default.removeItem(atPath: sharedMemory) }
        let stamp = now.timeIntervalSince1970
        do {
            try writer.write { db in
                for (article, savedAt, page) in found.saved {
                    let id = try NewsStore.upsert(article, at: stamp, fetched: false, in: db)
                    try db.execute(
                        sql: "INSERT INTO saved (articleID, savedAt) VALUES (?, ?) ON CONFLICT DO NOTHING",
                        arguments: [id, savedAt])
                    if let page { _ = try NewsStore.write(page, where: "id = ?", [id], in: db) }
                }
                for mark in found.readMarks {
                    try db.execute(
                        sql: "INSERT INTO readMark (url, readAt) VALUES (?, ?) ON CONFLICT DO NOTHING",
                        arguments: [mark.url, mark.readAt])
                }
            }
        } catch {
            return Outcome(savedFound: found.savedListed, savedCopied: 0, readMarksCopied: 0)
        }
        return Outcome(
            savedFound: found.savedListed, savedCopied: found.saved.count,
            readMarksCopied: found.readMarks.count)
    }

    /// What could be read out of a damaged store.
    private struct Found {
        /// With the text reader mode kept, as far as it can be read.
        var saved: [(article: Article, savedAt: Double, page: ReaderText?)] = []
        var savedListed: Int?
        var readMarks: [(url: String, readAt: Double)] = []
    }

    private static func read(_ db: Database) -> Found {
        var found = Found()
        let (marked, complete) = rows(db, "SELECT articleID, savedAt FROM saved ORDER BY savedAt")
        found.savedListed = complete ? marked.count : nil
        for row in marked {
            guard let id = value(Int64.self, row, "articleID"),
                let savedAt = value(Double.self, row, "savedAt"),
                let stored = try? Row.fetchOne(
                    db, sql: "SELECT * FROM article WHERE id = ?", arguments: [id]),
                let article = article(stored)
            else { continue }
            found.saved.append((article, savedAt, readerText(stored)))
        }
        found.readMarks = rows(db, "SELECT url, readAt FROM readMark").rows.compactMap { row in
            guard let url = value(String.self, row, "url"), let readAt = value(Double.self, row, "readAt")
            else {
                return nil
            }
            return (url, readAt)
        }
        return found
    }

    /// The value in `column`, or nil when it is NULL or missing. A damaged page can hold anything,
    /// and a row's typed subscript stops the process on a NULL where a value must be.
    private static func value<Value: DatabaseValueConvertible>(
        _ type: Value.Type, _ row: Row, _ column: String
    )
        -> Value?
    {
        guard let stored = row[column] as DatabaseValue? else { return nil }
        return Value.fromDatabaseValue(stored)
    }

    /// ``NewsStore/article(_:)``, reading every column with ``value(_:_:_:)``.
    private static func article(_ row: Row) -> Article? {
        guard let link = value(String.self, row, "url"), let url = URL(string: link),
            let title = value(String.self, row, "title")
        else { return nil }
        return Article(
            source: ArticleSource(
                id: value(String.self, row, "sourceID"), name: value(String.self, row, "sourceName") ?? ""),
            author: value(String.self, row, "author"),
            title: title,
            summary: value(String.self, row, "summary"),
            url: url,
            imageURL: value(String.self, row, "imageURL").flatMap(URL.init(string:)),
            publishedAt: value(Double.self, row, "publishedAt").map(Date.init(timeIntervalSince1970:)),
            content: value(String.self, row, "content"),
            omittedCharacterCount: value(Int.self, row, "omittedCharacterCount"))
    }

    /// The text reader mode kept in an article's row, read with ``value(_:_:_:)``; nil when there
    /// is none (or the file is older than reader mode).
    private static func readerText(_ row: Row) -> ReaderText? {
        guard let text = value(String.self, row, "pageText") else { return nil }
        let links = value(String.self, row, "pageLinks").map { FeedJSON.decodeLinks($0, with: JSONDecoder()) }
        return ReaderText(
            text: text, links: links ?? [],
            byline: value(String.self, row, "pageByline"),
            published: value(Double.self, row, "pagePublishedAt").map(Date.init(timeIntervalSince1970:)),
            leadImage: value(String.self, row, "pageImageURL").flatMap(URL.init(string:)),
            fetchedAt: Date(timeIntervalSince1970: value(Double.self, row, "pageFetchedAt") ?? 0))
    }

    /// The rows of `sql` up to the first damaged page, and whether they are all of them.
    private static func rows(_ db: Database, _ sql: String) -> (rows: [Row], complete: Bool) {
        var rows: [Row] = []
        do {
            let cursor = try Row.fetchCursor(db, sql: sql)
            while let row = try cursor.next() { rows.append(row.copy()) }
            return (rows, true)
        } catch {
            return (rows, false)
        }
    }

    /// One line: what happened, where the old file went, and what was copied out of it.
    static func notice(reason: String, aside: String, salvage: Outcome) -> String {
        "The news store turned out to be damaged (\(reason)), so it was moved aside to \(aside) "
            + "and a new store was started; " + copied(salvage) + "."
    }

    private static func copied(_ salvage: Outcome) -> String {
        let marks = count(salvage.readMarksCopied, "read mark")
        switch salvage.savedFound {
        case 0?:
            return "it held no saved articles, and \(marks) could be copied into the new one"
        case let found? where found == salvage.savedCopied:
            let all = found == 1 ? "its saved article" : "all \(found) saved articles"
            return "\(all) and \(marks) in it were copied into the new one"
        case let found?:
            return "\(salvage.savedCopied) of its \(count(found, "saved article")) and \(marks) could be "
                + "copied into the new one; the others remain in the old file"
        case nil:
            return "\(count(salvage.savedCopied, "saved article")) and \(marks) could be copied into the "
                + "new one; any others remain in the old file"
        }
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}
