/// A server on 127.0.0.1 that tests and the benchmark start for a while and stop
/// (``NewsAPIStubServer``, and ReaderAPIStub's server), whatever it serves.
public protocol StubServing: Sendable {
    /// Binds 127.0.0.1:`port` (0 picks a free port) and serves; returns the port.
    @discardableResult
    func start(port: UInt16) async throws -> Int

    /// Stops listening, closes open connections and waits for the server to finish.
    func stop() async
}

extension StubServing {
    /// Starts the server on a free port, runs `body` with it, and stops it when `body` returns or
    /// throws: the way tests and the benchmark use a stub for a while.
    public func whileRunning<Value>(
        isolation: isolated (any Actor)? = #isolation, _ body: (Self) async throws -> Value
    ) async throws -> Value {
        try await start(port: 0)
        do {
            let value = try await body(self)
            await stop()
            return value
        } catch {
            await stop()
            throw error
        }
    }
}
