import Foundation

@testable import Feeds
@testable import Networking

/// The streaming JSON readers at their caps: `JSONStreamReader` with small limits (8 levels, 16
/// values a piece), its pull API `JSONPullReader` (strings cut at 16 bytes), NewsAPI's page reader
/// (100 articles) and the JSON Feed reader with room for 5 items and 10 entries. Whatever the
/// input: the reader takes a document exactly when `JSONDecoder` takes it as an object, gives the
/// same pieces however the input is cut, hands over only pieces `JSONDecoder` reads as JSON, the
/// pull API takes what it takes and reads it to the end, and no reader keeps more than its cap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let limits = JSONStreamReader.Limits(depth: 8, valuesPerPiece: 16)
    let whole = JSONReaderChecks.pieces(input.bytes, cut: nil, limits: limits)
    let cut = input.bytes.isEmpty ? 0 : Int(input.bytes[0]) % (input.bytes.count + 1)
    let split = JSONReaderChecks.pieces(input.bytes, cut: cut, limits: limits)
    Invariant.check(whole.pieces == split.pieces, "the pieces differ when the input is cut at \(cut)")
    Invariant.check(whole.error == split.error, "the error differs when the input is cut at \(cut)")
    // With room for every depth JSONDecoder reads (512), the verdict is JSONDecoder's.
    let deep = JSONReaderChecks.pieces(input.bytes, cut: nil, limits: JSONStreamReader.Limits())
    Invariant.check(
        (deep.error == nil) == JSONReaderChecks.decoderAccepts(input.data),
        "the reader and JSONDecoder disagree (reader: \(deep.error.map(String.init(describing:)) ?? "takes it"))"
    )
    // The pull API over the same scanner takes every document the streaming reader takes, and
    // walks what it takes to the end, failing only where a string or number is decoded.
    let pulled = JSONReaderChecks.pullAll(input.bytes)
    if deep.error == nil {
        Invariant.check(pulled != nil, "the pull reader refuses a document the streaming reader takes")
    }
    if case .failure(let failure)? = pulled {
        Invariant.check(
            JSONReaderChecks.decodingFailures.contains(failure.reason),
            "the pull reader fails on a document it took: \(failure)")
    }
    // An oversized piece is only its name: the reader hands over no JSON for it.
    for piece in whole.pieces where piece.kind != "oversized" {
        Invariant.check(
            (try? JSONDecoder().decode(JSONReaderChecks.AnyValue.self, from: Data(piece.json))) != nil,
            "a piece that is not JSON: \(String(decoding: piece.json, as: UTF8.self).prefix(80))")
    }

    if case .ok(let payload)? = try? ArticlesPayload.read(input.data) {
        Invariant.check(payload.articles.count <= 100, "\(payload.articles.count) articles, over the cap")
        Invariant.check(
            payload.articles.count + payload.skippedCount <= 100, "more than 100 entries read")
    }
    let feed = JSONFeedReader(
        url: FeedChecks.url, convertingHTMLWith: HTMLConversion.standard, itemLimit: 5, entryLimit: 10)
    do throws(FeedParseError) {
        try feed.read(input.bytes)
        let document = try feed.finish()
        Invariant.check(document.items.count <= 5, "\(document.items.count) items, over the cap of 5")
        FeedChecks.check(document)
    } catch {
        Invariant.clean(error.sentence, .all, "an error's sentence")
    }
    return 0
}

enum JSONReaderChecks {
    struct Piece: Equatable {
        var kind: String
        var name: String
        var json: [UInt8]
    }

    /// What a reader keeping `a` and streaming `b` hands over, the input given whole or in two.
    static func pieces(_ bytes: UnsafeBufferPointer<UInt8>, cut: Int?, limits: JSONStreamReader.Limits)
        -> (pieces: [Piece], error: JSONStreamError?)
    {
        var reader = JSONStreamReader(keeping: ["a", "items"], streaming: ["b", "articles"], limits: limits)
        var pieces: [Piece] = []
        let handle: (JSONStreamReader.Event) -> Bool = { event in
            switch event {
            case .member(let name, let json):
                pieces.append(Piece(kind: "member", name: name, json: Array(json)))
            case .element(let name, let json):
                pieces.append(Piece(kind: "element", name: name, json: Array(json)))
            case .oversized(let name): pieces.append(Piece(kind: "oversized", name: name, json: []))
            }
            return pieces.count < 50
        }
        do throws(JSONStreamError) {
            if let cut {
                try reader.read(UnsafeBufferPointer(rebasing: bytes[..<cut]), handle)
                try reader.read(UnsafeBufferPointer(rebasing: bytes[cut...]), handle)
            } else {
                try reader.read(bytes, handle)
            }
            try reader.finish()
            return (pieces, nil)
        } catch {
            // Where it failed, not what it had handed over before.
            return ([], error)
        }
    }

    /// What reading a document ``JSONPullReader`` took may fail on: the inside of a string or a
    /// number, which its check leaves to whoever decodes them.
    static let decodingFailures: Set = [
        "a bad escape", "a control character in a string", "a number cannot be read",
    ]

    /// Reads every value of `bytes` with ``JSONPullReader``, each string at most 16 bytes: nil
    /// when the reader refuses the document.
    static func pullAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Void, JSONPullReader.Failure>? {
        guard var reader = try? JSONPullReader(UnsafeRawBufferPointer(bytes)) else { return nil }
        do throws(JSONPullReader.Failure) {
            try pull(&reader)
            try reader.expectEnd()
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    private static func pull(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) {
        switch try reader.peek() {
        case .object: try reader.readObject { reader, _ throws(JSONPullReader.Failure) in try pull(&reader) }
        case .array:
            try reader.readArray { reader throws(JSONPullReader.Failure) in
                try pull(&reader)
                return true
            }
        case .string:
            let text = try reader.readString(limit: 16)
            Invariant.check(text.utf8.count <= 16, "a string of \(text.utf8.count) bytes, over the cap of 16")
        default: _ = try reader.readScalarText()
        }
    }

    /// Whether JSONDecoder takes `data` as an object (reading none of it).
    static func decoderAccepts(_ data: Data) -> Bool {
        (try? JSONDecoder().decode(AnyObject.self, from: data)) != nil
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct AnyObject: Decodable {
        init(from decoder: any Decoder) throws {
            _ = try decoder.container(keyedBy: Key.self)
        }
    }

    /// Any JSON value, read through without keeping it.
    struct AnyValue: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
