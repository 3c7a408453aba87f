import FilterLanguage
import Foundation
import Networking
import NewsModels
import Store

/// The `filters` section: the refresh workload (199 × 500 Atom entries on 127.0.0.1)
/// refreshed by the release `newsapp refresh` with and without a killfile of 50 rules (same run,
/// alternating), then query feeds over the 99,500 stored items: the first page as the app asks for
/// it (a page of 20, newest first, with its count: `filteredFeedPage`), side by side with
/// Debian's `newsboat -x print-unread` on the same urls file with and without the same query feed
/// (`prepopulate-query-feeds yes`, so newsboat evaluates it over every item at start).
enum FilterBenchmark {
    /// The query feeds measured, with what they stand for.
    static let queries: [(name: String, expression: String)] = [
        ("unread items", #"unread = "yes""#),
        ("a tag's unread items of the last 2 days", #"tags # "science" and unread = "yes" and age < 2"#),
        ("a word in the title (regular expression)", #"title =~ "river""#),
        ("a rare pattern (regular expression, about none)", #"title =~ "zyx[0-9]+q" or author = "Nobody""#),
        ("two authors, not a word", #"(author = "Staff" or author =~ "^A") and title !~ "council""#),
    ]

    static func run(
        newsapp: String, probe: String, newsboat: String?, data: URL, corpus: Corpus, runs: Int,
        into report: inout Report
    ) async throws {
        log("Filters: the workload…")
        let workload = try FeedWorkload.prepare(in: data, corpus: corpus, newest: Date())
        let server = try StaticFileServer(serving: workload.directory)
        defer { server.stop() }
        let urls = urlsFile(base: server.base)

        // The first refresh with and without the killfile, alternating, four times each: on a
        // shared machine one refresh varies by a tenth, the size of the target.
        let rounds = 4
        var plain: [ColdStart.Run] = []
        var killed: [ColdStart.Run] = []
        var keptHome: PrivateHome?
        for round in 0..<rounds {
            for withRules in [false, true] {
                let home = try PrivateHome(store: nil)
                let config = home.root.appendingPathComponent("config/newsapp")
                try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
                try Data(urls.utf8).write(to: config.appendingPathComponent("urls"))
                if withRules {
                    try Data(killfile(base: server.base).utf8).write(
                        to: config.appendingPathComponent("config.toml"))
                }
                let refresh = ColdStart(
                    executable: newsapp, arguments: ["refresh"], environment: home.environment, prompt: nil)
                log(
                    "Filters: newsapp refresh \(withRules ? "with" : "without") the killfile (round \(round + 1))…"
                )
                let run = try refresh.run(through: probe)
                log(
                    String(
                        format: "  %.0f ms · %@", run.toExit.milliseconds,
                        run.output.split(separator: "\n").last.map(String.init) ?? ""))
                if withRules { killed.append(run) } else { plain.append(run) }
                if round == rounds - 1 && !withRules { keptHome = home } else { home.remove() }
            }
        }
        let without = plain.map(\.toExit.milliseconds).min() ?? 0
        let with = killed.map(\.toExit.milliseconds).min() ?? 0
        report.add(
            "First refresh 199 × 500, no killfile (\(rounds) runs)",
            Samples(plain.map(\.toExit.milliseconds)),
            target: nil)
        report.add(
            "First refresh 199 × 500, killfile of 50 rules (\(rounds) runs, alternating with the ones above)",
            Samples(killed.map(\.toExit.milliseconds)), target: nil)
        report.addRatio(
            "First refresh with the killfile as a multiple of the one without (best of \(rounds) each)",
            with / max(without, 1), target: .atMost(1.1))
        report.notes.append(
            "Killfile: the best first refresh with 50 rules took " + String(format: "%.0f", with)
                + " ms against "
                + String(format: "%.0f", without) + " ms without ("
                + String(format: "%+.1f", (with / max(without, 1) - 1) * 100) + " %); "
                + (killed.last.map {
                    "its summary: “\($0.output.split(separator: "\n").last.map(String.init) ?? "")”"
                } ?? ""))

        guard let home = keptHome else { return }
        defer { home.remove() }
        let (store, _) = try NewsStore.open(at: home.storeFile)
        defer { try? store.close() }
        let feeds = try await filterFeeds(urls: urls, store: store)
        var firstPages: [String: Samples] = [:]
        for query in queries {
            let filter = NewsStore.FeedFilter(
                expression: try FilterParser.parse(query.expression), feeds: feeds)
            var page = Samples()
            var matches = 0
            defer { firstPages[query.expression] = page }
            for index in 0..<(runs + 3) {
                let clock = ContinuousClock()
                let start = clock.now
                matches = try await store.filteredFeedPage(filter, limit: 20).items
                if index >= 3 { page.append(start.duration(to: clock.now)) }
            }
            report.add(
                "Query feed over the 99,500 items, first page of 20 and its count: \(query.name), "
                    + "`\(query.expression)` (\(Amount.grouped(matches)) items, \(runs) runs)",
                page, target: .p99(20))
        }

        guard let newsboat else {
            report.notes.append(
                "Query feeds: newsboat is not installed, so its side of the comparison is empty.")
            return
        }
        let boat = try PrivateHome(store: nil)
        defer { boat.remove() }
        let files = NewsboatFiles(root: boat.root)
        try files.write(urls: urls)
        log("Filters: newsboat -x reload, to fill its cache (about a minute)…")
        _ = try ColdStart(
            executable: newsboat, arguments: files.arguments + ["-x", "reload"],
            environment: boat.environment, prompt: nil
        ).run()
        try Data("prepopulate-query-feeds yes\n".utf8).write(to: files.config)
        func printUnread() throws -> Samples {
            var samples = Samples()
            for index in 0..<4 {
                let run = try ColdStart(
                    executable: newsboat, arguments: files.arguments + ["-x", "print-unread"],
                    environment: boat.environment, prompt: nil
                ).run()
                if index >= 1 { samples.append(run.toExit) }
            }
            return samples
        }
        let bare = try printUnread()
        report.add(
            "`newsboat -x print-unread` over the 99,500 items, no query feed (3 runs)", bare, target: nil)
        for query in queries.prefix(3) {
            try files.write(
                urls: urls + "\"query:Q:\(query.expression.replacingOccurrences(of: "\"", with: "\\\""))\"\n")
            try Data("prepopulate-query-feeds yes\n".utf8).write(to: files.config)
            let samples = try printUnread()
            report.add(
                "`newsboat -x print-unread` with the query feed `\(query.expression)` (3 runs)", samples,
                target: nil)
            // newsboat builds every feed's list, query feeds included, before it prints: its
            // time with the query feed is its time to show it.
            let ours = firstPages[query.expression] ?? Samples()
            report.sideBySide.append(
                "| Query feed `\(query.expression)` over 99,500 items: NewsApp's first page and count "
                    + "(p99), newsboat's `-x print-unread` with it (p50; \(Report.number(bare.p50)) ms "
                    + "without it) | \(Report.number(ours.p99)) ms | \(Report.number(samples.p50)) ms | "
                    + "\(Report.number(samples.p50 / ours.p99))× | p99 ≤ 20 ms |")
        }
    }

    /// The workload's urls file with tags: every tenth feed `science`, every seventh `local`.
    static func urlsFile(base: String) -> String {
        FeedWorkload.fileNames.enumerated().map { index, name in
            var line = "\(base)/\(name)"
            if index % 10 == 0 { line += " science" }
            if index % 7 == 0 { line += " local" }
            return line + "\n"
        }.joined()
    }

    /// 50 rules as a newsboat user writes them: words in titles for every feed, some for one feed,
    /// authors and words in the text.
    static func killfile(base: String) -> String {
        let words = [
            "sport", "weather", "celebrity", "lottery", "horoscope", "football", "cricket", "rugby", "tennis",
            "golf",
            "fashion", "recipe", "gossip", "royal", "quiz", "crossword", "advert", "sponsored", "promo",
            "discount",
            "coupon", "giveaway", "contest", "bitcoin", "crypto", "diet", "zodiac", "tarot", "casino",
            "betting",
            "poker", "jackpot", "influencer", "reality", "trailer", "unboxing", "review:", "podcast",
            "livestream",
            "budget",
        ]
        var rules = words.map { #"title =~ "\#($0)""# }.map { ("*", $0) }
        rules += (1...5).map { ("\(base)/\(FeedWorkload.fileNames[$0 * 30])", #"title =~ "river""#) }
        rules += [
            ("*", #"author = "Staff Reporter""#), ("*", #"content =~ "subscribe now""#),
            ("*", #"author =~ "^(PR|Press) ""#), ("*", #"content =~ "advertisement" and title =~ "deal""#),
            ("*", #"title =~ "^(watch|listen):""#),
        ]
        return rules.map { feed, filter in
            "[[ignore_article]]\nfeed = \"\(feed)\"\nfilter = '\(filter)'\n"
        }.joined(separator: "\n")
    }

    /// What the filter language knows of each feed, as the app builds it.
    private static func filterFeeds(urls: String, store: NewsStore) async throws -> [URL: FilterFeed] {
        let lines = urls.split(separator: "\n")
        let addresses = lines.compactMap {
            $0.split(separator: " ").first.flatMap { URL(string: String($0)) }
        }
        let stored = try await store.feedSummaries(for: addresses)
        let byURL = Dictionary(stored.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        var feeds: [URL: FilterFeed] = [:]
        for (index, line) in lines.enumerated() {
            let words = line.split(separator: " ").map(String.init)
            guard let address = words.first, let url = URL(string: address) else { continue }
            let summary = byURL[url]
            feeds[url] = FilterFeed(
                url: address, title: summary?.title ?? address, link: summary?.siteURL?.absoluteString ?? "",
                tags: Array(words.dropFirst()), unreadCount: summary?.unreadCount ?? 0,
                totalCount: summary?.itemCount ?? 0, index: index + 1)
        }
        return feeds
    }
}
