import Account
import Configuration
import Modules
import NewsModels
import Store
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `newsapp cache stats|clear|vacuum` do, over the live store and the sample edition's. Each
/// returns the exit status: 0, or 1 when a store could not be opened, read or written (the
/// reason is one line on standard error).
@MainActor
public struct CacheMaintenance {
    public var environment: [String: String] = ProcessInfo.processInfo.environment
    /// `--theme`, else the config file's, for colours in a terminal.
    public var theme: ANSIStyler.Theme?
    public var now: Date = Date()

    public init(theme: ANSIStyler.Theme?, environment: [String: String] = ProcessInfo.processInfo.environment)
    {
        self.theme = theme
        self.environment = environment
    }

    // MARK: stats

    public func stats(json: Bool) async -> Int32 {
        let limit =
            ConfigurationFile.standard(environment: environment)?.load().configuration[\.newsapiDailyLimit]
            ?? RequestBudget.defaultDailyLimit
        let now = now
        guard let directory = directory(),
            let live = await visit(
                .live, in: directory,
                { store throws(StoreError) in
                    let requests = await RequestBudget(store: store, dailyLimit: limit, clock: { now })
                        .today()
                    return (stats: try await store.stats(), requests: requests)
                }),
            let sample = await visit(
                .sample, in: directory, { store throws(StoreError) in try await store.stats() })
        else { return 1 }
        let pictures = PictureFiles(directory: directory.imagesURL)
        if json {
            let document = StatsDocument(
                live: .init(path: directory.storePath(.live), stats: live?.stats),
                sample: .init(path: directory.storePath(.sample), stats: sample), pictures: pictures,
                imagesPath: directory.imagesURL.path, requestsToday: live?.requests?.used ?? 0,
                requestLimit: limit)
            StandardOutput.write(document.json() + "\n")
            return 0
        }
        let sampleSummary = sample.map {
            Self.summary($0, at: directory.display(directory.storePath(.sample)))
        }
        guard let (stats, requests) = live else {
            var lines = [
                StyledLine(
                    "There is no news store at \(directory.display(directory.storePath)) yet; "
                        + "NewsApp makes it the first time it reads NewsAPI or feeds.")
            ]
            if let sampleSummary { lines.append(StyledLine("The sample edition's store: \(sampleSummary).")) }
            write(lines)
            return 0
        }
        let time = TimeFormatting(now: now)
        func date(_ value: Date?) -> String {
            value.map { "\(time.absolute($0)) (\(time.relative($0)))" } ?? "none"
        }
        let pages = stats.listingPageCount == 1 ? "1 page" : "\(Amount.grouped(stats.listingPageCount)) pages"
        var rows = [
            ("Store", directory.display(directory.storePath)),
            ("Size", Amount.bytes(stats.fileSize)),
            ("Articles", Amount.grouped(stats.articleCount)),
            ("Saved", Amount.grouped(stats.savedCount)),
            ("Read", Amount.grouped(stats.readCount)),
            ("Lists", "\(Amount.grouped(stats.listingCount)) (\(pages))"),
            ("Oldest", date(stats.oldestArticle)),
            ("Newest", date(stats.newestArticle)),
            ("Pictures", pictures.summary + " in " + directory.display(directory.imagesURL.path)),
            ("NewsAPI", Self.requestsSummary(requests, limit: limit)),
        ]
        if let sampleSummary { rows.append(("Sample", sampleSummary)) }
        write(table(rows))
        return 0
    }

    /// `23 of 100 requests today (UTC)`, and whether none are made before midnight UTC.
    public static func requestsSummary(_ requests: DailyRequests?, limit: Int) -> String {
        guard let requests else { return "0 of \(limit) requests today (UTC)" }
        let count =
            "\(Amount.grouped(requests.used)) of \(Amount.grouped(requests.limit)) requests today (UTC)"
        if requests.refused {
            return count + "; NewsAPI refused more: none until \(requests.resetDescription)"
        }
        if requests.isSpent { return count + ": none until \(requests.resetDescription)" }
        if requests.isNearLimit { return count + ": NewsApp asks only on r" }
        return count
    }

    /// `84 articles, 2 saved, 3 read (212.0 KiB) in ~/.cache/newsapp/sample.sqlite`.
    public static func summary(_ stats: StoreStats, at path: String) -> String {
        "\(Amount.count(stats.articleCount, "article")), \(Amount.grouped(stats.savedCount)) saved, "
            + "\(Amount.grouped(stats.readCount)) read (\(Amount.bytes(stats.fileSize))) in \(path)"
    }

    // MARK: clear

