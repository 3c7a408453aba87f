import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal HTTP server on 127.0.0.1, built on blocking POSIX sockets and one thread, adapted from
/// NetworkingTests' server of the same name. Besides well-formed replies it can stay silent or stop
/// halfway through a body, and it counts the connections the *client* closed, so a test can prove
/// that a cancelled download really hung up.
///
/// It serves one connection at a time. Tests synchronise on ``waitForRequests(_:)`` and
/// ``waitForClientCloses(_:)``, which return once the server has seen that many, never on time.
final class RawHTTPServer: Sendable {
    /// What the server does once it has read a request head.
    enum Behaviour: Sendable {
        /// Never answers; holds the connection until the client leaves or the server stops.
        case silence
        /// Writes these bytes, then closes its side of the connection.
        case reply(Data)
        /// Writes these bytes (say, a head promising more body than follows), then holds the
        /// connection open until the client leaves or the server stops.
        case partial(Data)
        /// Holds every request until ``release()``, then writes these bytes and closes its side.
        case held(Data)
    }

    /// The port the server listens on.
    let port: Int
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let gateRead: Int32
    private let gateWrite: Int32
    private let behaviour: Behaviour
    private let state = Mutex(State())

    private struct State {
        var heads: [String] = []
        var clientCloses = 0
        var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var closeWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var finished = false
        var finishWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// `http://127.0.0.1:PORT`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The request heads read so far (request line and headers).
    var requestHeads: [String] { state.withLock { $0.heads } }

    /// Connections the client closed (or reset) after sending its request.
    var clientCloses: Int { state.withLock { $0.clientCloses } }

    /// Binds a free port and starts serving; the server accepts connections when this returns.
    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        (listener, port) = try Self.makeListener()
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw POSIXError.last("pipe") }
        (wakeRead, wakeWrite) = (pipeEnds[0], pipeEnds[1])
        guard pipe(&pipeEnds) == 0 else { throw POSIXError.last("pipe") }
        (gateRead, gateWrite) = (pipeEnds[0], pipeEnds[1])
        let thread = Thread { [self] in serve() }
        thread.name = "RawHTTPServer:\(port)"
        thread.start()
    }

    /// Returns once `count` requests have arrived in all (or the server stopped).
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

    /// Lets the held requests of a `.held` server be answered, now and from now on.
    func release() {
        var byte: UInt8 = 1
        _ = write(gateWrite, &byte, 1)
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

    // MARK: - Building responses

    /// An HTTP/1.1 response head and body. `contentLength` overrides the real length, so a test
    /// can promise more than it sends; `.none` sends no length at all (the body then ends when the
    /// connection closes).
    static func response(
        status: Int = 200, contentType: String = "application/octet-stream",
        contentLength: Int?? = .some(nil), body: Data
    ) -> Data {
        var lines = ["HTTP/1.1 \(status) Status", "Content-Type: \(contentType)", "Connection: close"]
        switch contentLength {
        case .some(.some(let length)): lines.append("Content-Length: \(length)")
        case .some(.none): lines.append("Content-Length: \(body.count)")
        case .none: break
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    }

    // MARK: - The server thread

    /// How one side's wait for the other ended.
    private enum Outcome {
        case done
        case clientLeft
        case stopping
    }

    private func serve() {
        while let connection = nextConnection() {
            if handle(connection) == .clientLeft { recordClientClose() }
            close(connection)
        }
        for descriptor in [listener, wakeRead, wakeWrite, gateRead, gateWrite] { close(descriptor) }
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

    private func handle(_ connection: Int32) -> Outcome {
        guard let head = readHead(connection) else { return .done }
        recordHead(head)
        switch behaviour {
        case .silence:
            return waitForClose(connection)
        case .reply(let bytes):
            let sent = transmit(bytes, to: connection)
            guard sent == .done else { return sent }
            shutdown(connection, Int32(SHUT_WR))
            return waitForClose(connection)
        case .partial(let bytes):
            let sent = transmit(bytes, to: connection)
            guard sent == .done else { return sent }
            return waitForClose(connection)
        case .held(let bytes):
            let released = waitForRelease(connection)
            guard released == .done else { return released }
            let sent = transmit(bytes, to: connection)
            guard sent == .done else { return sent }
            shutdown(connection, Int32(SHUT_WR))
            return waitForClose(connection)
        }
    }

    /// Waits for ``release()`` (`.done`), the client leaving, or the server stopping.
    private func waitForRelease(_ connection: Int32) -> Outcome {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var descriptors = [
            pollfd(fd: gateRead, events: Int16(POLLIN), revents: 0),
            pollfd(fd: connection, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let result = poll(&descriptors, 3, -1)
            if result < 0 && errno == EINTR { continue }
            guard result > 0, descriptors[2].revents == 0 else { return .stopping }
            if descriptors[0].revents != 0 { return .done }
            if recv(connection, &buffer, buffer.count, 0) <= 0 { return .clientLeft }
        }
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

    /// Reads up to the blank line that ends a request head; nil if the client left first or the
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

    /// Writes everything: `.done`, or how it ended early.
    private func transmit(_ bytes: Data, to connection: Int32) -> Outcome {
        var offset = 0
        let chunk = 16_384
        while offset < bytes.count {
            guard waitUntilReady(connection, for: Int16(POLLOUT)) else { return .stopping }
            let end = min(offset + chunk, bytes.count)
            let sent = bytes[offset..<end].withUnsafeBytes { raw in
                send(connection, raw.baseAddress, raw.count, sendFlags)
            }
            guard sent > 0 else { return .clientLeft }
            offset += sent
        }
        return .done
    }

    /// Waits until the client closes its side (`.clientLeft`) or the server stops (`.stopping`),
    /// discarding anything the client sends meanwhile.
    private func waitForClose(_ connection: Int32) -> Outcome {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while waitUntilReady(connection) {
            if recv(connection, &buffer, buffer.count, 0) <= 0 { return .clientLeft }
        }
        return .stopping
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
        guard bound, listen(descriptor, 16) == 0 else {
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
