import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A deliberately broken HTTP server on 127.0.0.1, built on blocking POSIX sockets and one thread,
/// for the faults a well-behaved server library cannot produce: silence, bodies cut short,
/// oversized bodies, hang-ups.
///
/// It serves one connection at a time. Tests synchronise on ``waitForRequests(_:)`` and
/// ``waitForClientCloses(_:)``, which return once the server has read that many request heads or
/// seen the client close that many connections (read returning end of file or a reset), never on
/// time.
final class RawHTTPServer: Sendable {
    /// What the server does once it has read a request head.
    enum Behaviour: Sendable {
        /// Never answers; holds the connection until the client leaves or the server stops.
        case silence
        /// Writes these bytes, then closes its side of the connection.
        case reply(Data)
        /// Closes the connection without writing a byte.
        case hangUp
        /// Writes `head` at once, then `body` one byte every `interval`, then closes its side.
        case trickle(head: Data, body: Data, interval: Duration)
    }

    /// The port the server listens on.
    let port: Int
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let behaviour: Behaviour
    private let state = Mutex(State())

    private struct State {
        var heads: [String] = []
        var clientCloses = 0
        var closeWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var finished = false
        var finishWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// `http://127.0.0.1:PORT`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The request heads read so far (request line and headers).
    var requestHeads: [String] { state.withLock { $0.heads } }

    /// Connections the client closed (or reset) while the server held them open.
    var clientCloses: Int { state.withLock { $0.clientCloses } }

