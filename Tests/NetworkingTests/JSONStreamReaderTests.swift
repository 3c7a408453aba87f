import Foundation
import NewsModels
import TestSupport
import Testing

@testable import Networking

/// ``JSONStreamReader``: the members and elements it hands over, the same however the bytes are
/// cut, the document's structure checked on every byte as `JSONDecoder` checks it, and its limits.
@Suite("Streaming JSON reader")
struct JSONStreamReaderTests {
    /// What a read hands over, as text.
    enum Piece: Equatable, CustomStringConvertible {
        case member(String, String)
        case element(String, String)
        case oversized(String)

        var description: String {
            switch self {
            case .member(let name, let json): "member \(name): \(json)"
            case .element(let name, let json): "element of \(name): \(json)"
            case .oversized(let name): "oversized in \(name)"
            }
        }
    }

    /// Reads `json` cut into pieces of `chunk` bytes; `enough` elements of an array are taken before
    /// the reader is told it has enough.
    static func read(
        _ json: String, keeping: Set<String> = [], streaming: Set<String> = [], chunk: Int = .max,
        limits: JSONStreamReader.Limits = .init(), enough: Int = .max
    ) throws(JSONStreamError) -> (pieces: [Piece], kinds: [String: JSONStreamReader.Kind]) {
        var reader = JSONStreamReader(keeping: keeping, streaming: streaming, limits: limits)
        var pieces: [Piece] = []
        var taken = 0
        let bytes = Array(json.utf8)
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + max(1, min(chunk, bytes.count)))
            var failure: JSONStreamError?
            bytes[offset..<end].withUnsafeBufferPointer { part in
                do throws(JSONStreamError) {
                    try reader.read(part) { event in
                        switch event {
                        case .member(let name, let json):
                            pieces.append(.member(name, String(decoding: json, as: UTF8.self)))
                        case .element(let name, let json):
                            pieces.append(.element(name, String(decoding: json, as: UTF8.self)))
                            taken += 1
                        case .oversized(let name):
                            pieces.append(.oversized(name))
                            taken += 1
                        }
                        return taken < enough
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            offset = end
        } while offset < bytes.count
        try reader.finish()
        return (pieces, reader.kinds)
    }

    @Test func keptMembersAndStreamedElementsAreHandedOverInOrder() throws {
        let json = #"""
            {"status": "ok", "skipped": {"articles": [1, 2]}, "totalResults" : 12,
             "articles": [ {"title": "a", "tags": ["x", {"y": null}]}, "text", -1.5e+3, true, null, [] ],
             "after": false}
            """#
        let read = try Self.read(json, keeping: ["status", "totalResults"], streaming: ["articles"])
        #expect(
            read.pieces == [
                .member("status", #""ok""#), .member("totalResults", "12"),
                .element("articles", #"{"title": "a", "tags": ["x", {"y": null}]}"#),
                .element("articles", #""text""#), .element("articles", "-1.5e+3"),
                .element("articles", "true"), .element("articles", "null"), .element("articles", "[]"),
            ])
        #expect(read.kinds == ["status": .string, "totalResults": .number, "articles": .array])
    }

    @Test func theSamePiecesHoweverTheBytesAreCut() throws {
        let json = #"""
            {"title":"Caf\u00e9 \"quoted\" \\ \/ ✨","items":[{"id":1,"s":"a,b]}"},{"id":2e-3},[[{}]],0,"\uD83D\uDE00"],
             "it\u0065ms2":[1],"items":["again"]}
            """#
        let whole = try Self.read(json, keeping: ["title", "items2"], streaming: ["items"])
        #expect(whole.pieces.count == 8)
        for chunk in [1, 2, 3, 5, 7, 16, 64] {
            let cut = try Self.read(json, keeping: ["title", "items2"], streaming: ["items"], chunk: chunk)
            #expect(cut.pieces == whole.pieces, "cut every \(chunk) bytes")
        }
        // A key is matched by its text, escapes read.
        #expect(whole.pieces.contains(.member("items2", "[1]")))
    }

    @Test func afterEnoughElementsTheRestOfTheArrayIsSkippedButStillChecked() throws {
        let json = #"{"items":[1,2,3,4,5],"items":[6]}"#
        #expect(
            try Self.read(json, streaming: ["items"], enough: 2).pieces == [
                .element("items", "1"), .element("items", "2"),
            ])
        #expect(throws: JSONStreamError.self) {
            try Self.read(#"{"items":[1,2,3,4,5,}"#, streaming: ["items"], enough: 1)
        }
    }

    @Test func aPieceOfTooManyValuesIsNamedNotHandedOver() throws {
        let limits = JSONStreamReader.Limits(depth: 512, valuesPerPiece: 4)
        let json = #"{"items":[[1,2,3],[1,2,3,4],{"a":{}}],"big":[[],[],[],[]],"small":[[]]}"#
        for chunk in [1, 4, .max] {
            let read = try Self.read(
                json, keeping: ["big", "small"], streaming: ["items"], chunk: chunk, limits: limits)
            #expect(
                read.pieces == [
                    .element("items", "[1,2,3]"), .oversized("items"), .element("items", #"{"a":{}}"#),
                    .oversized("big"), .member("small", "[[]]"),
                ])
        }
    }

    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        let limits = JSONStreamReader.Limits(depth: 8, valuesPerPiece: 100)
        let fits = "{\"a\":" + String(repeating: "[", count: 7) + String(repeating: "]", count: 7) + "}"
        _ = try Self.read(fits, limits: limits)
        let deep = "{\"a\":" + String(repeating: "[", count: 8) + String(repeating: "]", count: 8) + "}"
        #expect(throws: JSONStreamError(reason: "the body is nested deeper than 8 levels", offset: 12)) {
            try Self.read(deep, limits: limits)
        }
        // The default is JSONDecoder's: 512.
        #expect(JSONStreamReader.Limits().depth == 512)
    }

    /// What `JSONDecoder` takes as a JSON object, reading none of it.
    struct AnyObject: Decodable {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            _ = try decoder.container(keyedBy: Key.self)
        }

        static func accepts(_ json: String) -> Bool {
            (try? JSONDecoder().decode(AnyObject.self, from: Data(json.utf8))) != nil
        }
    }

    @Test(
        "what is not one JSON object is refused",
        arguments: [
            "", " ", "[]", "\"text\"", "1", "{", "{\"a\"}", "{\"a\":}", "{,}", "{\"a\":1 \"b\":2}",
            "{\"a\":1,,}",
            "{\"a\":[,1]}", "{\"a\":[1,,]}", "{\"a\":.5}", "{\"a\":e5}", "{\"a\":+1}", "{\"a\":tru}",
            "{\"a\":nul}",
            "{\"a\":nulll}", "{\"a\":True}", "{\"a\":0x1}", "{\"a\":\"\\u12\"}",
            "{\"a\":\"open}", "{}{}", "{} x", "{\"a\":[1]}\u{0}", "{'a':1}", "{a:1}", "{\"a\":1]",
            "{\"a\":[1}",
            "{\"a\":NaN}", "{\"a\":Infinity}", "\u{FEFF}\u{FEFF}{}",
            // Found by Scripts/fuzz (json-readers): a control character in a top-level key that is
            // neither kept nor streamed, which JSONDecoder refuses as it reads the object's keys.
            "{\"a\":[1],\"i\u{0}\u{7F}tems\":[{\"id\":1}],}", "{\"x\u{1F}\":1}",
            "{\"a\":[1,{\"x\":\"\\u0\"e9\"}],\"b\":[]}", "{\"\\u0\":1}", "{\"a\":\"\\u0\"}",
            "{\"b\":{\"\\u0\\\"x\":1}}", "{\"a\":\"\\u0\"\"}",
        ])
    func invalid(json: String) {
        #expect(throws: JSONStreamError.self) { try Self.read(json, keeping: ["a"], streaming: ["a"]) }
        #expect(!AnyObject.accepts(json))
    }

    @Test(
        "JSON objects are read, with what JSONDecoder leaves to the values' decoding",
        arguments: [
            "{}", " \n\t\r{ } \n", "\u{FEFF}{}", "{\"a\":-0.0e-0}", "{\"a\":[[],{},\"\",0,true,false,null]}",
            "{\"\":1,\"a\":{\"\":[]}}", "{\"a\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00FF\"}",
            "{\"a\":1E+2,\"b\":1e-2}",
            // A trailing comma, malformed numbers, control characters and unknown escapes:
            // JSONDecoder takes them, and refuses such a value only when it decodes it.
            "{\"a\":1,}", "{\"a\":[1,]}", "{\"a\":{\"b\":[],},}", "{\"a\":01}", "{\"a\":1.2.3}", "{\"a\":-}",
            "{\"a\":1e+}", "{\"a\":\"\u{1}\"}", "{\"a\":\"\\q\"}", "{\"a\":\"\\u12G4\"}",
            "{\"i\u{7F}tems\":1}", "{\"b\":\"\u{0}\u{1F}\"}", "{\"b\":{\"x\u{1F}\":1}}",
            "{\"a\":\"\\uGGGG\"}", "{\"a\":\"\\u0\\\\x\"}",
        ])
    func valid(json: String) throws {
        _ = try Self.read(json, keeping: ["a"], streaming: ["a"])
        #expect(AnyObject.accepts(json))
    }

    /// Found by Scripts/fuzz (json-readers): a top-level key is read by `JSONDecoder` with the
    /// object, so its UTF-8, escapes and surrogates decide whether the document is taken, while
    /// the same bytes in a nested key or a value wait for their decoding. The reader agrees, fed
    /// whole and a byte at a time.
    @Test func aTopLevelKeyIsCheckedAsJSONDecoderReadsIt() throws {
        func document(key: [UInt8]) -> [UInt8] { Array(#"{"a":1,""#.utf8) + key + Array(#"":2}"#.utf8) }
        func nested(key: [UInt8]) -> [UInt8] {
            Array(#"{"b":{""#.utf8) + key + Array(#"":1},"c":[""#.utf8) + key + Array(#""]}"#.utf8)
        }
        let keys: [[UInt8]] = [
            [0xFC], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0x80],
            Array(#"\uD800"#.utf8), Array(#"\uDC00"#.utf8), Array(#"\uD800x"#.utf8), Array(#"\uD800\n"#.utf8),
            Array(#"\q"#.utf8), Array(#"\u12G4"#.utf8), Array(#"\u12"#.utf8),
            Array("é€😀".utf8), Array(#"\uD83D\uDE00"#.utf8), Array(#"\u00e9\/\"\\\b\f\n\r\t"#.utf8),
            [0x7F], [0xF0, 0x9F, 0x98, 0x80],
        ]
        var refused = 0
        for key in keys {
            for bytes in [document(key: key), nested(key: key)] {
                let decoder = (try? JSONDecoder().decode(AnyObject.self, from: Data(bytes))) != nil
                for chunk in [bytes.count, 1] {
                    #expect(Self.takes(bytes, chunk: chunk) == decoder, "\(bytes) in chunks of \(chunk)")
                }
                if !decoder { refused += 1 }
            }
        }
        // Every damaged top-level key is refused (13); of the nested ones only `\u12`, whose escape
        // takes the closing quote and what follows as digits, so that the structure breaks.
        #expect(refused == 14)
    }

    /// Found by Scripts/fuzz (json-readers): the first bytes of a UTF-8 byte order mark, without
    /// the rest, before the object (`\xEF{…}`), were skipped as if the mark were whole.
    @Test func onlyAWholeByteOrderMarkMayComeFirst() {
        let object = Array(#"{"a":[1]}"#.utf8)
        let starts: [(bytes: [UInt8], taken: Bool)] = [
            ([0xEF, 0xBB, 0xBF], true), ([0xEF, 0xBB, 0xBF, 0x20], true), ([0xEF], false),
            ([0xEF, 0xBB], false),
            ([0xEF, 0x20], false), ([0xEF, 0xBB, 0x20], false), ([0xBB, 0xBF], false),
            ([0x20, 0xEF, 0xBB, 0xBF], false),
            ([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF], false),
        ]
        for start in starts {
            let bytes = start.bytes + object
            #expect(((try? JSONDecoder().decode(AnyObject.self, from: Data(bytes))) != nil) == start.taken)
            for chunk in [bytes.count, 1] {
                #expect(
                    Self.takes(bytes, chunk: chunk) == start.taken, "\(start.bytes) in chunks of \(chunk)")
            }
        }
    }

    /// Whether a reader keeping `a` takes `bytes` handed over in chunks of `chunk` bytes.
    static func takes(_ bytes: [UInt8], chunk: Int) -> Bool {
        var reader = JSONStreamReader(keeping: ["a"], streaming: [])
        var taken = true
        for start in stride(from: 0, to: bytes.count, by: chunk) where taken {
            bytes[start..<min(start + chunk, bytes.count)].withUnsafeBufferPointer { part in
                do throws(JSONStreamError) {
                    try reader.read(part) { _ in true }
                } catch {
                    taken = false
                }
            }
        }
        if taken {
            do throws(JSONStreamError) { try reader.finish() } catch { taken = false }
        }
        return taken
    }

    /// Random documents, and random damage to them: the reader takes exactly those
    /// `JSONDecoder` takes as an object, cut anywhere.
    @Test func agreesWithJSONSerializationOnRandomDocuments() throws {
        var random = SplitMix64(seed: 21)
        var disagreements: [String] = []
        for round in 0..<3_000 {
            let text = String(decoding: Self.object(&random, damaged: round % 3 != 0), as: UTF8.self)
            let expected = AnyObject.accepts(text)
            let chunk = 1 + Int(random.next() % 9)
            let read = (try? Self.read(text, keeping: ["k"], streaming: ["k"], chunk: chunk)) != nil
            if read != expected { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// A random object `{"k": …}`, with up to three bytes removed, changed or added when `damaged`.
    static func object(_ random: inout SplitMix64, damaged: Bool) -> [UInt8] {
        let alphabet = Array(#"{}[]:,"0123456789-+.eE tfnrulas\u"#.utf8)
        var bytes = Array("{\"k\":".utf8) + Array(Self.document(&random, depth: 0).utf8) + Array("}".utf8)
        guard damaged else { return bytes }
        for _ in 0...Int(random.next() % 3) {
            let position = Int(random.next() % UInt64(bytes.count + 1))
            switch random.next() % 3 {
            case 0 where position < bytes.count: bytes.remove(at: position)
            case 1 where position < bytes.count:
                bytes[position] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            default: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: position)
            }
        }
        return bytes
    }

    /// A random JSON value, small and without escapes in strings.
    static func document(_ random: inout SplitMix64, depth: Int) -> String {
        let choice = depth > 3 ? random.next() % 5 : random.next() % 7
        switch choice {
        case 0: return ["true", "false", "null"][Int(random.next() % 3)]
        case 1: return String(Int(random.next() % 2_000) - 1_000)
        case 2: return ["0.5", "-12.25e3", "1E-2", "0", "-0"][Int(random.next() % 5)]
        case 3, 4: return "\"" + String(repeating: "ab c", count: Int(random.next() % 3)) + "\""
        case 5:
            let count = Int(random.next() % 4)
            return "[" + (0..<count).map { _ in document(&random, depth: depth + 1) }.joined(separator: ",")
                + "]"
        default:
            let count = Int(random.next() % 4)
            return "{"
                + (0..<count).map { index in "\"k\(index)\": " + document(&random, depth: depth + 1) }.joined(
                    separator: ", ") + "}"
        }
    }
}

/// NewsAPI's pages read as a stream: a page of any size keeps at most 100 articles, decodes no
/// more than 100 entries, and says what JSONDecoder said of bodies it cannot read.
@Suite("NewsAPI pages read as a stream")
struct NewsAPIStreamTests {
    /// `{"status":"ok","totalResults":N,"articles":[…]}` with `count` entries made by `entry`.
    static func page(count: Int, entry: (Int) -> String) -> Data {
        var text = #"{"status":"ok","totalResults":\#(count),"articles":["#
        text += (0..<count).map(entry).joined(separator: ",")
        return Data((text + "]}").utf8)
    }

    @Test func aPageKeepsItsFirstHundredArticles() throws {
        let body = Self.page(count: 250) { #"{"title":"T\#($0)","url":"https://a.example/\#($0)"}"# }
        guard case .ok(let payload) = try ArticlesPayload.read(body) else {
            Issue.record("not ok")
            return
        }
        #expect(payload.articles.count == 100)
        #expect(payload.articles.last?.title == "T99")
        #expect(payload.totalResults == 250)
        #expect(payload.skippedCount == 0)
    }

    @Test func aMillionEmptyEntriesAreCheckedNotDecoded() throws {
        // 8 MiB of `{}`: decoded whole, a gigabyte of values.
        let count = (8 << 20) / 3
        let body = Self.page(count: count) { _ in "{}" }
        guard case .ok(let payload) = try ArticlesPayload.read(body) else {
            Issue.record("not ok")
            return
        }
        #expect(payload.articles.isEmpty)
        // Only the entries read count as skipped.
        #expect(payload.skippedCount == 100)
        // Damage at the very end is still found.
        var broken = body
        broken[broken.count - 2] = UInt8(ascii: ",")
        #expect(throws: JSONStreamError.self) { try ArticlesPayload.read(broken) }
    }

    @Test func anEntryOfTooManyValuesIsSkipped() throws {
        let huge = "[" + Array(repeating: "{}", count: 20_000).joined(separator: ",") + "]"
        let body = Data(
            #"{"status":"ok","articles":[{"title":"A","url":"https://a.example/1","source":\#(huge)},{"title":"B","url":"https://a.example/2"}]}"#
                .utf8)
        guard case .ok(let payload) = try ArticlesPayload.read(body) else {
            Issue.record("not ok")
            return
        }
        #expect(payload.articles.map(\.title) == ["B"])
        #expect(payload.skippedCount == 1)
    }

    @Test(
        "bodies that are not a page say why as JSONDecoder did",
        arguments: [
            (#"{"status":"ok","totalResults":"many"}"#, "unexpected value at totalResults"),
            (#"{"articles":[]}"#, "missing status"), (#"{"status":"maybe"}"#, "bad value at status"),
            (#"{"status":null}"#, "unexpected value at status"),
            (#"{"status":200}"#, "unexpected value at status"),
            (#"{"status":"ok","articles":{}}"#, "unexpected value at articles"),
            (#"{"status":"ok","articles":[}"#, "the body is not valid JSON"),
        ])
    func reasons(body: String, reason: String) {
        #expect(throws: JSONStreamError.self) { try ArticlesPayload.read(Data(body.utf8)) }
        do {
            _ = try ArticlesPayload.read(Data(body.utf8))
        } catch {
            #expect(error.reason == reason)
        }
    }
}
