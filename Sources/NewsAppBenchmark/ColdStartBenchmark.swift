import Foundation
import NewsModels

/// Cold start of the release `newsapp` binary with the 100,000-article store in its cache
/// directory: `printf 'q\n' | newsapp --offline` in a private home, timed to its first prompt.
enum ColdStartBenchmark {
    static func run(newsapp: String, probe: String, store: URL, runs: Int, into report: inout Report) throws {
        let offline = try helpText(newsapp).contains("--offline")
        let home = try PrivateHome(store: store)
        defer { home.remove() }
        try StoreFiller.markFetchedNow(home.storeFile)
        let before = try StoreFiller.articleCount(home.storeFile)
        let arguments = offline ? ["--offline"] : []
        var environment = home.environment
        if offline {
            // `--offline` leaves the keyless sample edition as it is; with a key it answers from
            // the store only. The address is closed, should anything try the network anyway.
            environment["NEWSAPI_KEY"] = "bench-offline"
            environment["NEWSAPI_BASE_URL"] = "http://127.0.0.1:9"
        }
        let start = ColdStart(executable: newsapp, arguments: arguments, environment: environment)

        var toPrompt = Samples()
        var toExit = Samples()
        var peak = Samples()
        var floor = 0
        var firstOutput = ""
        // Two unmeasured runs first: the binary and the store are then in the page cache, as
        // they are for a user who ran the app before. Each run is timed directly, then repeated
        // through the probe for its peak memory (see RSSProbe).
        for index in 0..<(runs + 2) {
            let run = try start.run()
            let measured = try start.run(through: probe)
            for outcome in [run, measured] where outcome.status != 0 {
                throw ColdStart.Failure(
                    description:
                        "newsapp exited with status \(outcome.status); it printed:\n\(outcome.output.prefix(2_000))"
                )
            }
            if index == 0 { firstOutput = run.output }
            guard index >= 2, let memory = measured.memory else { continue }
            toPrompt.append(run.toPrompt)
            toExit.append(run.toExit)
            peak.append(milliseconds: Double(memory.peakRSS) / 1e6)
            floor = max(floor, memory.floor)
        }
        let after = try StoreFiller.articleCount(home.storeFile)

        let command = (["newsapp"] + arguments).joined(separator: " ")
        let what =
            offline
            ? "\(Amount.grouped(before))-article store" : "store not used: this newsapp has no --offline"
        report.add(
            "Cold start: spawn → first screen's prompt, `\(command)`, \(what) (\(runs) runs)", toPrompt,
            target: .p99(50))
        report.add("Cold start: spawn → exit after `q` (same runs)", toExit, target: nil)
        // The floor: the same process start, without the store, the session or a screen.
        let version = ColdStart(
            executable: newsapp, arguments: ["--version"], environment: environment, prompt: nil)
        var versionExit = Samples()
        for index in 0..<(runs + 2) {
            let run = try version.run()
            if index >= 2 { versionExit.append(run.toExit) }
        }
        report.add(
            "Diagnostic: spawn → exit of `newsapp --version` (process start alone, same runs)", versionExit,
            target: nil)
        report.add(
            "Peak RSS of those runs (child's ru_maxrss, spawned from PeakMemoryProbe)", peak,
            target: .p99(30), unit: "MB")
        let size = try BinarySize(of: newsapp)
        report.add(
            "Installed binary: `newsapp`"
                + (size.isStripped
                    ? " as `Scripts/install` puts it (stripped, symbols kept apart)" : " (not stripped)"),
            Samples([Double(size.bytes) / 1e6]), target: .p99(30), unit: "MB")
        if let records = size.conformanceRecords {
            report.add(
                "Protocol conformance records in the binary (`swift5_protocol_conformances` ÷ 4), "
                    + "which the runtime scans for casts and generic lookups",
                Samples([Double(records)]), target: nil, unit: "records")
        }
        try addFromDisk(start: start, version: version, probe: probe, runs: runs, into: &report)
        if !versionExit.isEmpty && versionExit.p50 > 0 {
            report.addRatio(
                "Cold start as a multiple of the process start (first screen's prompt p50 ÷ `--version` p50)",
                toPrompt.p50 / versionExit.p50, target: .atMost(2))
        }
        report.notes.append(
            String(
                format: "Peak RSS: a reading is the larger of the app's own peak and the probe's "
                    + "(%.1f MB), which spawned it.", Double(floor) / 1e6))

        let header = firstOutput.split(separator: "\n").prefix(3).joined(separator: " / ")
        report.notes.append("Cold start's first screen began: “\(header)”.")
        if !offline {
            report.notes.append(
                "Cold start ran without the store: `newsapp --help` has no --offline yet, so the app "
                    + "showed the sample edition; the 100k store sat in its XDG_CACHE_HOME unread.")
        }
        if before != after {
            report.notes.append(
                "The app changed the store during the cold starts: \(before) articles before, \(after) after."
            )
        }
    }

    /// The first start after an install or a reboot: before each run the binary's pages are
    /// dropped from the page cache (``PageCache``), so it is read from disk; the store and the
    /// system's libraries stay cached.
    private static func addFromDisk(
        start: ColdStart, version: ColdStart, probe: String, runs: Int, into report: inout Report
    ) throws {
        let count = max(3, runs / 3)
        var toPrompt = Samples()
        var versionExit = Samples()
        var peak = Samples()
        var resident = 0.0
        for _ in 0..<count {
            resident = max(resident, try PageCache.evict(start.executable))
            let run = try start.run()
            resident = max(resident, try PageCache.evict(start.executable))
            let versionRun = try version.run()
            resident = max(resident, try PageCache.evict(start.executable))
            let measured = try start.run(through: probe)
            for outcome in [run, versionRun, measured] where outcome.status != 0 {
                throw ColdStart.Failure(
                    description:
                        "newsapp exited with status \(outcome.status); it printed:\n\(outcome.output.prefix(2_000))"
                )
            }
            toPrompt.append(run.toPrompt)
            versionExit.append(versionRun.toExit)
            if let memory = measured.memory { peak.append(milliseconds: Double(memory.peakRSS) / 1e6) }
        }
        report.add(
            "Cold start from disk: spawn → first screen's prompt, the binary's pages dropped from the "
                + "page cache before each run (\(count) runs)", toPrompt, target: nil)
        report.add(
            "Cold start from disk: spawn → exit of `newsapp --version` (same runs)", versionExit, target: nil)
        report.add("Peak RSS of the cold starts from disk", peak, target: .p99(30), unit: "MB")
        report.notes.append(
            String(
                format:
                    "Cold start from disk: `posix_fadvise(POSIX_FADV_DONTNEED)` after `fsync` on the binary "
                    + "alone (no root, the machine's other caches untouched); at most %.0f%% of its pages "
                    + "were still cached after a drop.", resident * 100))
    }

    private static func helpText(_ newsapp: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: newsapp)
        process.arguments = ["--help"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
