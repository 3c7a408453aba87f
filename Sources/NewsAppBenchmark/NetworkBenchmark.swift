import Dispatch
import Feeds
import Foundation
import NewsModels
import ShapedNetwork

/// The `network` section: a refresh on a network shaped like the internet. 300 feeds
/// on 100 hosts, each a loopback address of its own, served by ``ShapedServer`` with seeded times
/// to first byte and bandwidths, 3 hosts that hang, 2 that refuse, 2 that trickle; a first
/// refresh (every feed new) and a daily one (most answer `304`). Side by side in the same run:
/// the floor computed from the schedule under the refresh's limits, `curl --parallel` under the
/// same limits on the same addresses, and newsboat with its defaults and with 8 reload threads.
enum NetworkBenchmark {
    /// Seconds every client may wait for one feed: the same for all, so a hung host costs each
    /// the same. (newsboat's default, 30 s, would make its serial run last a quarter of an hour.)
    static let timeout = 10
    static let seed: UInt64 = 36

    static func run(
        newsapp: String, probe: String, newsboat: String?, data: URL, into report: inout Report
    ) throws {
        log("Network: drawing the schedule and writing its feeds…")
        let schedule = NetworkSchedule.internetShaped(seed: seed, newest: Date())
        let server = try ShapedServer(schedule)
        defer { server.stop() }
        let options = FeedRefresher.Options()
        let limits = NetworkFloor.Limits(
            requestsAtOnce: options.concurrency, perHost: options.perHost, timeout: Double(timeout))
        let floors = (
            first: NetworkFloor(schedule, documents: server.documents, round: .first, limits: limits),
            daily: NetworkFloor(schedule, documents: server.documents, round: .daily, limits: limits)
        )
        describe(schedule, server: server, limits: limits, floors: floors, into: &report)

        // curl under the same limits.
        log("Network: curl --parallel, first round…")
        let curlFirst = try CurlFloor.measure(server: server, round: .first, limits: limits, in: data)
        log("Network: curl --parallel, daily round…")
        server.round = .daily
        let curlDaily = try CurlFloor.measure(server: server, round: .daily, limits: limits, in: data)
        server.round = .first

        // newsapp refresh, first then daily, in one home.
        let home = try PrivateHome(store: nil)
        defer { home.remove() }
        let config = home.root.appendingPathComponent("config/newsapp")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(server.urlsFile.utf8).write(to: config.appendingPathComponent("urls"))
        try Data("refresh_timeout = \(timeout)\n".utf8).write(
            to: config.appendingPathComponent("config.toml"))
        let refresh = ColdStart(
            executable: newsapp, arguments: ["refresh"], environment: home.environment, prompt: nil)
        log("Network: newsapp refresh, first round…")
        server.resetStatistics()
        let first = try refresh.run(through: probe)
        RefreshBenchmark.note(first, "newsapp refresh, first")
        let firstStatistics = server.statistics
        let firstStages = RefreshStages(log: home.root.appendingPathComponent("state/newsapp/newsapp.log"))
        log("Network: newsapp refresh, daily round…")
        server.round = .daily
        server.resetStatistics()
        let daily = try refresh.run(through: probe)
        RefreshBenchmark.note(daily, "newsapp refresh, daily")
        let dailyStatistics = server.statistics
        server.round = .first
        if let firstStages {
            report.notes.append(
                "Network refresh, first, from NewsApp's log: "
                    + String(
                        format:
                            "%.2f s in all; the store was writing for %.2f s, feeds were being parsed for %.2f s.",
                        firstStages.total, firstStages.writing, firstStages.parsing))
        }
        report.notes.append(
            "Network refresh, NewsApp's summaries: “\(RefreshBenchmark.summary(first))” then “\(RefreshBenchmark.summary(daily))”; the server "
                + "saw \(firstStatistics.requests) then \(dailyStatistics.requests) requests "
                + "(\(dailyStatistics.notModified) answered 304), at most "
                + "\(firstStatistics.mostConnections.values.max() ?? 0) connections to one host at once.")

        var boats: [(name: String, run: ColdStart.Run)] = []
        if let newsboat {
            for threads in [1, 8] {
                let boat = try PrivateHome(store: nil)
                defer { boat.remove() }
                let files = NewsboatFiles(root: boat.root)
                try files.write(urls: server.urlsFile)
                var settings = "download-timeout \(timeout)\n"
                if threads > 1 { settings += "reload-threads \(threads)\n" }
                try Data(settings.utf8).write(to: files.config)
                let reload = ColdStart(
                    executable: newsboat, arguments: files.arguments + ["-x", "reload"],
                    environment: boat.environment, prompt: nil)
                log("Network: newsboat -x reload, \(threads) thread(s), first round (minutes)…")
                let run = try reload.run(through: probe)
                RefreshBenchmark.note(run, "newsboat, \(threads) thread(s)")
                boats.append((threads == 1 ? "defaults" : "8 threads", run))
            }
        } else {
            report.notes.append("Network refresh: newsboat is not installed, so its rows are empty.")
        }

        // Rows.
        let ms = { (run: ColdStart.Run) in run.toExit.milliseconds }
        report.add(
            "Network refresh, first: floor (critical path under the refresh's limits)",
            Samples([floors.first.seconds * 1_000]), target: nil)
        report.add(
            "Network refresh, first: `curl --parallel`, same limits, same addresses",
            curlFirst, target: nil)
        report.add("Network refresh, first: `newsapp refresh`", Samples([ms(first)]), target: nil)
        for boat in boats {
            report.add(
                "Network refresh, first: newsboat (\(boat.name))", Samples([ms(boat.run)]), target: nil)
        }
        report.add(
            "Network refresh, daily: floor (critical path under the refresh's limits)",
            Samples([floors.daily.seconds * 1_000]), target: nil)
        report.add(
            "Network refresh, daily: `curl --parallel`, same limits, conditional requests",
            curlDaily, target: nil)
        report.add("Network refresh, daily: `newsapp refresh`", Samples([ms(daily)]), target: nil)
        report.addRatio(
            "Network refresh, first: NewsApp ÷ floor", ms(first) / (floors.first.seconds * 1_000),
            target: .atMost(1.2))
        report.addRatio(
            "Network refresh, daily: NewsApp ÷ floor", ms(daily) / (floors.daily.seconds * 1_000),
            target: .atMost(1.2))
        for boat in boats {
            report.addRatio(
                "Network refresh, first: newsboat (\(boat.name)) ÷ NewsApp", ms(boat.run) / ms(first),
                target: .atLeast(boat.name == "defaults" ? 10 : 2))
        }
        let peak = Double(max(first.memory?.peakRSS ?? 0, daily.memory?.peakRSS ?? 0)) / 1e6
        report.add("Network refresh: peak RSS", Samples([peak]), target: .p99(60), unit: "MB")
        if let boat = boats.last {
            report.notes.append(
                "Network refresh: newsboat's peak RSS "
                    + boats.map {
                        String(format: "%.1f MB", Double($0.run.memory?.peakRSS ?? 0) / 1e6) + " (\($0.name))"
                    }
                    .joined(separator: ", ")
                    + (boat.run.status == 0 ? "" : "; newsboat exited \(boat.run.status)")
                    + ".")
        }
    }

