import Foundation
import NewsModels
import SampleEdition

/// `newsapp-bench`: measures the release app against the targets in BENCHMARKS.md and prints a table.
/// Run it through `Scripts/benchmark`, which builds it and `newsapp` in release mode first.
@main
@MainActor
struct BenchmarkMain {
    static func main() async {
        let options: Options
        do {
            options = try Options(CommandLine.arguments.dropFirst())
        } catch {
            log("newsapp-bench: \(error)\n\n\(Options.usage)")
            exit(2)
        }
        if options.help {
            print(Options.usage)
            return
        }
        do {
            try await run(options)
        } catch {
            log("newsapp-bench: \(error)")
            exit(1)
        }
    }

    private static func run(_ options: Options) async throws {
        let machine = Machine.current()
        let edition = try SampleEdition.bundled()
        let corpus = Corpus(edition: edition, newest: Date())
        var report = Report(machine: machine, label: options.label)
        let loadAtStart = Machine.loadAverage()
        try FileManager.default.createDirectory(at: options.dataDirectory, withIntermediateDirectories: true)

        var store: URL?
        if options.sections.contains(.cold) || options.sections.contains(.search) {
            log("Store: \(options.articles) articles…")
            let cached = try await StoreFiller.cachedStore(
                in: options.dataDirectory, articles: options.articles,
                edition: edition)
            store = cached.file
            let bytes =
                (try? FileManager.default.attributesOfItem(atPath: cached.file.path)[.size] as? Int) ?? 0
            report.notes.append(
                "Store: \(Amount.grouped(try StoreFiller.articleCount(cached.file))) articles, "
                    + String(format: "%.0f MB", Double(bytes) / 1e6) + " (\(cached.note)).")
        }

        if options.sections.contains(.cold), let store {
            if let newsapp = options.newsapp {
                log("Cold start: \(options.coldRuns) runs of \(CheckoutPath.display(newsapp))…")
                try ColdStartBenchmark.run(
                    newsapp: newsapp, probe: options.probe(beside: newsapp), store: store,
                    runs: options.coldRuns,
                    into: &report)
            } else {
                report.notes.append("Cold start: skipped (no --newsapp binary given).")
            }
        }
        if options.sections.contains(.search), let store {
            log("Search: \(options.searchRuns) FTS and \(options.likeRuns) LIKE runs per query…")
            let copy = try PrivateHome(store: store)
            defer { copy.remove() }
            let results = try await SearchBenchmark.run(
                file: copy.storeFile, cases: SearchBenchmark.cases(rarePlace: corpus.rarePlace),
                ftsRuns: options.searchRuns, likeRuns: options.likeRuns)
            report.addSearch(results)
        }
        if options.sections.contains(.render) {
            log("Render: \(options.renderRuns) runs per router…")
            let result = await RenderBenchmark.run(corpus: corpus, runs: options.renderRuns)
            report.add(
                "Render + layout, 100-item list, 200 columns, StackRouter (\(result.stackLines) lines)",
                result.stack, target: .p99(2))
            report.add(
                "Render + layout, 100-item list, 200 columns, SplitRouter with an article open "
                    + "(\(result.splitLines) lines)", result.split, target: .p99(2))
        }
        if options.sections.contains(.fetch) {
            log("Fetch: \(options.fetchRuns) runs…")
            let result = try await FetchBenchmark.run(corpus: corpus, runs: options.fetchRuns)
            report.add(
                "Fetch + decode + render, 100-article page from 127.0.0.1 (stub in-process)", result.samples,
                target: .p99(20))
        }
        if options.sections.contains(.pace) {
            for prefetch in [false, true] {
                log(
                    "`n` at human pace, prefetch \(prefetch ? "on" : "off"): \(options.paceCommands) commands…"
                )
                let result = try await PaceBenchmark.run(
                    corpus: corpus, commands: options.paceCommands, prefetch: prefetch)
                report.add(
                    "`n` at one command a second, server +200 ms, pages of 20, "
                        + (prefetch ? "**with prefetch**" : "without prefetch")
                        + ": `n` → page drawn (\(result.samples.count) pages, \(result.requests) requests)",
                    result.samples, target: prefetch ? .p50(5) : nil)
            }
        }
        if options.sections.contains(.feedsStore) {
            log(
                "Feed store: \(options.feedRuns) runs of \(FeedStoreBenchmark.feeds) feeds × \(FeedStoreBenchmark.itemsPerFeed) items…"
            )
            let result = try await FeedStoreBenchmark.run(
                in: options.dataDirectory, runs: options.feedRuns, searchRuns: options.searchRuns)
            report.addFeedStore(result)
        }
        if options.sections.contains(.refresh) {
            if let newsapp = options.newsapp {
                try await RefreshBenchmark.run(
                    newsapp: newsapp, probe: options.probe(beside: newsapp), newsboat: options.newsboat,
                    data: options.dataDirectory, corpus: corpus,
                    coldRuns: options.coldRuns, searchRuns: options.searchRuns, floorRuns: options.floorRuns,
                    into: &report)
            } else {
                report.notes.append("Refresh: skipped (no --newsapp binary given).")
            }
        }
        if options.sections.contains(.network) {
            if let newsapp = options.newsapp {
                try NetworkBenchmark.run(
                    newsapp: newsapp, probe: options.probe(beside: newsapp), newsboat: options.newsboat,
                    data: options.dataDirectory, into: &report)
            } else {
                report.notes.append("Network: skipped (no --newsapp binary given).")
            }
        }
        if options.sections.contains(.filters) {
            if let newsapp = options.newsapp {
                try await FilterBenchmark.run(
                    newsapp: newsapp, probe: options.probe(beside: newsapp), newsboat: options.newsboat,
                    data: options.dataDirectory, corpus: corpus, runs: options.searchRuns, into: &report)
            } else {
                report.notes.append("Filters: skipped (no --newsapp binary given).")
            }
        }
        if options.sections.contains(.extract) {
            log("Extract: \(options.extractRounds) rounds over the reader corpus…")
            let result = try ExtractBenchmark.run(corpus: options.readerCorpus, rounds: options.extractRounds)
            report.add(
                "Reader mode: extract one page of the corpus (\(result.pages) pages, mean word F1 "
                    + String(format: "%.3f", result.meanF1) + ")", result.perPage, target: .p99(50))
            report.add(
                "Reader mode: extract one page of the corpus, median", result.perPage, target: .p50(5))
            report.add(
                "Reader mode: extract a generated \(result.largeBytes / 1_000) KB page", result.large,
                target: nil)
            if let folder = options.realPages {
                log(
                    "Extract: \(options.extractRounds) rounds over the real pages in \(CheckoutPath.display(folder))…"
                )
                let sources = try RealPagesBenchmark.run(folder: folder, rounds: options.extractRounds)
                var all = Samples()
                for source in sources {
                    for score in source.scores { log("  \(source.name)/\(score.line)") }
                    report.add(
                        "Reader mode: extract one real page of \(source.name) (\(source.summary))",
                        source.perPage,
                        target: .p99(50))
                    for value in source.perPage.values { all.append(milliseconds: value) }
                }
                report.add(
                    "Reader mode: extract one real page (\(sources.map(\.scores.count).reduce(0, +)) pages), median",
                    all, target: .p50(5))
                report.add("Reader mode: extract one real page, p99", all, target: .p99(50))
            }
        }
        if options.sections.contains(.hostile) {
            if let newsapp = options.newsapp {
                try HostileInputBenchmark.run(
                    newsapp: newsapp, probe: options.probe(beside: newsapp), runs: options.hostileRuns,
                    into: &report)
            } else {
                report.notes.append("Hostile input: skipped (no --newsapp binary given).")
            }
        }
        if options.sections.contains(.sync) {
            if let newsapp = options.newsapp {
                try await SyncBenchmark.run(
                    newsapp: newsapp, probe: options.probe(beside: newsapp), data: options.dataDirectory,
                    freshrss: options.freshrssArchive, runs: options.syncRuns, into: &report)
            } else {
                report.notes.append("Sync: skipped (no --newsapp binary given).")
            }
        }
        report.notes.append(
            "Load average (1 min) at start \(loadAtStart), at end \(Machine.loadAverage()), on "
                + "\(machine.logicalCores) cores: other work on the machine shows in the p99s.")
        print(report.text)
    }
}

