import Coordinators
import Foundation
import Modules
import Store

/// What `newsapp cache stats|clear|vacuum` do. Each returns the exit status: 0, or 1 when the
/// store could not be opened, read or written (the reason is one line on standard error).
@MainActor
struct CacheMaintenance {
    var environment: [String: String] = ProcessInfo.processInfo.environment
    /// `--theme`, else the config file's, for colours in a terminal.
    var theme: ANSIStyler.Theme?
    var now: Date = Date()

    init(theme: ANSIStyler.Theme?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.theme = theme
        self.environment = environment
    }

    // MARK: stats

    func stats(json: Bool) async -> Int32 {
        guard let directory = directory() else { return 1 }
        let pictures = PictureFiles(directory: directory.imagesURL)
        let store: NewsStore
        switch open(directory) {
        case .failed: return 1
        case .missing: return noStore(directory, json, pictures)
        case .opened(let opened): store = opened
        }
        defer { try? store.close() }
        let stats: StoreStats
        do {
            stats = try await store.stats()
        } catch {
            fail(error.sentence)
            return 1
        }
        if json {
            let document = StatsDocument(
                path: directory.storePath, exists: true, stats: stats, pictures: pictures,
                imagesPath: directory.imagesURL.path)
            StandardOutput.write(document.json() + "\n")
            return 0
        }
        let time = TimeFormatting(now: now)
        func date(_ value: Date?) -> String {
            value.map { "\(time.absolute($0)) (\(time.relative($0)))" } ?? "none"
        }
        let pages = stats.listingPageCount == 1 ? "1 page" : "\(Amount.grouped(stats.listingPageCount)) pages"
        write(
            table([
                ("Store", directory.display(directory.storePath)),
                ("Size", Amount.bytes(stats.fileSize)),
                ("Articles", Amount.grouped(stats.articleCount)),
                ("Saved", Amount.grouped(stats.savedCount)),
                ("Read", Amount.grouped(stats.readCount)),
                ("Lists", "\(Amount.grouped(stats.listingCount)) (\(pages))"),
                ("Oldest", date(stats.oldestArticle)),
                ("Newest", date(stats.newestArticle)),
                ("Pictures", pictures.summary + " in " + directory.display(directory.imagesURL.path)),
            ]))
        return 0
    }

    private func noStore(_ directory: CacheDirectory, _ json: Bool, _ pictures: PictureFiles) -> Int32 {
        if json {
            let document = StatsDocument(
                path: directory.storePath, exists: false, stats: nil, pictures: pictures,
                imagesPath: directory.imagesURL.path)
            StandardOutput.write(document.json() + "\n")
        } else {
            write([
                StyledLine(
                    "There is no news store at \(directory.display(directory.storePath)) yet; "
                        + "NewsApp makes it the first time it runs.")
            ])
        }
        return 0
    }

    // MARK: clear

    func clear(includingSaved: Bool) async -> Int32 {
        guard let directory = directory() else { return 1 }
        let pictures = PictureFiles(directory: directory.imagesURL)
        let removedPictures = pictures.removeAll()
        var lines: [StyledLine] = []
        switch open(directory) {
        case .failed:
            return 1
        case .missing:
            lines.append(StyledLine("There is no news store at \(directory.display(directory.storePath))."))
        case .opened(let store):
            defer { try? store.close() }
            let cleared: NewsStore.Cleared
            do {
                cleared = try await store.clear(includingSaved: includingSaved)
            } catch {
                fail(error.sentence)
                return 1
            }
            var removed = Amount.count(cleared.articles, "article")
            if cleared.saved > 0 { removed += " (\(Amount.grouped(cleared.saved)) of them saved)" }
            removed +=
                ", " + Amount.count(cleared.readMarks, "read mark") + " and "
                + Amount.count(cleared.listings, "list")
            lines.append(StyledLine("Removed \(removed) from \(directory.display(directory.storePath))."))
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

    func vacuum() async -> Int32 {
        guard let directory = directory() else { return 1 }
        let store: NewsStore
        switch open(directory) {
        case .failed:
            return 1
        case .missing:
            write([
                StyledLine("There is no news store at \(directory.display(directory.storePath)) to vacuum.")
            ])
            return 0
        case .opened(let opened):
            store = opened
        }
        defer { try? store.close() }
        do {
            let before = try await store.stats().fileSize
            try await store.vacuum()
            let after = try await store.stats().fileSize
            let saved = before > after ? "; \(Amount.bytes(before - after)) freed" : ""
            write([
                StyledLine(
                    "Vacuumed \(directory.display(directory.storePath)): \(Amount.bytes(before)) before, "
                        + "\(Amount.bytes(after)) after\(saved).")
            ])
            return 0
        } catch {
            fail(error.sentence)
            return 1
        }
    }

    // MARK: Helpers

    private func directory() -> CacheDirectory? {
        guard let directory = CacheDirectory.standard(environment: environment) else {
            fail("There is no cache directory: neither HOME nor XDG_CACHE_HOME is set.")
            return nil
        }
        return directory
    }

    private enum Opening {
        case opened(NewsStore)
        /// There is no store file yet.
        case missing
        /// It could not be opened; said on standard error.
        case failed
    }

    /// The store, opened without creating one; a notice that a damaged file was set aside, at
    /// open or later, goes to standard error.
    private func open(_ directory: CacheDirectory) -> Opening {
        do {
            guard let (store, notice) = try LocalStore.openExisting(directory) else { return .missing }
            if let notice {
                StandardError.write("newsapp: " + TextSanitizer.clean(directory.abbreviating(notice)))
            }
            LocalStore.relayNotices(of: store, in: directory, to: StandardError.write)
            return .opened(store)
        } catch {
            fail(directory.abbreviating(error.sentence))
            return .failed
        }
    }

    private func fail(_ sentence: String) {
        StandardError.write("newsapp: " + TextSanitizer.clean(sentence))
    }

    private func write(_ lines: [StyledLine]) {
        let isTerminal = TerminalProbe.isTerminal(STDOUT_FILENO)
        let theme = theme ?? ConfigurationFile.standard(environment: environment)?.load().configuration.theme
        let styler = ANSIStyler(
            mode: isTerminal ? AppLauncher.styleMode(environment, theme: theme ?? .dark) : .plain,
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
