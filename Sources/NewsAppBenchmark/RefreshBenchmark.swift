import Foundation
import NewsModels
import Store

/// The `refresh` section: newsboat#3210's workload (199 Atom feeds × 500 entries, about 70 MB)
/// served by `python3 -m http.server` on 127.0.0.1 and refreshed, in the same run, by the release
/// `newsapp refresh` and by Debian's `newsboat -x reload`; then the cold start with those 99,500
/// items (NewsApp's first screen against `newsboat -x print-unread`) and offline search over them.
enum RefreshBenchmark {
    static func run(
        newsapp: String, probe: String, newsboat: String?, data: URL, corpus: Corpus, coldRuns: Int,
        searchRuns: Int, floorRuns: Int,
        into report: inout Report
    ) async throws {
        log("Refresh: the workload…")
        let workload = try FeedWorkload.prepare(in: data, corpus: corpus, newest: Date())
        let server = try StaticFileServer(serving: workload.directory)
        defer { server.stop() }
        let urls = workload.urlsFile(base: server.base)
        report.notes.append(
            "Refresh workload: \(FeedWorkload.feedCount) Atom feeds × \(FeedWorkload.entriesPerFeed) entries, "
                + String(format: "%.1f MB", Double(workload.totalBytes) / 1e6)
                + " (\(workload.note)), served by `python3 -m http.server` on 127.0.0.1.")

        let home = try PrivateHome(store: nil)
        defer { home.remove() }
        try FileManager.default.createDirectory(
            at: home.root.appendingPathComponent("config/newsapp"), withIntermediateDirectories: true)
        try Data(urls.utf8).write(to: home.root.appendingPathComponent("config/newsapp/urls"))
        let refresh = ColdStart(
            executable: newsapp, arguments: ["refresh"], environment: home.environment, prompt: nil)
        log("Refresh: the floor, curl fetching the same feeds \(FetchFloor.concurrency) at a time…")
        let floor = try FetchFloor.measure(
            urls: urls.split(separator: "\n").map(String.init), runs: floorRuns, in: data)
        floor.map { log(String(format: "  curl: p50 %.0f ms", $0.p50)) }
        log("Refresh: newsapp refresh, first…")
        let first = try refresh.run(through: probe)
        note(first, "newsapp refresh, first")
        try check(first, contains: "199 feeds: 199 updated · 99,500 new")
        let stages = RefreshStages(log: home.root.appendingPathComponent("state/newsapp/newsapp.log"))
        log("Refresh: newsapp refresh, nothing changed…")
        let second = try refresh.run(through: probe)
        note(second, "newsapp refresh, nothing changed")
        try check(second, contains: "199 feeds: 199 unchanged · 0 new")
        report.notes.append("NewsApp's summaries: “\(summary(first))” then “\(summary(second))”.")

        var boatFirst: ColdStart.Run?
        var boatSecond: ColdStart.Run?
        var boatHome: PrivateHome?
        if let newsboat {
            let boat = try PrivateHome(store: nil)
            boatHome = boat
            let files = NewsboatFiles(root: boat.root)
            try files.write(urls: urls)
            let reload = ColdStart(
                executable: newsboat, arguments: files.arguments + ["-x", "reload"],
                environment: boat.environment,
                prompt: nil)
            log("Refresh: newsboat -x reload, first (about 30 s)…")
            boatFirst = try reload.run(through: probe)
            boatFirst.map { note($0, "newsboat -x reload, first") }
            log("Refresh: newsboat -x reload, nothing changed…")
            boatSecond = try reload.run(through: probe)
            boatSecond.map { note($0, "newsboat -x reload, nothing changed") }
        } else {
            report.notes.append(
                "newsboat: not installed and could not be installed (Scripts/benchmark installs Debian's "
                    + "package with apt-get when it can), so its rows are empty.")
        }
        defer { boatHome?.remove() }

        add("First refresh, 199 × 500 Atom over 127.0.0.1", first, boatFirst, target: 3_000, into: &report)
        addDistances(first, floor: floor, newsboat: boatFirst, stages: stages, into: &report)
        add("Refresh with nothing changed", second, boatSecond, target: 250, into: &report)
        addMemory(first, second, boatFirst, boatSecond, into: &report)

        // Cold start with the 99,500 items stored.
        var newsappStart = Samples()
        var boatStart = Samples()
        let app = ColdStart(executable: newsapp, arguments: [], environment: home.environment)
        var firstScreen = ""
        for index in 0..<(coldRuns + 2) {
            let run = try app.run()
            if index == 0 { firstScreen = run.output }
            if index >= 2 { newsappStart.append(run.toPrompt) }
        }
        if let newsboat, let boatHome {
            let files = NewsboatFiles(root: boatHome.root)
            let print = ColdStart(
                executable: newsboat, arguments: files.arguments + ["-x", "print-unread"],
                environment: boatHome.environment, prompt: nil)
            for index in 0..<(min(coldRuns, 5) + 1) {
                let run = try print.run()
                if index >= 1 { boatStart.append(run.toExit) }
            }
        }
        log(String(format: "  cold start: newsapp p50 %.1f ms", newsappStart.p50))
        report.add(
            "Cold start with the 99,500 items: `newsapp` spawn → first screen's prompt (\(coldRuns) runs)",
            newsappStart, target: .p99(50))
        if !boatStart.isEmpty {
            report.add(
                "Cold start with the 99,500 items: `newsboat -x print-unread` spawn → exit (\(boatStart.count) runs)",
                boatStart, target: nil)
            report.sideBySide.append(
                row(
                    "Cold start with the 99,500 items (p50)", newsappStart.p50, boatStart.p50, unit: "ms",
                    target: "≤ 50 ms"))
        }
        let header = firstScreen.split(separator: "\n").prefix(2).joined(separator: " / ")
        report.notes.append("Cold start with the feeds: the first screen began “\(header)”.")

        try await search(
            home.root.appendingPathComponent("cache/newsapp/news.sqlite"), runs: searchRuns, into: &report)
    }

