import FlyingFox
import FlyingSocks
import Foundation
import NewsModels
import Synchronization

/// The listening half that the package's test servers share: binds 127.0.0.1, serves a FlyingFox
/// handler on a task of its own, turns Nagle's algorithm off on the listener, and stops by closing
/// every connection and waiting for the task. ``NewsAPIStubServer`` and the Google Reader API stub
/// each own one and add only what they answer.
public final class StubListener: Sendable {
    private let running = Locked<Running?>(nil)
    private let lastPort = Atomic<Int>(0)

    private struct Running: Sendable {
        var server: HTTPServer
        var task: Task<Void, any Error>
    }

    public init() {}

    /// Binds 127.0.0.1:`port` (0 picks a free port) and serves `handler`. When this returns, the
    /// server accepts connections.
    ///
    /// - Returns: The port the server listens on.
    @discardableResult
    public func start(port: UInt16, handler: some HTTPHandler) async throws -> Int {
        let server = HTTPServer(
            address: try sockaddr_in.inet(ip4: "127.0.0.1", port: port),
            timeout: 3_600, logger: .disabled, handler: handler)
        let task = Task { try await server.run() }
        let claimed = running.withLock { running -> Bool in
            guard running == nil else { return false }
            running = Running(server: server, task: task)
            return true
        }
        guard claimed else {
            task.cancel()
            throw NewsAPIStubServer.StartError.alreadyRunning
        }
        do {
            try await ReadySignal.wait(for: server, running: task)
        } catch {
            running.withLock { $0 = nil }
            task.cancel()
            throw error
        }
        guard case .ip4(_, let boundPort) = await server.listeningAddress else {
            throw NewsAPIStubServer.StartError.couldNotListen("the server has no IPv4 address")
        }
        NagleSwitch.disable(onListenerAtPort: Int(boundPort))
        lastPort.store(Int(boundPort), ordering: .sequentiallyConsistent)
        return Int(boundPort)
    }

    /// Stops listening, closes open connections and waits for the server to finish; false when
    /// it was not running.
    @discardableResult
    public func stop(beforeClosing prepare: () -> Void = {}) async -> Bool {
        guard let current = running.withLock({ $0.take() }) else { return false }
        prepare()
        await current.server.stop(timeout: 0)
        current.task.cancel()
        _ = await current.task.result
        return true
    }

    /// The port of the running server; that of the last one after ``stop(beforeClosing:)``, 0
    /// before ``start(port:handler:)``.
    public var port: Int { lastPort.load(ordering: .sequentiallyConsistent) }
}