    private static func describe(
        _ schedule: NetworkSchedule, server: ShapedServer, limits: NetworkFloor.Limits,
        floors: (first: NetworkFloor, daily: NetworkFloor), into report: inout Report
    ) {
        let bytes = schedule.feeds.indices.reduce(0) { $0 + server.documents.first[$1].body.count }
        let items = schedule.feeds.reduce(0) { $0 + $1.items }
        let changed = schedule.feeds.filter { $0.newInDaily > 0 }.count
        let perHost = Dictionary(grouping: schedule.feeds, by: \.host).values.map(\.count)
        report.notes.append(
            "Network workload (seed \(seed)): \(schedule.feeds.count) RSS feeds, \(Amount.grouped(items)) items, "
                + String(format: "%.1f MB", Double(bytes) / 1e6) + ", on \(schedule.hosts.count) hosts "
                + "(127.0.0.2–127.0.0.\(schedule.hosts.count + 1), 1–\(perHost.max() ?? 0) feeds each; "
                + "3 hang, 2 refuse, 2 trickle a byte a second); times to first byte 50–800 ms (log-normal), "
                + "bandwidths 0.2–5 MB/s; daily round: \(changed) feeds with 1–5 new items, the rest 304. "
                + "Limits: \(limits.requestsAtOnce) requests at once, \(limits.perHost) per host, "
                + "\(timeout) s timeout for every client.")
        for (name, floor) in [("first", floors.first), ("daily", floors.daily)] {
            report.notes.append(
                "Network floor, \(name): "
                    + String(
                        format: "%.2f s = the largest of the slowest host's chain %.2f s", floor.seconds,
                        floor.slowestChain)
                    + " (\(floor.slowestHost)), "
                    + String(format: "the timeout %.0f s, ", floor.timeoutBound)
                    + "and every answer's time over \(limits.requestsAtOnce) requests at once "
                    + String(format: "%.2f s.", floor.throughputBound))
        }
    }
}