    // MARK: - Rows

    private static func add(
        _ name: String, _ ours: ColdStart.Run, _ theirs: ColdStart.Run?, target: Double,
        into report: inout Report
    ) {
        report.add("\(name): `newsapp refresh`", Samples([ours.toExit.milliseconds]), target: .p99(target))
        guard let theirs else { return }
        report.add("\(name): `newsboat -x reload`", Samples([theirs.toExit.milliseconds]), target: nil)
        report.sideBySide.append(
            row(
                name, ours.toExit.milliseconds, theirs.toExit.milliseconds, unit: "ms",
                target: "≤ \(Report.number(target)) ms" + (target == 3_000 ? ", ≥ 10× faster" : "")))
    }

    /// The first refresh against the floor (curl alone, same feeds, same concurrency) and against
    /// newsboat, and where its time went.
    private static func addDistances(
        _ first: ColdStart.Run, floor: Samples?, newsboat: ColdStart.Run?, stages: RefreshStages?,
        into report: inout Report
    ) {
        let ours = first.toExit.milliseconds
        if let floor {
            report.add(
                "Floor: `curl` fetching the same 199 feeds, \(FetchFloor.concurrency) at a time (the refresh's "
                    + "limit on one host), bodies discarded (\(floor.count) runs)", floor, target: nil)
            report.addRatio(
                "First refresh as a multiple of the floor (refresh ÷ floor p50)", ours / floor.p50,
                target: .atMost(1.3))
        } else {
            report.notes.append(
                "Floor: no `curl` installed, so the refresh's distance to it is not measured.")
        }
        if let newsboat {
            report.addRatio(
                "First refresh: newsboat's time as a multiple of NewsApp's",
                newsboat.toExit.milliseconds / ours, target: .atLeast(10))
        }
        guard let stages else { return }
        report.notes.append(
            "First refresh, from its log: "
                + String(
                    format:
                        "%.2f s in all; the store was writing for %.2f s and feeds were being parsed for %.2f s",
                    stages.total, stages.writing, stages.parsing)
                + (floor.map { String(format: " (fetching alone, the floor, takes %.2f s)", $0.p50 / 1_000) }
                    ?? "")
                + ": the slowest stage is " + stages.slowest(fetching: floor.map { $0.p50 / 1_000 }) + ".")
    }