    /// Clears both stores, the sample edition's when there is one, and the pictures.
    public func clear(includingSaved: Bool) async -> Int32 {
        guard let directory = directory() else { return 1 }
        let removedPictures = PictureFiles(directory: directory.imagesURL).removeAll()
        var lines: [StyledLine] = []
        for edition in StoreEdition.allCases {
            let path = directory.display(directory.storePath(edition))
            let visited = await visit(edition, in: directory) { store throws(StoreError) in
                try await store.clear(includingSaved: includingSaved)
            }
            guard let visited else {
                write(lines)
                return 1
            }
            guard let cleared = visited else {
                if edition == .live { lines.append(StyledLine("There is no news store at \(path).")) }
                continue
            }
            var removed = Amount.count(cleared.articles, "article")
            if cleared.saved > 0 { removed += " (\(Amount.grouped(cleared.saved)) of them saved)" }
            removed +=
                ", " + Amount.count(cleared.readMarks, "read mark") + " and "
                + Amount.count(cleared.listings, "list")
            lines.append(StyledLine("Removed \(removed) from \(path)."))
            if cleared.unsavedAtService > 0 {
                lines.append(
                    StyledLine(
                        "\(Amount.count(cleared.unsavedAtService, "saved item")) came from the sync service: "
                            + "they are unsaved there at the next sync."))
            }
            if cleared.keptSaved > 0 {
                lines.append(
                    StyledLine(
                        "Kept \(Amount.count(cleared.keptSaved, "saved article")); "
                            + "`newsapp cache clear --include-saved` removes them too."))
            }
        }
        lines.append(
            StyledLine(
                "Removed \(Amount.count(removedPictures.files, "picture")) (\(Amount.bytes(removedPictures.bytes)))"
                    + " from \(directory.display(directory.imagesURL.path))."))
        write(lines)
        return 0
    }

    // MARK: vacuum

    /// Compacts both stores, the sample edition's when there is one.
    public func vacuum() async -> Int32 {
        guard let directory = directory() else { return 1 }
        var lines: [StyledLine] = []
        for edition in StoreEdition.allCases {
            let path = directory.display(directory.storePath(edition))
            let visited = await visit(edition, in: directory) { store throws(StoreError) in
                let before = try await store.stats().fileSize
                try await store.vacuum()
                return (before: before, after: try await store.stats().fileSize)
            }
            guard let visited else {
                write(lines)
                return 1
            }
            guard let (before, after) = visited else {
                if edition == .live {
                    lines.append(StyledLine("There is no news store at \(path) to vacuum."))
                }
                continue
            }
            let saved = before > after ? "; \(Amount.bytes(before - after)) freed" : ""
            lines.append(
                StyledLine(
                    "Vacuumed \(path): \(Amount.bytes(before)) before, \(Amount.bytes(after)) after\(saved).")
            )
        }
        write(lines)
        return 0
    }

    // MARK: Helpers

    private func directory() -> CacheDirectory? {
        guard let directory = CacheDirectory.standard(environment: environment) else {
            fail("There is no cache directory: neither HOME nor XDG_CACHE_HOME is set.")
            return nil
        }
        return directory
    }

    /// What `body` gave on `edition`'s store, which is closed after: `.some(nil)` when there is
    /// no store file (none is made), nil when it could not be opened or `body` failed (said on
    /// standard error). A notice that a damaged file was set aside goes to standard error.
    private func visit<Result: Sendable>(
        _ edition: StoreEdition, in directory: CacheDirectory,
        _ body: (NewsStore) async throws(StoreError) -> Result
    ) async -> Result?? {
        let store: NewsStore
        do {
            guard let (opened, notice) = try LocalStore.openExisting(directory, edition: edition) else {
                return .some(nil)
            }
            if let notice {
                StandardError.write("newsapp: " + TextSanitizer.clean(directory.abbreviating(notice)))
            }
            LocalStore.relayNotices(of: opened, in: directory, to: StandardError.write)
            store = opened
        } catch {
            fail(directory.abbreviating(error.sentence))
            return nil
        }
        defer { try? store.close() }
        do {
            return .some(try await body(store))
        } catch {
            fail(error.sentence)
            return nil
        }
    }

    private func fail(_ sentence: String) {
        StandardError.write("newsapp: " + TextSanitizer.clean(sentence))
    }

    private func write(_ lines: [StyledLine]) {
        let isTerminal = TerminalProbe.isTerminal(STDOUT_FILENO)
        let theme =
            theme ?? ConfigurationFile.standard(environment: environment)?.load().configuration[\.theme]
        let styler = ANSIStyler(
            mode: isTerminal ? ANSIStyler.Mode.forTerminal(environment, theme: theme ?? .auto) : .plain,
            hyperlinks: false)
        StandardOutput.write(lines.map { styler.render($0) + "\n" }.joined())
    }

    /// Label and value pairs with the values in one column.
    private func table(_ rows: [(String, String)]) -> [StyledLine] {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { label, value in
            StyledLine([
                Span(label + String(repeating: " ", count: width - label.count + 2), .muted), Span(value),
            ])
        }
    }
}
