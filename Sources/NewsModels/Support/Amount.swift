#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Counts and sizes as the commands and screens print them: `1,234 articles`, `4.0 MiB`.
public enum Amount {
    /// `1,234`.
    public static func grouped(_ value: some BinaryInteger) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }

    /// `1 article`, `1,234 articles`.
    public static func count(_ value: Int, _ noun: String) -> String {
        "\(grouped(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    /// `512 bytes`, `12.3 KiB`, `4.0 MiB`, `1.2 GiB`.
    public static func bytes(_ value: Int64) -> String {
        if value < 1024 { return value == 1 ? "1 byte" : "\(value) bytes" }
        var amount = Double(value) / 1024
        for unit in ["KiB", "MiB", "GiB"] {
            let tenths = Int((amount * 10).rounded())
            if tenths < 10_240 || unit == "GiB" { return "\(tenths / 10).\(tenths % 10) \(unit)" }
            amount /= 1024
        }
        return "\(value) bytes"
    }
}
