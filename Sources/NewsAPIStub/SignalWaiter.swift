import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT and SIGTERM into an async event, for the stub servers' executables. Keep the waiter alive for as long as the signals
/// should be caught: its dispatch sources live in it.
package final class SignalWaiter {
    private let sources: [any DispatchSourceSignal]
    private let names: AsyncStream<String>

    /// Replaces the default action of SIGINT and SIGTERM, which is to end the process at once.
    package init() {
        let (names, continuation) = AsyncStream.makeStream(of: String.self)
        let queue = DispatchQueue(label: "stub.signals")
        sources = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")].map { number, name in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(name) }
            source.resume()
            return source
        }
        self.names = names
    }

    /// Returns the name of the first signal received.
    package func next() async -> String {
        for await name in names {
            return name
        }
        return "end of input"
    }
}
