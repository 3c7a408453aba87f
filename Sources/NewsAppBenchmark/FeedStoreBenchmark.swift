import Foundation
import NewsModels
import Store

/// The store's side of a first feed refresh: 199 feeds of 500 items each (a title of about
/// eight words and a summary of sixty, from a few hundred English words, two links each) written
/// through ``NewsStore/recordFeeds(_:)`` ten feeds per transaction, as the refresh writes them,
/// into a new store file; then the same documents again, every item unchanged; then offline
/// search, the feed list and a feed's first page over the result. Only the store is timed: the
/// documents are made before the clock starts.
enum FeedStoreBenchmark {
    static let feeds = 199
    static let itemsPerFeed = 500
    static let feedsPerTransaction = 10

    struct Result: Sendable {
        /// Per run, the whole first write and the whole unchanged write (ms).
        var firstWrite = Samples()
        var unchangedWrite = Samples()
        var search = Samples()
        var summaries = Samples()
        var firstPage = Samples()
        var items: Int { feeds * itemsPerFeed }
    }

    @MainActor
    static func run(in directory: URL, runs: Int, searchRuns: Int) async throws -> Result {
        let documents = (0..<feeds).map(document)
        var result = Result()
        for run in 0..<runs {
            let folder = directory.appendingPathComponent("feeds-store-\(getpid())-\(run)", isDirectory: true)
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let (store, _) = try NewsStore.open(at: folder.appendingPathComponent("news.sqlite"))
            defer { try? store.close() }

            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let cpu0 = processorTime()
            let first = try await write(documents, to: store, at: start)
            let cpu1 = processorTime()
            result.firstWrite.append(milliseconds: first)
            let again = try await write(documents, to: store, at: start.addingTimeInterval(1_800))
            let cpu2 = processorTime()
            result.unchangedWrite.append(milliseconds: again)
            log(
                String(
                    format:
                        "  feeds-store run %d: first write %.0f ms (%.0f ms of processor), unchanged %.0f ms (%.0f ms)",
                    run + 1, first, (cpu1 - cpu0) * 1000, again, (cpu2 - cpu1) * 1000))
            guard run == runs - 1 else { continue }

            // Common words (the vocabulary is small), a phrase, and a place a few items name.
            let queries = ["harbour", "river bridge", "\"garden festival\"", "council -budget", "quillhaven"]
            let clock = ContinuousClock()
            var byQuery: [String: Samples] = [:]
            var matches: [String: Int] = [:]
            for index in 0..<(searchRuns + 10) {
                for query in queries {
                    for sort in [ArticleSortOrder.relevancy, .publishedAt] {
                        let start = clock.now
                        matches[query] = try await store.search(query, sort: sort).totalResults
                        let duration = start.duration(to: clock.now)
                        guard index >= 10 else { continue }
                        result.search.append(duration)
                        byQuery["\(query) \(sort.rawValue)", default: Samples()].append(duration)
                    }
                }
            }
            for (name, samples) in byQuery.sorted(by: { $0.key < $1.key }) {
                let query = String(name[..<name.lastIndex(of: " ")!])
                log(
                    String(
                        format: "  feeds-store search %@ (%d matches): p50 %.2f ms, p99 %.2f ms", name,
                        matches[query] ?? 0, samples.p50, samples.p99))
            }
            result.summaries = try await measure(runs: searchRuns, warmup: 3) {
                _ = try await store.feedSummaries(for: nil)
            }
            result.firstPage = try await measure(runs: searchRuns, warmup: 3) {
                _ = try await store.feedItems(of: feedURL(77), limit: 50)
            }
        }
        return result
    }

    /// Writes every document, `feedsPerTransaction` per call; returns the milliseconds taken.
    private static func write(_ documents: [FeedDocument], to store: NewsStore, at date: Date) async throws
        -> Double
    {
        let clock = ContinuousClock()
        let start = clock.now
        for batch in stride(from: 0, to: documents.count, by: feedsPerTransaction) {
            let records = (batch..<min(batch + feedsPerTransaction, documents.count)).map { index in
                FeedRecord(
                    url: feedURL(index), sourceName: documents[index].title ?? "",
                    outcome: .fetched(documents[index], validators: FeedValidators(etag: "\"v\(index)\"")),
                    attemptedAt: date)
            }
            _ = try await store.recordFeeds(records)
        }
        return start.duration(to: clock.now).milliseconds
    }

    /// The processor time the process used so far, user and system, in seconds: on a shared
    /// machine the wall clock also counts time given to other processes.
    private static func processorTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func feedURL(_ index: Int) -> URL {
        URL(string: "https://feed\(index).example.org/atom.xml")!
    }

    /// Feed `index`'s document, the same on every run.
    static func document(_ index: Int) -> FeedDocument {
        var generator = SplitMix64(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let site = "https://feed\(index).example.org"
        let items = (0..<itemsPerFeed).map { item in
            let title =
                words(8, &generator) + ((index * itemsPerFeed + item) % 997 == 0 ? " in Quillhaven" : "")
            let slug = title.lowercased().split(separator: " ").prefix(4).joined(separator: "-")
            return FeedItem(
                id: "tag:feed\(index).example.org,2027:\(item)",
                title: title.prefix(1).uppercased() + title.dropFirst(),
                link: URL(string: "\(site)/\(2027 - item / 200)/\(item)-\(slug)"),
                author: "Writer \(item % 7)",
                published: Date(timeIntervalSince1970: 1_800_000_000 - Double(item * 3_600 + index)),
                summary: words(60, &generator) + ".",
                links: [
                    URL(string: "\(site)/related/\(item)")!,
                    URL(string: "https://example.com/source/\(item)")!,
                ])
        }
        return FeedDocument(
            format: .atom, title: "Feed \(index) " + words(2, &generator), siteURL: URL(string: site),
            items: items)
    }

    private static func words(_ count: Int, _ generator: inout SplitMix64) -> String {
        (0..<count).map { _ in vocabulary[Int(generator.next() % UInt64(vocabulary.count))] }
            .joined(separator: " ")
    }

    private static let vocabulary = """
        time year people way day man thing woman life child world school state family student group country
        problem hand part place case week company system program question work government number night point
        home water room mother area money story fact month lot right study book eye job word business issue
        side kind head house service friend father power hour game line end member law car city community
        name president team minute idea kid body information back parent face others level office door health
        person art war history party result change morning reason research girl guy moment air teacher force
        education foot boy age policy everything process music market sense nation plan college interest death
        experience effect use class control care field development role effort rate heart drug show leader
        light voice wife police mind price report decision son view relationship town road arm difference
        value building action model season society tax director position player record paper space ground
        form event official matter center couple site project activity star table need court oil situation
        cost industry figure street image phone data picture practice piece land product doctor wall patient
        worker news test movie north love support technology step baby computer type attention film tree
        source organization hair window evidence population truth song theory rock planet rover river bridge
        harbour engine garden festival council budget storm coast island valley mountain forest lake train
        station airport ferry museum library theatre concert league match final coach striker goal election
        minister parliament court judge trial verdict bank loan rate inflation wage strike union factory
        farm harvest weather flood drought fire rescue hospital vaccine virus study scientist telescope
        satellite launch rocket orbit moon comet energy solar wind battery grid carbon climate ocean ice
        glacier species bird whale bee flower seed soil recipe kitchen bread cheese coffee tea wine market
        shop price sale online app software update security password network signal cable chip robot
        """.split(whereSeparator: \.isWhitespace).map(String.init)
}
