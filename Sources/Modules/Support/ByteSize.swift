/// A number of bytes as people read it, the one way the app writes sizes (under Enclosures, in the
/// download messages, in `downloads`): the same file is never `293 KB` in one place and `300 KB`
/// in another.
public enum ByteSize {
    /// `512 bytes`, `340 KB`, `11.8 MB`, `1.4 GB`, in multiples of 1,024 bytes; one decimal below 100.
    public static func text(_ bytes: Int64) -> String {
        guard bytes >= 1024 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        guard value < 99.95 else { return "\(Int(value.rounded())) \(units[unit])" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