    private static func addMemory(
        _ first: ColdStart.Run, _ second: ColdStart.Run, _ boatFirst: ColdStart.Run?,
        _ boatSecond: ColdStart.Run?,
        into report: inout Report
    ) {
        let peak = Double(max(first.memory?.peakRSS ?? 0, second.memory?.peakRSS ?? 0)) / 1e6
        report.add(
            "Peak RSS during refresh (`newsapp refresh`, both runs)", Samples([peak]), target: .p99(60),
            unit: "MB")
        if let boatFirst, let boatSecond {
            let theirs = Double(max(boatFirst.memory?.peakRSS ?? 0, boatSecond.memory?.peakRSS ?? 0)) / 1e6
            report.add(
                "Peak RSS during refresh (`newsboat -x reload`)", Samples([theirs]), target: nil, unit: "MB")
            report.sideBySide.append(
                row("Peak RSS during refresh", peak, theirs, unit: "MB", target: "≤ 60 MB"))
        }
    }

    private static func row(_ name: String, _ ours: Double, _ theirs: Double, unit: String, target: String)
        -> String
    {
        let ratio = ours > 0 ? theirs / ours : 0
        return "| \(name) | \(Report.number(ours)) \(unit) | \(Report.number(theirs)) \(unit) | "
            + "\(Report.number(ratio))× | \(target) |"
    }

    // MARK: - Search

    private static func search(_ file: URL, runs: Int, into report: inout Report) async throws {
        let (store, _) = try NewsStore.open(at: file)
        defer { try? store.close() }
        var all = Samples()
        for query in ["river", "council budget", "\"city council\"", "-sport market", "Valbrook"] {
            for order in [ArticleSortOrder.publishedAt, .relevancy] {
                for index in 0..<(runs + 5) {
                    let clock = ContinuousClock()
                    let start = clock.now
                    _ = try await store.search(query, sort: order, page: 1, pageSize: 20)
                    if index >= 5 { all.append(start.duration(to: clock.now)) }
                }
            }
        }
        report.add(
            "Offline search over the 99,500 feed items (5 queries × newest, relevancy; \(runs) runs each)",
            all,
            target: .p99(10))
    }

    // MARK: - Support

    private static func check(_ run: ColdStart.Run, contains expected: String) throws {
        guard run.status == 0, run.output.contains(expected) else {
            throw ColdStart.Failure(
                description:
                    "newsapp refresh (status \(run.status)) did not say “\(expected)”: \(run.output.prefix(2_000))"
            )
        }
    }

    /// Says a measurement on standard error as soon as it is made.
    /// One line of the log: a run's time, peak memory and exit status.
    static func note(_ run: ColdStart.Run, _ name: String) {
        let peak = Double(run.memory?.peakRSS ?? 0) / 1e6
        log(
            "  \(name): " + String(format: "%.0f ms, peak RSS %.1f MB", run.toExit.milliseconds, peak)
                + ", status \(run.status)")
    }

    /// The last line a run printed: its summary.
    static func summary(_ run: ColdStart.Run) -> String {
        run.output.split(separator: "\n").last.map(String.init) ?? ""
    }
}

/// newsboat's files for a run: its urls, an empty config and its cache, all in a private home.
struct NewsboatFiles {
    let root: URL

    var urls: URL { root.appendingPathComponent("newsboat/urls") }
    var cache: URL { root.appendingPathComponent("newsboat/cache.db") }
    var config: URL { root.appendingPathComponent("newsboat/config") }
    var arguments: [String] { ["-u", urls.path, "-c", cache.path, "-C", config.path] }

    func write(urls text: String) throws {
        try FileManager.default.createDirectory(
            at: urls.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: urls)
        try Data().write(to: config)
    }
}

/// What `newsapp refresh` logged of its stages: the `refresh done` line's `seconds`,
/// `writingSeconds` and `parsingSeconds`.
struct RefreshStages {
    var total: Double
    var writing: Double
    var parsing: Double

    /// The stages of the last refresh logged in the file at `log`; nil when it says none.
    init?(log: URL) {
        guard let text = try? String(contentsOf: log, encoding: .utf8),
            let line = text.split(separator: "\n").last(where: { $0.contains("refresh done") })
        else { return nil }
        func value(_ key: String) -> Double? {
            guard let range = line.range(of: " \(key)=") else { return nil }
            return Double(line[range.upperBound...].prefix { !$0.isWhitespace })
        }
        guard let total = value("seconds"), let writing = value("writingSeconds"),
            let parsing = value("parsingSeconds")
        else { return nil }
        self.total = total
        self.writing = writing
        self.parsing = parsing
    }

    func slowest(fetching: Double?) -> String {
        let stages = [("writing", writing), ("parsing", parsing), ("fetching", fetching ?? 0)]
        return stages.max { $0.1 < $1.1 }?.0 ?? "writing"
    }
}
