import FlyingFox
import FlyingSocks
import Foundation

/// A body that goes wrong as it is sent, for the stubs' faults: cut short (its length promised,
/// half of it sent, the connection then broken), sent a few bytes at a time with pauses, or
/// never ending.
enum StubBody {
    /// The answer's body as `fault` shapes it; nil when it leaves the body alone.
    static func shaped(_ body: Data, fault: ReaderAPIStubServer.Fault?) -> HTTPBodySequence? {
        switch fault {
        case .truncatedBody?:
            return HTTPBodySequence(
                from: Bytes(source: .finite(body.prefix(body.count / 2)), breaksAtEnd: true),
                count: body.count)
        case .slowBody(let bytes, let interval)?:
            return HTTPBodySequence(
                from: Bytes(source: .finite(body), chunk: max(1, bytes), interval: interval),
                count: body.count)
        case .endlessBody?:
            return HTTPBodySequence(
                from: Bytes(source: .endless(start: Data(#"{"items":["#.utf8), repeating: endlessItem)))
        case .malformedJSON?:
            return HTTPBodySequence(data: body.prefix(body.count / 2))
        default:
            return nil
        }
    }

    /// What a never-ending list of items repeats: an item, then a comma.
    static let endlessItem = Data(
        #"{"id":1,"feedId":1,"title":"again","body":"<p>and again</p>","unread":true,"starred":false},"#.utf8)

    /// Thrown at the end of a body cut short: the connection breaks.
    struct BrokenConnection: Error {}

    /// The bytes of a shaped body.
    struct Bytes: AsyncBufferedSequence, Sendable {
        typealias Element = UInt8

        enum Source: Sendable {
            case finite(Data)
            /// `start`, then `repeating` for ever.
            case endless(start: Data, repeating: Data)
        }

        var source: Source
        var chunk = 16 << 10
        var interval: Duration = .zero
        /// Breaks the connection once the bytes are sent, instead of ending the body.
        var breaksAtEnd = false

        func makeAsyncIterator() -> Iterator {
            Iterator(bytes: self)
        }

        struct Iterator: AsyncBufferedIteratorProtocol {
            let bytes: Bytes
            var sent = 0
            var started = false

            mutating func next() async throws -> UInt8? {
                try await nextBuffer(suggested: 1)?.first
            }

            mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
                if started, bytes.interval > .zero { try await Task.sleep(for: bytes.interval) }
                started = true
                let size = Swift.max(1, Swift.min(count, bytes.chunk))
                switch bytes.source {
                case .finite(let data):
                    guard sent < data.count else {
                        if bytes.breaksAtEnd { throw BrokenConnection() }
                        return nil
                    }
                    let start = data.startIndex + sent
                    let piece = data[start..<Swift.min(start + size, data.endIndex)]
                    sent += piece.count
                    return Array(piece)
                case .endless(let start, let repeating):
                    if sent < start.count {
                        let from = start.startIndex + sent
                        let piece = start[from..<Swift.min(from + size, start.endIndex)]
                        sent += piece.count
                        return Array(piece)
                    }
                    var piece: [UInt8] = []
                    piece.reserveCapacity(size + repeating.count)
                    while piece.count < size { piece += repeating }
                    sent += piece.count
                    return piece
                }
            }
        }
    }
}
