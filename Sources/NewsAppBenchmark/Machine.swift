import Foundation

/// The machine a run measured, from /proc (Linux) and the environment.
struct Machine: Sendable {
    var cpuModel: String
    var logicalCores: Int
    var memoryBytes: UInt64?
    var kernel: String
    var date: Date

    static func current() -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let kilobytes =
            meminfo.split(separator: "\n")
            .first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(whereSeparator: \.isWhitespace).dropFirst().first }
            .flatMap { UInt64($0) }
        let release = (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? ""
        return Machine(
            cpuModel: model ?? "unknown CPU",
            logicalCores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: kilobytes.map { $0 * 1_024 },
            kernel: release.isEmpty
                ? "unknown kernel" : "Linux " + release.trimmingCharacters(in: .whitespacesAndNewlines),
            date: Date())
    }

    /// The 1-minute load average from /proc/loadavg: other work on the machine during a run.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").first.map(String.init) ?? "unknown"
    }

    /// `Intel(R) Xeon(R) Processor @ 2.50GHz · 2 cores · 23.5 GiB RAM · Linux 6.8.0`
    var summary: String {
        let memory =
            memoryBytes.map { String(format: "%.1f GiB RAM", Double($0) / 1_073_741_824) } ?? "RAM unknown"
        return "\(cpuModel) · \(logicalCores) cores · \(memory) · \(kernel)"
    }

    /// `2026-11-22 07:40 UTC`
    var dateText: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
