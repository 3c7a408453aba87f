import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ``ShapedServer``'s thread: every listener and connection on one `poll(2)`, whose timeout is
/// the next moment an answer is due (its first byte, or its next bytes at the host's bandwidth).
final class ShapedLoop {
    private enum Phase {
        /// Reading a request's head.
        case reading
        /// The head is read; the answer starts at `at`.
        case waiting(at: Double, answer: Data)
        /// Sending `answer` from `started` at `rate` bytes a second; `sent` so far.
        case sending(answer: Data, sent: Int, started: Double, rate: Double)
        /// A hanging host: read and thrown away until the client leaves.
        case silent
    }

    private struct Connection {
        let host: Int
        var input: [UInt8] = []
        var phase = Phase.reading
    }

    /// Pacing steps: at most this many seconds' worth of bytes at once.
    private static let step = 0.01
    private static let maximumHead = 64 << 10

    private let server: ShapedServer
    private var connections: [Int32: Connection] = [:]
    private var buffer = [UInt8](repeating: 0, count: 64 << 10)
    private let feedsByPath: [String: Int]

    init(server: ShapedServer) {
        self.server = server
        feedsByPath = Dictionary(
            server.schedule.feeds.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func run() {
        let listeners = server.listening
        while true {
            var polled = [pollfd(fd: server.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            polled += listeners.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            let now = Self.now()
            var due = Double.infinity
            let descriptors = Array(connections.keys)
            for descriptor in descriptors {
                var events = Int16(POLLIN)
                switch connections[descriptor]!.phase {
                case .reading, .silent:
                    break
                case .waiting(let at, _):
                    due = min(due, at)
                case .sending(let answer, let sent, let started, let rate):
                    if sent < Self.allowed(answer.count, since: started, now: now, rate: rate) {
                        events |= Int16(POLLOUT)
                    } else {
                        let chunk = max(1, Int(rate * Self.step))
                        due = min(due, started + Double(min(answer.count, sent + chunk)) / rate)
                    }
                }
                polled.append(pollfd(fd: descriptor, events: events, revents: 0))
            }
            let timeout = due.isFinite ? Int32(max(0, min(1_000, ((due - now) * 1_000).rounded(.up)))) : 1_000
            let ready = poll(&polled, nfds_t(polled.count), timeout)
            if ready < 0 && errno != EINTR { break }
            if polled[0].revents != 0 { break }
            for (offset, listener) in listeners.enumerated() where polled[1 + offset].revents != 0 {
                while let connection = ShapedSocket.accept(from: listener.descriptor) {
                    connections[connection] = Connection(host: listener.host)
                    server.connection(toHost: listener.host, +1)
                }
            }
            for (offset, descriptor) in descriptors.enumerated() {
                let events = polled[1 + listeners.count + offset].revents
                if events & Int16(POLLIN | POLLHUP | POLLERR) != 0, !read(descriptor) {
                    drop(descriptor)
                    continue
                }
                if !advance(descriptor) { drop(descriptor) }
            }
        }
        for descriptor in connections.keys { close(descriptor) }
        connections = [:]
        server.closeEverything()
    }

    // MARK: - Connections

    /// Reads what the client sent; false when it left.
    private func read(_ descriptor: Int32) -> Bool {
        guard let count = ShapedSocket.receive(into: &buffer, from: descriptor) else { return false }
        guard case .silent = connections[descriptor]!.phase else {
            connections[descriptor]!.input += buffer[0..<count]
            return connections[descriptor]!.input.count <= Self.maximumHead
        }
        return true
    }

    /// Moves the connection on as far as the clock allows; false when it is to be closed.
    private func advance(_ descriptor: Int32) -> Bool {
        while true {
            guard var connection = connections[descriptor] else { return false }
            let now = Self.now()
            switch connection.phase {
            case .silent:
                return true
            case .reading:
                guard let head = takeHead(&connection.input) else {
                    connections[descriptor] = connection
                    return true
                }
                connection.phase = answer(head, host: connection.host, now: now)
                connections[descriptor] = connection
            case .waiting(let at, let answer):
                guard now >= at else { return true }
                let host = server.schedule.hosts[connection.host]
                let rate = host.behaviour == .trickles ? 1 : host.bytesPerSecond
                connection.phase = .sending(answer: answer, sent: 0, started: at, rate: rate)
                connections[descriptor] = connection
            case .sending(let answer, var sent, let started, let rate):
                let allowed = Self.allowed(answer.count, since: started, now: now, rate: rate)
                if sent < allowed {
                    let count = answer.withUnsafeBytes { bytes in
                        ShapedSocket.send(
                            UnsafeRawBufferPointer(rebasing: bytes[sent..<allowed]), to: descriptor)
                    }
                    guard let count else { return false }
                    sent += count
                }
                if sent == answer.count {
                    let address = server.schedule.hosts[connection.host].address
                    server.record { $0.answered[address, default: 0] += 1 }
                    connection.phase = .reading
                    connections[descriptor] = connection
                    continue
                }
                connection.phase = .sending(answer: answer, sent: sent, started: started, rate: rate)
                connections[descriptor] = connection
                return true
            }
        }
    }

    private func drop(_ descriptor: Int32) {
        guard let connection = connections.removeValue(forKey: descriptor) else { return }
        close(descriptor)
        server.connection(toHost: connection.host, -1)
    }

    /// The head at the start of `input`, taken out of it; nil until it is complete.
    private func takeHead(_ input: inout [UInt8]) -> String? {
        let end: [UInt8] = [13, 10, 13, 10]
        guard input.count >= 4,
            let start = (0...(input.count - 4)).first(where: { input[$0..<($0 + 4)].elementsEqual(end) })
        else { return nil }
        let head = String(decoding: input[0..<start], as: UTF8.self)
        input.removeFirst(start + 4)
        return head
    }

    /// What follows the request `head` to `host`.
    private func answer(_ head: String, host: Int, now: Double) -> Phase {
        server.record { $0.requests += 1 }
        let plan = server.schedule.hosts[host]
        guard plan.behaviour != .hangs else { return .silent }
        let lines = head.split(separator: "\r\n")
        let target = lines.first?.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        guard let feed = feedsByPath[target], server.schedule.feeds[feed].host == host else {
            return .waiting(at: now + plan.firstByte, answer: ShapedAnswer.notFound)
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        let version = server.documents.version(ofFeed: feed, in: server.round)
        let unchanged =
            fields["if-none-match"].map { $0 == version.etag }
            ?? fields["if-modified-since"].map { $0 == version.lastModified } ?? false
        if unchanged { server.record { $0.notModified += 1 } }
        var answer = ShapedAnswer.head(for: version, notModified: unchanged)
        if !unchanged { answer += version.body }
        return .waiting(at: now + plan.firstByte, answer: answer)
    }

    // MARK: - Time

    /// Bytes of an answer of `count` that may be out by `now`: at least the first.
    private static func allowed(_ count: Int, since started: Double, now: Double, rate: Double) -> Int {
        min(count, max(1, Int((now - started) * rate)))
    }

    /// Seconds on the monotonic clock.
    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
