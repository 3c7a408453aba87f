import Foundation
import NewsAPIStub

/// The `hostile` section: the release binary on what a hostile server or file sends, up to the
/// size caps: peak memory through `PeakMemoryProbe` and time from spawn to exit, each against its
/// target in BENCHMARKS.md (docs/bounded-input.md says how each input is bounded).
///
/// - a NewsAPI page of 8 MiB of `{}` entries, for `headlines` and for the front page, which asks
///   seven such pages at once (≤ 100 MB);
/// - a JSON Feed of 1,000,000 items added (≤ 100 MB, ≤ 2 s);
/// - an OPML file of 100,000 outlines imported (≤ 3 s);
/// - `newsapp read` of 2 million unclosed `<p>` (≤ `request_timeout`), and `newsapp extract` of
///   every ``HostilePage`` (≤ 2 s, ≤ 150 MB).
///
/// The bodies are served uncompressed by `python3 -m http.server` on 127.0.0.1 (the caps count
/// bytes after decompression: how they travel changes nothing measured here).
enum HostileInputBenchmark {
    static func run(newsapp: String, probe: String, runs: Int, into report: inout Report) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "newsapp-bench-hostile-\(getpid())", isDirectory: true)
        try write(into: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try StaticFileServer(serving: folder)
        defer { server.stop() }

        func measure(_ name: String, _ arguments: [String], news: Bool = false, urls: String? = nil) throws
            -> (time: Samples, peak: Samples)
        {
            var time = Samples()
            var peak = Samples()
            for _ in 0..<runs {
                let home = try PrivateHome(store: nil)
                defer { home.remove() }
                var environment = home.environment
                if news {
                    environment["NEWSAPI_KEY"] = "bench-key"
                    environment["NEWSAPI_BASE_URL"] = server.base + "/v2"
                }
                if let urls {
                    let config = home.root.appendingPathComponent("config/newsapp")
                    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
                    try Data(urls.utf8).write(to: config.appendingPathComponent("urls"))
                }
                let command = ColdStart(
                    executable: newsapp, arguments: arguments, environment: environment,
                    prompt: arguments.isEmpty ? "news ›" : nil)
                let run = try command.run(through: probe)
                time.append(run.toExit)
                peak.append(milliseconds: Double(run.memory?.peakRSS ?? 0) / 1e6)
            }
            log("  \(name): \(Report.number(time.p50)) ms, \(Report.number(peak.p50)) MB")
            return (time, peak)
        }

        log("Hostile input: \(runs) runs of each case…")
        let page = try measure("headlines", ["headlines"], news: true)
        report.add(
            "Hostile: `headlines`, a NewsAPI page of 8 MiB of `{}` entries, peak", page.peak,
            target: .p99(100), unit: "MB")
        let front = try measure("front page", [], news: true)
        report.add(
            "Hostile: the front page, seven such pages at once, peak", front.peak, target: .p99(100),
            unit: "MB")
        let feed = try measure("JSON Feed", ["feeds", "add", server.base + "/feed.json"])
        report.add("Hostile: `feeds add`, a JSON Feed of 1,000,000 items", feed.time, target: .p99(2_000))
        report.add(
            "Hostile: `feeds add`, a JSON Feed of 1,000,000 items, peak", feed.peak, target: .p99(100),
            unit: "MB")
        let opml = try measure(
            "OPML import", ["feeds", "import", folder.appendingPathComponent("many.opml").path])
        report.add(
            "Hostile: `feeds import`, an OPML file of 100,000 outlines", opml.time, target: .p99(3_000))
        let read = try measure("read", ["read", server.base + "/paragraphs.html"])
        report.add(
            "Hostile: `read` of 2 million unclosed `<p>` (request_timeout 10 s)", read.time,
            target: .p99(10_000))
        var slowest = (name: "", time: Samples([0]))
        var peaks = Samples()
        for shape in HostilePage.allCases {
            let path = folder.appendingPathComponent("\(shape.rawValue).html").path
            let extract = try measure("extract \(shape.rawValue)", ["extract", path])
            if extract.time.p50 > slowest.time.p50 { slowest = (shape.rawValue, extract.time) }
            for value in extract.peak.values { peaks.append(milliseconds: value) }
            report.notes.append(
                "Hostile page `\(shape.rawValue)`: extracted in \(Report.number(extract.time.p50)) ms at "
                    + "\(Report.number(extract.peak.p50)) MB (p50 of \(runs)).")
        }
        report.add(
            "Hostile: `extract` of the slowest 8 MiB hostile page (`\(slowest.name)`)", slowest.time,
            target: .p99(2_000))
        report.add("Hostile: `extract` of any 8 MiB hostile page, peak", peaks, target: .p99(150), unit: "MB")
    }

    /// The bodies: NewsAPI's page (both endpoints), the JSON Feed, the OPML file and the pages.
    private static func write(into folder: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(
            at: folder.appendingPathComponent("v2"), withIntermediateDirectories: true)
        let head = #"{"status":"ok","totalResults":3000000,"articles":["#
        let count = ((8 << 20) - head.utf8.count - 2) / 3
        let page = Data((head + String(repeating: "{},", count: count - 1) + "{}]}").utf8)
        for endpoint in ["top-headlines", "everything"] {
            try page.write(to: folder.appendingPathComponent("v2/\(endpoint)"))
        }
        var feed = #"{"version":"https://jsonfeed.org/version/1.1","title":"Many","items":["#
        feed.reserveCapacity(16 << 20)
        for index in 0..<1_000_000 { feed += index == 0 ? #"{"id":"0"}"# : #",{"id":"\#(index)"}"# }
        try Data((feed + "]}").utf8).write(to: folder.appendingPathComponent("feed.json"))
        var opml = #"<?xml version="1.0"?><opml version="2.0"><head/><body><outline text="All">"#
        for index in 0..<100_000 {
            opml += #"<outline type="rss" text="Feed \#(index)" xmlUrl="https://f\#(index).example/rss"/>"#
        }
        try Data((opml + "</outline></body></opml>").utf8).write(
            to: folder.appendingPathComponent("many.opml"))
        try Data(String(repeating: "<p>", count: 2_000_000).utf8).write(
            to: folder.appendingPathComponent("paragraphs.html"))
        for shape in HostilePage.allCases {
            try Data(shape.html.utf8).write(to: folder.appendingPathComponent("\(shape.rawValue).html"))
        }
    }
}