/// `curl --parallel` under a refresh's limits: one curl per host (`--parallel-max` its limit per
/// host), as many hosts at once as the requests at once allow, the longest chains first, every
/// body thrown away; in the daily round each request names the validators of the first.
enum CurlFloor {
    static func measure(
        server: ShapedServer, round: NetworkSchedule.Round, limits: NetworkFloor.Limits, in folder: URL
    ) throws -> Samples {
        guard
            let curl = ["/usr/bin/curl", "/usr/local/bin/curl", "/bin/curl"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return Samples() }
        let schedule = server.schedule
        // Hosts by the length of their chain, longest first.
        let chains = schedule.hosts.indices.map { host -> (Int, Double) in
            let durations = schedule.feeds(ofHost: host).map { feed in
                schedule.hosts[host].firstByte
                    + Double(
                        server.documents.answerBytes(ofFeed: feed, in: round, conditional: round == .daily))
                    / schedule.hosts[host].bytesPerSecond
            }
            return (host, NetworkFloor.chain(durations, connections: limits.perHost))
        }
        let order = chains.sorted { $0.1 > $1.1 }.map(\.0)
        var runs: [ColdStart] = []
        var files: [URL] = []
        for host in order {
            var text = ""
            for feed in schedule.feeds(ofHost: host) {
                text +=
                    "url = \"\(server.url(ofFeed: feed))\"\noutput = \"/dev/null\"\nmax-time = \(limits.timeout)\n"
                if round == .daily {
                    text +=
                        "header = \"If-None-Match: \(server.documents.first[feed].etag.replacingOccurrences(of: "\"", with: "\\\""))\"\n"
                }
                text += "next\n"
            }
            let file = folder.appendingPathComponent("curl-network-\(getpid())-\(host).config")
            try Data(text.utf8).write(to: file)
            files.append(file)
            runs.append(
                ColdStart(
                    executable: curl,
                    arguments: [
                        "--silent", "--parallel", "--parallel-immediate", "--parallel-max",
                        String(limits.perHost),
                        "--config", file.path,
                    ],
                    environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], prompt: nil))
        }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        let slots = DispatchSemaphore(value: max(1, limits.requestsAtOnce / limits.perHost))
        let group = DispatchGroup()
        let clock = ContinuousClock()
        let started = clock.now
        for run in runs {
            slots.wait()
            group.enter()
            let thread = Thread {
                _ = try? run.run()
                slots.signal()
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return Samples([(clock.now - started).milliseconds])
    }
}
