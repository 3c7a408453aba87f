import Foundation
import NewsModels
import SQLite
import SampleEdition
import Store

/// A store file with 100,000 generated articles, filled once through ``NewsStore/record(_:for:)``
/// (as the app's caching service records pages) and cached under the scratch directory.
///
/// The articles are recorded as 1,000 pages of 100: the first 50 pages of the US top headlines,
/// then the headlines of each category in turn, so both a category's and the whole edition's
/// lists are stored, and every article appears in exactly one page.
enum StoreFiller {
    static let pageSize = 100

    /// The cached store, filled first if there is none: its file and how it was obtained.
    static func cachedStore(in directory: URL, articles: Int, edition: SampleEdition) async throws
        -> (file: URL, note: String)
    {
        let folder = directory.appendingPathComponent(
            "store-v\(Corpus.version)-\(articles)", isDirectory: true)
        let file = folder.appendingPathComponent("news.sqlite")
        let record = folder.appendingPathComponent("filled.txt")
        if FileManager.default.fileExists(atPath: file.path) {
            // A store cached under an older schema is migrated once here, not in every timed copy.
            let (store, _) = try NewsStore.open(at: file)
            try store.close()
            let filled = (try? String(contentsOf: record, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return (file, "\(filled ?? "filled earlier"), cached in \(CheckoutPath.display(folder))")
        }
        try? FileManager.default.removeItem(at: folder)
        let partial = directory.appendingPathComponent("filling-\(getpid())", isDirectory: true)
        try? FileManager.default.removeItem(at: partial)
        let clock = ContinuousClock()
        let start = clock.now
        let now = Date()
        try await fill(
            partial.appendingPathComponent("news.sqlite"), count: articles,
            corpus: Corpus(edition: edition, newest: now))
        let seconds = start.duration(to: clock.now).milliseconds / 1_000
        let filled = String(format: "filled in %.1f s on ", seconds) + Machine.current().dateText
        try filled.write(
            to: partial.appendingPathComponent("filled.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(at: partial, to: folder)
        let note = "\(filled), now cached in \(CheckoutPath.display(folder))"
        log(note)
        return (file, note)
    }

    private static func fill(_ file: URL, count: Int, corpus: Corpus) async throws {
        let (store, _) = try NewsStore.open(at: file)
        let pages = (count + pageSize - 1) / pageSize
        let allPages = min(50, pages)
        let categories = NewsCategory.allCases
        let perCategory = (pages - allPages + categories.count - 1) / categories.count
        var next = 0
        for index in 0..<pages {
            let key: ListingKey
            let page: Int
            let total: Int
            if index < allPages {
                key = .headlines(country: "us", category: nil)
                page = index + 1
                total = allPages * pageSize
            } else {
                let category = categories[(index - allPages) % categories.count]
                key = .headlines(country: "us", category: category)
                page = (index - allPages) / categories.count + 1
                total = perCategory * pageSize
            }
            let section = key.category?.rawValue ?? "top"
            let articles = (next..<min(next + pageSize, count)).map { corpus.article($0, section: section) }
            next += articles.count
            try await store.record(
                ArticlePage(articles: articles, totalResults: total, page: page, pageSize: pageSize), for: key
            )
            if index % 100 == 99 { log("  \(next) articles stored") }
        }
        try store.close()
    }

    /// Marks every article and page of the store file as fetched now, so that the app's
    /// retention (by last fetch) keeps a store filled days ago whole.
    static func markFetchedNow(_ file: URL) throws {
        let queue = try DatabaseQueue(path: file.path)
        defer { try? queue.close() }
        let now = Date().timeIntervalSince1970
        try queue.write { db in
            try db.execute(sql: "UPDATE article SET lastFetchedAt = ?", arguments: [now])
            try db.execute(sql: "UPDATE listingPage SET fetchedAt = ?", arguments: [now])
        }
    }

    /// The number of articles in the store file, read directly.
    static func articleCount(_ file: URL) throws -> Int {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: file.path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM article") ?? 0 }
    }
}

extension ListingKey {
    fileprivate var category: NewsCategory? {
        if case .headlines(_, let category) = self { return category }
        return nil
    }
}

/// Progress on standard error, so the table on standard output stays clean.
func log(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
