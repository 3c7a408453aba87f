import Foundation

/// Runs the built `newsapp` through `PeakMemoryProbe` and reads its peak resident set, which a
/// test runner's own size would otherwise skew (see the probe).
enum PeakMemory {
    /// True when the app runs under AddressSanitizer or ThreadSanitizer (`Scripts/sanitize`),
    /// whose quarantine of freed blocks and red zones, or shadow memory and per-thread state, make
    /// its peak memory no measure of the app's: memory budgets are checked in the plain run.
    static let isDistortedBySanitizer = ["ASAN_OPTIONS", "TSAN_OPTIONS"].contains {
        NewsAppProcess.sanitizerOptions[$0] != nil
    }

    struct Run {
        var output: NewsAppProcess.Output
        /// The app's peak resident set, in KiB.
        var peak: Int
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ arguments: [String], environment: [String: String], input: String? = nil) async throws
        -> Run
    {
        let newsapp = try NewsAppProcess.binary()
        let probe = newsapp.deletingLastPathComponent().appendingPathComponent("PeakMemoryProbe")
        guard FileManager.default.isExecutableFile(atPath: probe.path) else {
            throw Missing(description: "PeakMemoryProbe was not built next to newsapp (swift build).")
        }
        var output = try await NewsAppProcess.run(
            [newsapp.path] + arguments, environment: environment, input: input, executable: probe)
        let lines = output.err.split(separator: "\n", omittingEmptySubsequences: false)
        guard let report = lines.last(where: { $0.hasPrefix("peak-memory: ") }) else {
            throw Missing(description: "the probe reported nothing: \(output.err.suffix(500))")
        }
        let fields = report.dropFirst("peak-memory: ".count).split(separator: " ").compactMap { Int($0) }
        guard fields.count == 3 else { throw Missing(description: "unreadable report: \(report)") }
        output.stderr = Data(lines.filter { !$0.hasPrefix("peak-memory: ") }.joined(separator: "\n").utf8)
        // The wait status: the exit code is its second byte.
        output.status = Int32((fields[2] >> 8) & 0xFF)
        return Run(output: output, peak: fields[0])
    }
}
