import Foundation
import NewsModels

/// The printed result: a title with the machine and date, one table row per measurement with
/// its target, the search details, and notes.
struct Report {
    enum Target {
        /// Met when the median is at most this.
        case p50(Double)
        /// Met when the 99th percentile is at most this.
        case p99(Double)
    }

    private struct Row {
        var name: String
        var p50: String
        var p99: String
        var target: String
        var verdict: String
    }

    let machine: Machine
    let label: String?
    private var rows: [Row] = []
    private var searchRows: [String] = []
    var notes: [String] = []
    /// Rows of the side-by-side table with newsboat: `| name | NewsApp | newsboat | ratio | target |`.
    var sideBySide: [String] = []

    init(machine: Machine, label: String?) {
        self.machine = machine
        self.label = label
    }

    mutating func add(_ name: String, _ samples: Samples, target: Target?, unit: String = "ms") {
        let (targetText, verdict): (String, String)
        switch target {
        case .p50(let limit)?:
            targetText = "p50 ≤ \(Self.number(limit)) \(unit)"
            verdict = samples.p50 <= limit ? "met" : "**missed**"
        case .p99(let limit)?:
            targetText = "≤ \(Self.number(limit)) \(unit)"
            verdict =
                samples.p99 <= limit ? "met" : samples.p50 <= limit ? "**p50 only**" : "**missed**"
        case nil:
            targetText = "–"
            verdict = ""
        }
        rows.append(
            Row(
                name: name, p50: Self.number(samples.p50) + " " + unit,
                p99: Self.number(samples.p99) + " " + unit, target: targetText, verdict: verdict))
    }

    /// A ratio: met when it is at most (or at least) the target.
    enum RatioTarget {
        case atMost(Double)
        case atLeast(Double)
    }

    mutating func addRatio(_ name: String, _ value: Double, target: RatioTarget) {
        let (text, met): (String, Bool)
        switch target {
        case .atMost(let limit): (text, met) = ("≤ \(Self.number(limit))×", value <= limit)
        case .atLeast(let limit): (text, met) = ("≥ \(Self.number(limit))×", value >= limit)
        }
        rows.append(
            Row(
                name: name, p50: Self.number(value) + "×", p99: "–", target: text,
                verdict: met ? "met" : "**missed**"))
    }

    mutating func addSearch(_ results: [SearchBenchmark.Result]) {
        for result in results {
            let query = result.query
            let name = "\(query.kind) “\(query.text)”, \(Amount.grouped(result.ftsMatches)) matches"
            add("Offline search (FTS), newest first, " + name, result.newest, target: .p99(10))
            add("Offline search (FTS), by relevancy, " + name, result.relevancy, target: .p99(10))
            let cells = [
                query.kind, "“\(query.text)”", Amount.grouped(result.ftsMatches),
                Amount.grouped(result.likeMatches), Self.pair(result.newest), Self.pair(result.relevancy),
                Self.pair(result.like), Self.number(result.speedup) + "×", Self.number(result.countOnly.p50),
            ]
            searchRows.append("| " + cells.joined(separator: " | ") + " |")
        }
        if let slowest = results.min(by: { $0.speedup < $1.speedup }) {
            rows.append(
                Row(
                    name:
                        "Offline search: FTS newest first vs LIKE '%word%' newest first (smallest of the "
                        + "\(results.count), “\(slowest.query.text)”, p50 / p50)",
                    p50: Self.number(slowest.speedup) + "×", p99: "–", target: "≥ 20×",
                    verdict: slowest.speedup >= 20 ? "met" : "**missed**"))
        }
    }

    mutating func addFeedStore(_ result: FeedStoreBenchmark.Result) {
        let feeds = "\(FeedStoreBenchmark.feeds) feeds × \(FeedStoreBenchmark.itemsPerFeed) items"
        let batches = "\(FeedStoreBenchmark.feedsPerTransaction) feeds per transaction"
        add(
            "Feed store: first write of \(feeds) (\(Amount.grouped(result.items)) new items), \(batches), "
                + "\(result.firstWrite.count) runs", result.firstWrite, target: .p50(1_200))
        add(
            "Feed store: the same documents again, every item unchanged, \(result.unchangedWrite.count) runs",
            result.unchangedWrite, target: .p50(500))
        add(
            "Feed store: offline search over the \(Amount.grouped(result.items)) items (5 queries, each newest "
                + "first and by relevancy)", result.search, target: .p99(10))
        add("Feed store: the feed list with item and unread counts", result.summaries, target: nil)
        add("Feed store: a feed's newest 50 items", result.firstPage, target: nil)
        let perSecond = Double(result.items) / (result.firstWrite.p50 / 1_000)
        notes.append(
            "Feed store: the first write stores " + Amount.grouped(Int(perSecond)) + " items/s (median run).")
    }

    var text: String {
        var lines = ["## NewsApp benchmark · \(machine.dateText)", ""]
        if let label { lines += ["\(label)", ""] }
        lines += ["Machine: \(machine.summary)", ""]
        lines += [
            "| Measurement | p50 | p99 | Target | |",
            "|---|--:|--:|---|---|",
        ]
        lines += rows.map { "| \($0.name) | \($0.p50) | \($0.p99) | \($0.target) | \($0.verdict) |" }
        if !searchRows.isEmpty {
            lines += [
                "",
                "Search, query by query (ms, p50 / p99; FTS is `NewsStore.search`, which also matches the "
                    + "outlet's name; LIKE scans title, description and content, newest first, the same answer "
                    + "as FTS newest first; the last column, a diagnostic, is the FTS count alone):",
                "",
                "| Kind | Query | FTS matches | LIKE matches | FTS newest first | FTS by relevancy | LIKE "
                    + "| Speed-up | Count alone p50 |",
                "|---|---|--:|--:|--:|--:|--:|--:|--:|",
            ]
            lines += searchRows
        }
        if !sideBySide.isEmpty {
            lines += [
                "",
                "Side by side with newsboat (Debian's package), same machine, same run, same feeds "
                    + "(ratio: newsboat ÷ NewsApp, so above 1 NewsApp is faster or smaller):",
                "",
                "| Measurement | NewsApp | newsboat | Ratio | Target |",
                "|---|--:|--:|--:|---|",
            ]
            lines += sideBySide
        }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "- " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// `41.2 / 77.2`: p50 / p99.
    static func pair(_ samples: Samples) -> String {
        number(samples.p50) + " / " + number(samples.p99)
    }

    static func number(_ value: Double) -> String {
        let digits = value < 1 ? 3 : value < 10 ? 2 : value < 100 ? 1 : 0
        return String(format: "%.\(digits)f", value)
    }

}
