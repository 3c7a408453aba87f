#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// JSON for standard output that no text from the network can turn into terminal commands:
/// pretty-printed with sorted keys, every string cleaned as the screen cleans it (``Sanitized``:
/// escape sequences, controls and bidi overrides removed), and what is left of C1 controls, bidi
/// marks and line separators escaped too.
public enum TerminalSafeJSON {
    public static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Our documents hold strings, numbers and dates as strings: they always encode.
        let data = (try? encoder.encode(Sanitized(value))) ?? Data("{}".utf8)
        var text = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            if mustEscape(scalar.value) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static func mustEscape(_ value: UInt32) -> Bool {
        (0x7F...0x9F).contains(value) || value == 0x061C || value == 0x200E || value == 0x200F
            || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