/// The command line.
struct Options {
    enum Section: String, CaseIterable {
        case cold, search, render, fetch, pace
        case feedsStore = "feeds-store"
        case refresh
        case network
        case extract
        case filters
        case hostile
        case sync
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    var newsapp: String?
    /// `PeakMemoryProbe`, which measures the peak memory of the app's runs; by default the one
    /// built beside `newsapp`.
    var rssProbe: String?
    /// Debian's `newsboat`, refreshed side by side with `newsapp`; the rows are empty without it.
    var newsboat: String?
    var dataDirectory = URL(fileURLWithPath: ".build-bench-release/benchmark", isDirectory: true)
    var articles = 100_000
    var coldRuns = 30
    var searchRuns = 200
    var likeRuns = 20
    var renderRuns = 1_000
    var fetchRuns = 200
    var paceCommands = 30
    var feedRuns = 3
    var floorRuns = 5
    var extractRounds = 20
    var hostileRuns = 3
    var syncRuns = 10
    /// FreshRSS's archive for the `sync` section: --freshrss, else FRESHRSS_ARCHIVE, else
    /// ../shared/servers beside the checkout.
    var freshrss: String?
    /// Reader mode's corpus, read from the repository.
    var readerCorpus = URL(fileURLWithPath: "Tests/FeedsTests/Fixtures/reader", isDirectory: true)
    /// Real pages with their expected texts (`Scripts/real-pages` fetches them); none by default.
    var realPages: URL?
    var sections = Set(Section.allCases)
    var label: String?
    var help = false

