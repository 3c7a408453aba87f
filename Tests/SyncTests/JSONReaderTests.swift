import Foundation
import Testing

@testable import Sync

/// The pull reader: values read as asked, others skipped without being built, nesting and
/// string sizes bounded.
@Suite struct JSONReaderTests {
    /// Runs `body` with a reader over `text`.
    static func reading<T>(_ text: String, _ body: (inout JSONReader) throws(JSONReader.Failure) -> T) throws
        -> T
    {
        let data = Data(text.utf8)
        return try data.withUnsafeBytes { bytes in
            var reader = JSONReader(bytes)
            return try body(&reader)
        }
    }

    @Test func objectsArraysAndScalarsAreReadInOrder() throws {
        let text = #" {"a": "x\ty\u00e9\ud83d\ude00", "b": [1, -2.5e3, true, null], "c": {"d": [[]]}} "#
        var seen: [String] = []
        try Self.reading(text) { reader throws(JSONReader.Failure) in
            try reader.readObject { reader, key throws(JSONReader.Failure) in
                switch key {
                case "a": seen.append(try reader.readString(limit: 100))
                case "b":
                    try reader.readArray { reader throws(JSONReader.Failure) in
                        seen.append(try reader.readScalarText() ?? "-")
                        return true
                    }
                default: try reader.skipValue()
                }
            }
            let atEnd = reader.isAtEnd()
            #expect(atEnd)
        }
        #expect(seen == ["x\tyé😀", "1", "-2.5e3", "-", "-"])
    }

    @Test func aStringIsCutAtItsLimitOnACharacterBoundary() throws {
        let cut = try Self.reading(#""ééé""#) { reader throws(JSONReader.Failure) in
            try reader.readString(limit: 3)
        }
        #expect(cut == "é")
        let escaped = try Self.reading(#""\u00e9\u00e9\u00e9""#) { reader throws(JSONReader.Failure) in
            try reader.readString(limit: 5)
        }
        #expect(escaped == "éé")
    }

    @Test func nestingBeyondTheLimitStopsTheReading() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONReader.Failure.self) {
            try Self.reading(deep) { reader throws(JSONReader.Failure) in try reader.skipValue() }
        }
        let fine = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(throws: Never.self) {
            try Self.reading(fine) { reader throws(JSONReader.Failure) in try reader.skipValue() }
        }
    }

    /// Reads every value of the document through the reading calls.
    static func readAll(_ reader: inout JSONReader) throws(JSONReader.Failure) {
        switch try reader.peek() {
        case .object: try reader.readObject { reader, _ throws(JSONReader.Failure) in try readAll(&reader) }
        case .array:
            try reader.readArray { reader throws(JSONReader.Failure) in
                try readAll(&reader)
                return true
            }
        case .string: _ = try reader.readString(limit: 100)
        default: _ = try reader.readScalarText()
        }
    }

    @Test(arguments: [#"{"a": }"#, #"{"a" 1}"#, #"["x"#, "[1,]", #""\q""#, "{\"a\":\"\u{01}\"}", "", "[1 2]"])
    func malformedJSONIsAFailureNotACrash(text: String) {
        #expect(throws: JSONReader.Failure.self) {
            try Self.reading(text) { reader throws(JSONReader.Failure) in try Self.readAll(&reader) }
        }
    }

    @Test func skippingIsLenientButEndsAtTheValuesEnd() throws {
        // A value skipped is walked, not checked: its brackets and strings only have to end.
        let after = try Self.reading(#"[[1,,}, "x"] 7"#) { reader throws(JSONReader.Failure) in
            try reader.skipValue()
            return try reader.readNumberText()
        }
        #expect(after == "7")
    }

    @Test func aLoneSurrogateBecomesTheReplacementCharacter() throws {
        let text = try Self.reading(#""a\ud800b""#) { reader throws(JSONReader.Failure) in
            try reader.readString(limit: 100)
        }
        #expect(text == "a\u{FFFD}b")
    }
}