    /// Binds a free port and starts serving; the server accepts connections when this returns.
    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        (listener, port) = try Self.makeListener()
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw POSIXError.last("pipe") }
        (wakeRead, wakeWrite) = (pipeEnds[0], pipeEnds[1])
        let thread = Thread { [self] in serve() }
        thread.name = "RawHTTPServer:\(port)"
        thread.start()
    }

    /// Returns once `count` requests have arrived in all.
    func waitForRequests(_ count: Int = 1) async {
        await withCheckedContinuation { continuation in
            let arrived = state.withLock { state -> Bool in
                guard state.heads.count < count, !state.finished else { return true }
                state.requestWaiters.append((count, continuation))
                return false
            }
            if arrived { continuation.resume() }
        }
    }

    /// Returns once the client has closed `count` connections in all (or the server stopped).
    func waitForClientCloses(_ count: Int = 1) async {
        await withCheckedContinuation { continuation in
            let closed = state.withLock { state -> Bool in
                guard state.clientCloses < count, !state.finished else { return true }
                state.closeWaiters.append((count, continuation))
                return false
            }
            if closed { continuation.resume() }
        }
    }

    /// Closes every connection and the listening socket, and waits for the thread to end.
    func stop() async {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if !state.finished { state.finishWaiters.append(continuation) }
                return state.finished
            }
            if done { continuation.resume() }
        }
    }

    /// A port on 127.0.0.1 that nothing listens on: bound once, then closed.
    static func closedPort() throws -> Int {
        let (descriptor, port) = try makeBoundSocket()
        close(descriptor)
        return port
    }

    // MARK: - Building responses

    /// An HTTP/1.1 response head and body. `contentLength` overrides the real length, so a test
    /// can promise more than it sends; nil with `chunked: false` sends no length at all.
    static func response(
        status: Int = 200, contentLength: Int?? = .some(nil), headers: [String] = [], body: Data
    ) -> Data {
        var lines = ["HTTP/1.1 \(status) Status", "Content-Type: application/json", "Connection: close"]
        switch contentLength {
        case .some(.some(let length)): lines.append("Content-Length: \(length)")
        case .some(.none): lines.append("Content-Length: \(body.count)")
        case .none: break
        }
        lines += headers
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    }

    /// `body` in chunked transfer encoding, in chunks of `size` bytes.
    static func chunked(_ body: Data, size: Int = 8_192) -> Data {
        var encoded = Data()
        var start = body.startIndex
        while start < body.endIndex {
            let end = min(start + size, body.endIndex)
            encoded +=
                Data((String(end - start, radix: 16) + "\r\n").utf8) + body[start..<end] + Data("\r\n".utf8)
            start = end
        }
        return encoded + Data("0\r\n\r\n".utf8)
    }

    // MARK: - The server thread

    private func serve() {
        while let connection = nextConnection() {
            handle(connection)
            close(connection)
        }
        close(listener)
        close(wakeRead)
        close(wakeWrite)
        let waiters = state.withLock { state in
            state.finished = true
            defer {
                state.finishWaiters = []
                state.requestWaiters = []
                state.closeWaiters = []
            }
            return state.finishWaiters + state.requestWaiters.map(\.continuation)
                + state.closeWaiters.map(\.continuation)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// The next accepted connection, or nil once the server is told to stop.
    private func nextConnection() -> Int32? {
        while waitUntilReady(listener) {
            let connection = accept(listener, nil, nil)
            if connection >= 0 {
                preventSIGPIPE(connection)
                return connection
            }
        }
        return nil
    }

    private func handle(_ connection: Int32) {
        guard let head = readHead(connection) else { return }
        recordHead(head)
        switch behaviour {
        case .silence:
            waitForClose(connection)
        case .reply(let bytes):
            if transmit(bytes, to: connection) {
                shutdown(connection, Int32(SHUT_WR))
                waitForClose(connection)
            }
        case .hangUp:
            break
        case .trickle(let head, let body, let interval):
            guard transmit(head, to: connection) else { return }
            for byte in body {
                guard pause(interval), transmit(Data([byte]), to: connection) else { return }
            }
            shutdown(connection, Int32(SHUT_WR))
            waitForClose(connection)
        }
    }

    /// Waits for `duration`; false when the server is told to stop meanwhile.
    private func pause(_ duration: Duration) -> Bool {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Int32(seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
        var wake = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
        return poll(&wake, 1, milliseconds) == 0
    }

    private func recordHead(_ head: String) {
        let ready = state.withLock { state in
            state.heads.append(head)
            let count = state.heads.count
            let ready = state.requestWaiters.filter { $0.count <= count }.map(\.continuation)
            state.requestWaiters.removeAll { $0.count <= count }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    /// Reads up to the blank line that ends a request head; nil if the client left or the
    /// server is stopping.
    private func readHead(_ connection: Int32) -> String? {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while waitUntilReady(connection) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[..<count]
            let text = String(decoding: received, as: UTF8.self)
            if text.contains("\r\n\r\n") { return text }
        }
        return nil
    }

    /// Writes everything; false when the client went away or the server is stopping.
    private func transmit(_ bytes: Data, to connection: Int32) -> Bool {
        var offset = 0
        let chunk = 16_384
        while offset < bytes.count {
            guard waitUntilReady(connection, for: Int16(POLLOUT)) else { return false }
            let end = min(offset + chunk, bytes.count)
            let sent = bytes[offset..<end].withUnsafeBytes { raw in
                send(connection, raw.baseAddress, raw.count, sendFlags)
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Waits until the client closes its side (counted in ``clientCloses``), or the server stops.
    private func waitForClose(_ connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while waitUntilReady(connection) {
            if recv(connection, &buffer, buffer.count, 0) <= 0 {
                recordClientClose()
                return
            }
        }
    }

    private func recordClientClose() {
        let ready = state.withLock { state in
            state.clientCloses += 1
            let count = state.clientCloses
            let ready = state.closeWaiters.filter { $0.count <= count }.map(\.continuation)
            state.closeWaiters.removeAll { $0.count <= count }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    /// Waits until `socket` is ready for `events`; false when the server is told to stop.
    private func waitUntilReady(_ socket: Int32, for events: Int16 = Int16(POLLIN)) -> Bool {
        var descriptors = [
            pollfd(fd: socket, events: events, revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let result = poll(&descriptors, 2, -1)
            if result < 0 && errno == EINTR { continue }
            guard result > 0, descriptors[1].revents == 0 else { return false }
            return true
        }
    }

    // MARK: - Sockets

    private static func makeListener() throws -> (Int32, Int) {
        let (descriptor, port) = try makeBoundSocket()
        guard listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw POSIXError.last("listen")
        }
        return (descriptor, port)
    }

    /// A TCP socket bound to 127.0.0.1 on a free port.
    private static func makeBoundSocket() throws -> (Int32, Int) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw POSIXError.last("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(0).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError.last("bind")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}

// MARK: - Platform differences

#if canImport(Glibc)
    private let streamType = Int32(SOCK_STREAM.rawValue)
    /// Writing to a connection the client closed fails with EPIPE instead of killing the process.
    private let sendFlags = Int32(MSG_NOSIGNAL)
    private func preventSIGPIPE(_ connection: Int32) {}
#else
    private let streamType = SOCK_STREAM
    private let sendFlags: Int32 = 0
    private func preventSIGPIPE(_ connection: Int32) {
        var on: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    }
#endif

extension POSIXError {
    /// The error in `errno`, naming the call that failed.
    static func last(_ call: String) -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, userInfo: [NSLocalizedDescriptionKey: call])
    }
}
