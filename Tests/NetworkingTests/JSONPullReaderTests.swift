import Foundation
import NewsModels
import Testing

@testable import Networking

/// ``JSONPullReader``: values read as asked, others skipped without being built, the document
/// checked first by the streaming reader's scanner, nesting and string sizes bounded.
@Suite struct JSONPullReaderTests {
    /// Runs `body` with a reader over `text`.
    static func reading<T>(_ text: String, _ body: (inout JSONPullReader) throws(JSONPullReader.Failure) -> T)
        throws
        -> T
    {
        let data = Data(text.utf8)
        return try data.withUnsafeBytes { bytes in
            var reader = try JSONPullReader(bytes)
            return try body(&reader)
        }
    }

    @Test func objectsArraysAndScalarsAreReadInOrder() throws {
        let text = #" {"a": "x\ty\u00e9\ud83d\ude00", "b": [1, -2.5e3, true, null], "c": {"d": [[]]}} "#
        var seen: [String] = []
        try Self.reading(text) { reader throws(JSONPullReader.Failure) in
            try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "a": seen.append(try reader.readString(limit: 100))
                case "b":
                    try reader.readArray { reader throws(JSONPullReader.Failure) in
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
        let cut = try Self.reading(#""ééé""#) { reader throws(JSONPullReader.Failure) in
            try reader.readString(limit: 3)
        }
        #expect(cut == "é")
        let escaped = try Self.reading(#""\u00e9\u00e9\u00e9""#) { reader throws(JSONPullReader.Failure) in
            try reader.readString(limit: 5)
        }
        #expect(escaped == "éé")
    }

    @Test func nestingBeyondTheLimitStopsTheReading() {
        let depth = JSONStreamReader.Limits().depth
        let deep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        #expect(throws: JSONPullReader.Failure.self) {
            try Self.reading(deep) { reader throws(JSONPullReader.Failure) in try reader.skipValue() }
        }
        let fine = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) {
            try Self.reading(fine) { reader throws(JSONPullReader.Failure) in try reader.skipValue() }
        }
    }

    /// Reads every value of the document through the reading calls.
    static func readAll(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) {
        switch try reader.peek() {
        case .object:
            try reader.readObject { reader, _ throws(JSONPullReader.Failure) in try readAll(&reader) }
        case .array:
            try reader.readArray { reader throws(JSONPullReader.Failure) in
                try readAll(&reader)
                return true
            }
        case .string: _ = try reader.readString(limit: 100)
        default: _ = try reader.readScalarText()
        }
    }

