import Foundation

// Shared by every fuzz target (Scripts/fuzz compiles this file into each one). A broken invariant
// stops the process with `fatalError`, which libFuzzer reports as a crash and saves the input for.

/// One fuzz input, seen as bytes, as UTF-8 text (invalid sequences become U+FFFD) or as `Data`.
struct FuzzInput {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = UnsafeBufferPointer(start: data, count: size)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
    var data: Data { Data(bytes) }

    /// The first byte, to choose a variant (a width, a mode), and the text after it.
    var selectorAndText: (selector: UInt8, text: String) {
        guard let first = bytes.first else { return (0, "") }
        return (first, String(decoding: bytes.dropFirst(), as: UTF8.self))
    }
}

/// Invariants the targets check on what the code under test produces.
enum Invariant {
    /// Stops the process (a finding) when `condition` is false.
    static func check(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #file, line: UInt = #line
    ) {
        guard !condition() else { return }
        fatalError("invariant broken: \(message())", file: file, line: line)
    }

    /// What may not reach a terminal in text we produce.
    struct Forbidden: OptionSet {
        let rawValue: Int
        /// C0 controls (ESC among them) and DEL, except those `allowing` lets through.
        static let c0 = Forbidden(rawValue: 1 << 0)
        /// C1 controls, U+0080–U+009F.
        static let c1 = Forbidden(rawValue: 1 << 1)
        /// Bidi embeddings, overrides and isolates: they reorder the text around them.
        static let bidi = Forbidden(rawValue: 1 << 2)
        /// Bidi marks (U+200E, U+200F, U+061C), which only the terminal's sanitiser removes.
        static let bidiMarks = Forbidden(rawValue: 1 << 3)
        /// U+FEFF.
        static let byteOrderMark = Forbidden(rawValue: 1 << 4)
        /// The line and paragraph separators U+2028 and U+2029.
        static let unicodeBreaks = Forbidden(rawValue: 1 << 5)

        static let controls: Forbidden = [.c0, .c1]
        /// What `TextSanitizer` removes.
        static let all: Forbidden = [.c0, .c1, .bidi, .bidiMarks, .byteOrderMark, .unicodeBreaks]
    }

    /// The first scalar of `text` in a `forbidden` class (`allowing` lets C0 scalars through).
    static func firstForbidden(
        in text: some StringProtocol, _ forbidden: Forbidden, allowing: Set<Unicode.Scalar> = []
    ) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            let value = scalar.value
            if forbidden.contains(.c0), value < 0x20 || value == 0x7F, !allowing.contains(scalar) {
                return true
            }
            if forbidden.contains(.c1), (0x80...0x9F).contains(value) { return true }
            switch value {
            case 0x202A...0x202E, 0x2066...0x2069: if forbidden.contains(.bidi) { return true }
            case 0x061C, 0x200E, 0x200F: if forbidden.contains(.bidiMarks) { return true }
            case 0xFEFF: if forbidden.contains(.byteOrderMark) { return true }
            case 0x2028, 0x2029: if forbidden.contains(.unicodeBreaks) { return true }
            default: break
            }
            return false
        }
    }

    /// Checks that `text` holds nothing `forbidden`; `what` names it in the report.
    static func clean(
        _ text: some StringProtocol, _ forbidden: Forbidden, allowing: Set<Unicode.Scalar> = [],
        _ what: String, file: StaticString = #file, line: UInt = #line
    ) {
        guard let scalar = firstForbidden(in: text, forbidden, allowing: allowing) else { return }
        let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
        check(
            false, "\(what) holds \(code): \(String(reflecting: String(text.prefix(200))))", file: file,
            line: line)
    }
}
