import Foundation

/// This process's memory as Linux reports it in `/proc/self/status`.
enum ProcessMemory {
    /// The value of `field` (such as `VmRSS` or `VmHWM`, the peak resident set) in KiB, or nil
    /// where there is no such file.
    static func kibibytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return nil
        }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
        return nil
    }

    /// Sets the peak (`VmHWM`) back to the resident set now, as writing 5 to `clear_refs` does
    /// since Linux 4.0; false where that is not possible.
    static func resetPeak() -> Bool {
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
    }
}