    static let usage = """
        usage: newsapp-bench [--newsapp PATH] [--rss-probe PATH] [--newsboat PATH] [--data DIR]
                             [--only cold,search,render,fetch,pace,feeds-store,refresh,network,extract,filters,sync,hostile]
                             [--articles N] [--cold-runs N] [--search-runs N] [--like-runs N]
                             [--render-runs N] [--fetch-runs N] [--pace-commands N] [--feed-runs N] [--floor-runs N]
                             [--extract-rounds N] [--hostile-runs N] [--reader-corpus DIR] [--real-pages DIR]
                             [--sync-runs N] [--freshrss ARCHIVE] [--label TEXT]

          --newsapp PATH  the release newsapp binary, for the cold start (skipped without it)
          --rss-probe PATH  PeakMemoryProbe, for peak memory (default: the one beside newsapp)
          --newsboat PATH newsboat, refreshed side by side with newsapp (rows empty without it)
          --data DIR      where the filled store is cached (default .build-bench-release/benchmark)
          --label TEXT    printed under the title, e.g. the commit measured
          --reader-corpus DIR  reader mode's pages (default Tests/FeedsTests/Fixtures/reader)
          --real-pages DIR     real pages measured too, a folder of sources (Scripts/real-pages):
                               NAME.html with NAME.txt (word F1) or NAME.phrases (phrases)
          --freshrss ARCHIVE   FreshRSS's archive for the sync section (default: FRESHRSS_ARCHIVE,
                               else ../shared/servers/freshrss-*.tar.gz; its rows are skipped without)
        """

    /// FreshRSS's archive: ``freshrss``, else `FRESHRSS_ARCHIVE`, else one in ../shared/servers.
    var freshrssArchive: String? {
        if let freshrss { return freshrss }
        if let path = ProcessInfo.processInfo.environment["FRESHRSS_ARCHIVE"], !path.isEmpty { return path }
        let folder = "../shared/servers"
        let found = (try? FileManager.default.contentsOfDirectory(atPath: folder))?
            .first { $0.hasPrefix("freshrss-") && $0.hasSuffix(".tar.gz") }
        return found.map { URL(fileURLWithPath: folder + "/" + $0).standardizedFileURL.path }
    }

    /// The probe to measure peak memory with: ``rssProbe``, else `PeakMemoryProbe` beside `newsapp`.
    func probe(beside newsapp: String) throws -> String {
        let path =
            rssProbe
            ?? URL(fileURLWithPath: newsapp).deletingLastPathComponent().appendingPathComponent(
                "PeakMemoryProbe"
            ).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Problem(description: "no PeakMemoryProbe at \(path) (build it, or give --rss-probe)")
        }
        return path
    }

    init<Arguments: Collection<String>>(_ arguments: Arguments) throws {
        var rest = Array(arguments)[...]
        func value(_ name: String) throws -> String {
            guard let value = rest.popFirst() else { throw Problem(description: "\(name) needs a value") }
            return value
        }
        func count(_ name: String) throws -> Int {
            let text = try value(name)
            guard let number = Int(text), number >= 1 else {
                throw Problem(description: "\(name) must be a whole number of at least 1, not “\(text)”")
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--newsapp": newsapp = try value(argument)
            case "--rss-probe": rssProbe = try value(argument)
            case "--newsboat": newsboat = try value(argument)
            case "--data": dataDirectory = URL(fileURLWithPath: try value(argument), isDirectory: true)
            case "--articles": articles = try count(argument)
            case "--cold-runs": coldRuns = try count(argument)
            case "--search-runs": searchRuns = try count(argument)
            case "--like-runs": likeRuns = try count(argument)
            case "--render-runs": renderRuns = try count(argument)
            case "--fetch-runs": fetchRuns = try count(argument)
            case "--pace-commands": paceCommands = try count(argument)
            case "--feed-runs": feedRuns = try count(argument)
            case "--floor-runs": floorRuns = try count(argument)
            case "--extract-rounds": extractRounds = try count(argument)
            case "--hostile-runs": hostileRuns = try count(argument)
            case "--sync-runs": syncRuns = try count(argument)
            case "--freshrss": freshrss = try value(argument)
            case "--reader-corpus":
                readerCorpus = URL(fileURLWithPath: try value(argument), isDirectory: true)
            case "--real-pages":
                realPages = URL(fileURLWithPath: try value(argument), isDirectory: true)
            case "--label": label = try value(argument)
            case "--only":
                let names = try value(argument).split(separator: ",").map(String.init)
                sections = []
                for name in names {
                    guard let section = Section(rawValue: name) else {
                        throw Problem(description: "unknown section “\(name)”")
                    }
                    sections.insert(section)
                }
            case "-h", "--help": help = true
            default: throw Problem(description: "unknown argument “\(argument)”")
            }
        }
    }
}
