import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One accepted connection, as the server's thread serves it. Every step blocks, and every wait
/// ends early once the server's `stopping` trigger is raised.
struct Connection {
    /// How a step of serving a connection ended.
    enum Outcome: Equatable {
        /// The step finished.
        case done
        /// The client closed (or reset) the connection first.
        case clientLeft
        /// The server is stopping.
        case stopping

        /// `next()` after a step that finished; otherwise how this one ended.
        func then(_ next: () -> Outcome) -> Outcome {
            self == .done ? next() : self
        }
    }

    let descriptor: Int32
    let stopping: Trigger

    /// Reads up to the blank line that ends a request head; nil if the client left first or the
    /// server is stopping.
    func readHead() -> String? {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while waitUntilReady(for: Socket.readable) == .done {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[..<count]
            let text = String(decoding: received, as: UTF8.self)
            if text.contains("\r\n\r\n") { return text }
        }
        return nil
    }

    /// Writes all of `bytes`.
    func send(_ bytes: Data) -> Outcome {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let ready = waitUntilReady(for: Socket.writable)
            guard ready == .done else { return ready }
            let sent = Socket.sendSome(bytes[offset..<min(offset + 16_384, bytes.endIndex)], to: descriptor)
            guard sent > 0 else { return .clientLeft }
            offset += sent
        }
        return .done
    }

    /// Writes `bytes` again and again until the client leaves or the server stops.
    func repeatedly(_ bytes: Data) -> Outcome {
        while true {
            let sent = send(bytes)
            guard sent == .done else { return sent }
        }
    }

    /// Writes `body` one byte at a time, waiting `interval` before each.
    func trickle(_ body: Data, every interval: Duration) -> Outcome {
        for byte in body {
            let stopped = Socket.wait(for: [(stopping.descriptor, Socket.readable)], timeout: interval)
            guard stopped == nil else { return .stopping }
            let sent = send(Data([byte]))
            guard sent == .done else { return sent }
        }
        return .done
    }

    /// Closes the server's side for writing, so the client reads to the end of what was sent and
    /// then end of file, and waits for the client to close its side.
    func endAnswer() -> Outcome {
        shutdown(descriptor, Int32(SHUT_WR))
        return waitForClose()
    }

    /// Waits until the client closes its side (`.clientLeft`) or the server stops, discarding
    /// anything the client sends meanwhile.
    func waitForClose() -> Outcome {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let ready = waitUntilReady(for: Socket.readable)
            guard ready == .done else { return ready }
            if recv(descriptor, &buffer, buffer.count, 0) <= 0 { return .clientLeft }
        }
    }

    /// Waits until `trigger` is raised (`.done`), the client leaves, or the server stops.
    func wait(for trigger: Trigger) -> Outcome {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let watched = [stopping.descriptor, trigger.descriptor, descriptor].map { ($0, Socket.readable) }
        while true {
            switch Socket.wait(for: watched) {
            case 1: return .done
            case 2: if recv(descriptor, &buffer, buffer.count, 0) <= 0 { return .clientLeft }
            default: return .stopping
            }
        }
    }

    /// Waits until the connection is ready for `events` (`.done`) or the server stops.
    private func waitUntilReady(for events: Int16) -> Outcome {
        Socket.wait(for: [(stopping.descriptor, Socket.readable), (descriptor, events)]) == 1
            ? .done : .stopping
    }
}