    @Test(arguments: [
        #"{"a": }"#, #"{"a" 1}"#, #"["x"#, "[1,,]", #""\q""#, "{\"a\":\"\u{01}\"}", "", "[1 2]", "[1] 2",
    ])
    func malformedJSONIsAFailureNotACrash(text: String) {
        #expect(throws: JSONPullReader.Failure.self) {
            try Self.reading(text) { reader throws(JSONPullReader.Failure) in try Self.readAll(&reader) }
        }
    }

    @Test func aSkippedValueEndsAtItsEnd() throws {
        let after = try Self.reading(#"[[1, {"a": "]}\""}], "x"] "#) {
            reader throws(JSONPullReader.Failure) in
            try reader.skipValue()
            return reader.isAtEnd()
        }
        #expect(after)
    }

    /// A value skipped is checked all the same: the whole document is, before it is read.
    @Test func aMalformedValueIsRefusedEvenWhenItWouldBeSkipped() {
        #expect(throws: JSONPullReader.Failure.self) {
            try Self.reading(#"{"a": [[1,,}, "x"], "b": 7}"#) { reader throws(JSONPullReader.Failure) in
                _ = try reader.readMember("b") { reader throws(JSONPullReader.Failure) in
                    try reader.readNumberText()
                }
            }
        }
    }

    /// One rule for both faces of the reader: a trailing comma is taken, as `JSONDecoder` and
    /// the streaming reader take it.
    @Test func aTrailingCommaIsTakenAsJSONDecoderTakesIt() throws {
        var seen: [String] = []
        try Self.reading(#"{"a": [1, 2,], "b": "x",}"#) { reader throws(JSONPullReader.Failure) in
            try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                seen.append(key)
                guard key == "a" else { return seen.append(try reader.readString(limit: 10)) }
                try reader.readArray { reader throws(JSONPullReader.Failure) in
                    seen.append(try reader.readScalarText() ?? "-")
                    return true
                }
            }
        }
        #expect(seen == ["a", "1", "2", "b", "x"])
        let decoded = try JSONDecoder().decode([String: [Int]].self, from: Data(#"{"a": [1, 2,],}"#.utf8))
        #expect(decoded == ["a": [1, 2]])
    }

    @Test func invalidUTF8BecomesTheReplacementCharacter() throws {
        var data = Data(#"{"k"#.utf8)
        data.append(0xFF)
        data.append(contentsOf: #"": "a"#.utf8)
        data.append(contentsOf: [0xFF, 0xC3])
        data.append(contentsOf: #"b"}"#.utf8)
        var pairs: [String] = []
        try data.withUnsafeBytes { bytes in
            var reader = try JSONPullReader(bytes)
            try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                pairs.append(key)
                pairs.append(try reader.readString(limit: 100))
            }
        }
        #expect(pairs == ["k\u{FFFD}", "a\u{FFFD}\u{FFFD}b"])
    }

    @Test func aByteOrderMarkAndAnyValueAtTheTopAreTaken() throws {
        let number = try Self.reading("\u{FEFF} 42 ") { reader throws(JSONPullReader.Failure) in
            let text = try reader.readNumberText()
            try reader.expectEnd()
            return text
        }
        #expect(number == "42")
        let flag = try Self.reading("true") { reader throws(JSONPullReader.Failure) in try reader.readBool() }
        #expect(flag == true)
    }

    /// A reader stopped early in a list skips the rest, and what follows is read.
    @Test func anArrayLeftEarlyIsSkippedToItsEnd() throws {
        let read = try Self.reading(#"{"a": [1, [2, "]"], 3], "b": "x"}"#) {
            reader throws(JSONPullReader.Failure) in
            var first: [String] = []
            var b: String?
            try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                guard key == "a" else {
                    b = try reader.readString(limit: 10)
                    return
                }
                try reader.readArray { reader throws(JSONPullReader.Failure) in
                    first.append(try reader.readNumberText())
                    return false
                }
            }
            return (first, b)
        }
        #expect(read.0 == ["1"])
        #expect(read.1 == "x")
    }

    /// The pull API checks with the streaming reader's scanner: it takes every random document,
    /// whole or damaged, that the streaming reader takes, and reads what it takes to the end,
    /// failing only where a string or number is decoded.
    @Test func takesWhatTheStreamingReaderTakes() {
        var random = SplitMix64(seed: 34)
        var refused: [String] = []
        var failures: [JSONPullReader.Failure] = []
        var taken = 0
        for round in 0..<2_000 {
            let bytes = JSONStreamReaderTests.object(&random, damaged: round % 2 != 0)
            let pulled = bytes.withUnsafeBytes { bytes -> Result<Void, JSONPullReader.Failure>? in
                guard var reader = try? JSONPullReader(bytes) else { return nil }
                do throws(JSONPullReader.Failure) {
                    try Self.readAll(&reader)
                    try reader.expectEnd()
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            if JSONStreamReaderTests.takes(bytes, chunk: bytes.count) {
                taken += 1
                if pulled == nil { refused.append(String(decoding: bytes, as: UTF8.self)) }
            }
            if case .failure(let failure)? = pulled,
                !["a bad escape", "a control character in a string", "a number cannot be read"]
                    .contains(failure.reason)
            {
                failures.append(failure)
            }
        }
        #expect(taken > 500 && taken < 2_000)
        #expect(refused.isEmpty, "\(refused.prefix(5))")
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// `[{},{},…]` costs nothing to pass over: nothing of it is built, and what follows is read.
    @Test func aFloodOfEmptyObjectsIsPassedOver() throws {
        let flood = "{\"a\": [" + String(repeating: "{},", count: 200_000) + "{}], \"b\": 7}"
        let b = try Self.reading(flood) { reader throws(JSONPullReader.Failure) in
            try reader.readMember("b") { reader throws(JSONPullReader.Failure) in try reader.readNumberText()
            }
        }
        #expect(b == "7")
    }

    /// A string far longer than asked for is cut, however long it is.
    @Test func aHugeStringIsCutToTheLimit() throws {
        let huge = "[\"" + String(repeating: "é", count: 1 << 20) + "\"]"
        let read = try Self.reading(huge) { reader throws(JSONPullReader.Failure) in
            var text = ""
            try reader.readArray { reader throws(JSONPullReader.Failure) in
                text = try reader.readString(limit: 1_001)
                return true
            }
            return text
        }
        #expect(read.utf8.count == 1_000)
        #expect(read.allSatisfy { $0 == "é" })
    }

    @Test func aLoneSurrogateBecomesTheReplacementCharacter() throws {
        let text = try Self.reading(#""a\ud800b""#) { reader throws(JSONPullReader.Failure) in
            try reader.readString(limit: 100)
        }
        #expect(text == "a\u{FFFD}b")
    }
}
