import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP server on 127.0.0.1 that answers some requests and holds the others, and sees when
/// the client closes a held connection: for sessions that leave a screen while its load waits.
///
/// Built on blocking POSIX sockets and one thread, like NetworkingTests' `RawHTTPServer`, and
/// serves one connection at a time. Tests synchronise on ``waitForHeldRequests(_:)`` and
/// ``waitForClientCloses(_:)``, which return once the server has seen that many, never on time.
final class HoldingHTTPServer: Sendable {
    /// The response for a request line (`GET /v2/… HTTP/1.1`), or nil to hold the request.
    typealias Responder = @Sendable (String) -> Data?

    let port: Int
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let responder: Responder
    private let state = Mutex(State())

    private struct State {
        var held: [String] = []
        var clientCloses = 0
        var waiters: [(kind: Kind, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var finished = false
    }

    private enum Kind {
        case held, closed, finished
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The request lines held so far.
    var heldRequests: [String] { state.withLock { $0.held } }

    /// Held connections the client closed (or reset).
    var clientCloses: Int { state.withLock { $0.clientCloses } }

    init(responder: @escaping Responder) throws {
        self.responder = responder
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        (listener, port) = (descriptor, Int(UInt16(bigEndian: address.sin_port)))
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
        Thread { [self] in serve() }.start()
    }

    /// Returns once `count` requests are held in all (or the server stopped).
    func waitForHeldRequests(_ count: Int = 1) async { await wait(.held, count) }

    /// Returns once the client closed `count` held connections in all (or the server stopped).
    func waitForClientCloses(_ count: Int = 1) async { await wait(.closed, count) }

    /// Closes every connection and the listening socket, and waits for the thread to end.
    func stop() async {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        await wait(.finished, 1)
    }

    /// `body` as a 200 response that closes the connection.
    static func json(_ body: String) -> Data {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
        return Data((head + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
    }

    private func wait(_ kind: Kind, _ count: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.finished || progress(kind, state) >= count { return true }
                state.waiters.append((kind, count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func progress(_ kind: Kind, _ state: State) -> Int {
        switch kind {
        case .held: state.held.count
        case .closed: state.clientCloses
        case .finished: state.finished ? 1 : 0
        }
    }

    private func update(_ change: (inout State) -> Void) {
        let ready = state.withLock { state in
            change(&state)
            let now = state
            let isReady = {
                (waiter: (kind: Kind, count: Int, continuation: CheckedContinuation<Void, Never>)) in
                now.finished || self.progress(waiter.kind, now) >= waiter.count
            }
            let ready = state.waiters.filter(isReady)
            state.waiters.removeAll(where: isReady)
            return ready.map(\.continuation)
        }
        for waiter in ready { waiter.resume() }
    }

    // MARK: - The server thread

    private func serve() {
        while waitUntilReadable(listener) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            handle(connection)
            close(connection)
        }
        for descriptor in [listener, wakeRead, wakeWrite] { close(descriptor) }
        update { $0.finished = true }
    }

    private func handle(_ connection: Int32) {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while !String(decoding: received, as: UTF8.self).contains("\r\n\r\n") {
            guard waitUntilReadable(connection) else { return }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            received += buffer[..<count]
        }
        let line = String(String(decoding: received, as: UTF8.self).prefix { $0 != "\r" })
        let response = responder(line)
        if let response {
            _ = response.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, sendFlags) }
            shutdown(connection, Int32(SHUT_WR))
        } else {
            update { $0.held.append(line) }
        }
        // Until the client closes its side (or resets), or the server stops.
        while waitUntilReadable(connection) {
            guard recv(connection, &buffer, buffer.count, 0) > 0 else {
                if response == nil { update { $0.clientCloses += 1 } }
                return
            }
        }
    }

    /// Waits until `socket` has something to read; false when the server is told to stop.
    private func waitUntilReadable(_ socket: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let result = poll(&descriptors, 2, -1)
            if result < 0 && errno == EINTR { continue }
            return result > 0 && descriptors[1].revents == 0
        }
    }
}

#if canImport(Glibc)
    private let streamType = Int32(SOCK_STREAM.rawValue)
    private let sendFlags = Int32(MSG_NOSIGNAL)
#else
    private let streamType = SOCK_STREAM
    private let sendFlags: Int32 = 0
#endif
