import FlyingFox
import NewsModels

/// Waits until an `HTTPServer` listens, or until its `run()` task ends first (e.g. because the
/// port is taken), whichever happens first.
package enum ReadySignal {
    package static func wait(for server: HTTPServer, running task: Task<Void, any Error>) async throws {
        let gate = Gate()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            gate.arm(continuation)
            Task {
                do {
                    try await server.waitUntilListening(timeout: 30)
                    gate.open(.success(()))
                } catch {
                    gate.open(.failure(error))
                }
            }
            Task {
                let outcome = await task.result
                let reason =
                    switch outcome {
                    case .success: "the server stopped"
                    case .failure(let error): String(describing: error)
                    }
                gate.open(.failure(NewsAPIStubServer.StartError.couldNotListen(reason)))
            }
        }
    }

    /// Resumes a continuation once, with the first outcome it is given.
    private final class Gate: Sendable {
        private let continuation = Locked<CheckedContinuation<Void, any Error>?>(nil)

        func arm(_ continuation: CheckedContinuation<Void, any Error>) {
            self.continuation.withLock { $0 = continuation }
        }

        func open(_ outcome: Result<Void, any Error>) {
            continuation.withLock { $0.take() }?.resume(with: outcome)
        }
    }
}
