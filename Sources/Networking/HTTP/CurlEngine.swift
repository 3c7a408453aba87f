import CCurl
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs every ``CurlExchange`` of the process on one thread through one libcurl multi handle,
/// so connections are kept and reused across requests and clients. libcurl is loaded and the
/// thread started by the first request (``shared()``); a process that sends nothing never maps
/// libcurl or the libraries it needs.
///
/// Other threads only post commands (start an exchange, stop one) and wake the thread; libcurl
/// is called on this thread alone, and its callbacks run here.
final class CurlEngine: @unchecked Sendable {
    /// The engine, made at the first call; or why libcurl could not be loaded.
    static func shared() throws(HTTPClientError) -> CurlEngine {
        try instance.get()
    }

    private static let instance: Result<CurlEngine, HTTPClientError> = {
        if let failure = ccurl_load() {
            return .failure(
                .transport(
                    .other("the network library libcurl could not be loaded (\(String(cString: failure)))")))
        }
        guard let multi = ccurl_multi_init() else {
            return .failure(.transport(.other("the network library could not start")))
        }
        let engine = CurlEngine(multi: multi)
        DetachedThread.start(named: "NewsApp HTTP") { engine.run() }
        return .success(engine)
    }()

    private enum Command {
        case start(CurlExchange)
        case stop(CurlExchange)
    }

    private let multi: OpaquePointer
    private let inbox = Locked<[Command]>([])
    /// The engine thread's: each transfer on the multi handle and its exchange, which it keeps
    /// alive while libcurl may call back into it.
    private var running: [OpaquePointer: CurlExchange] = [:]

    private init(multi: OpaquePointer) {
        self.multi = multi
    }

    /// Sends `exchange`'s request.
    func start(_ exchange: CurlExchange) {
        post(.start(exchange))
    }

    /// Stops `exchange`'s transfer, if it is running, closing its connection.
    func stop(_ exchange: CurlExchange) {
        post(.stop(exchange))
    }

    private func post(_ command: Command) {
        inbox.withLock { $0.append(command) }
        _ = ccurl_multi_wakeup(multi)
    }

    // MARK: - The engine's thread

    private func run() {
        while true {
            for command in inbox.withLock({ inbox in
                defer { inbox = [] }
                return inbox
            }) {
                switch command {
                case .start(let exchange): begin(exchange)
                case .stop(let exchange): remove(exchange)
                }
            }
            var active: Int32 = 0
            _ = ccurl_multi_perform(multi, &active)
            var result: Int32 = 0
            while let handle = ccurl_multi_next_done(multi, &result) {
                ended(handle, code: Int(result))
            }
            // Woken at once by a command; libcurl shortens the wait to its own next timer.
            _ = ccurl_multi_poll(multi, running.isEmpty ? 60_000 : 1_000)
        }
    }

    /// Starts the transfer of `exchange`'s current request, unless it is finished already.
    private func begin(_ exchange: CurlExchange) {
        guard !exchange.isFinished else { return }
        guard let transfer = exchange.makeTransfer(), ccurl_multi_add(multi, transfer.handle) == 0 else {
            exchange.endTransfer()
            exchange.finish(
                .failure(.transport(.other("the network library could not start"))), transferEnded: true)
            return
        }
        running[transfer.handle] = exchange
    }

    /// Takes `exchange`'s transfer off the multi handle, mid-way or not.
    private func remove(_ exchange: CurlExchange) {
        guard let handle = exchange.transfer?.handle, running.removeValue(forKey: handle) != nil else {
            return
        }
        _ = ccurl_multi_remove(multi, handle)
        exchange.endTransfer()
    }

    /// The transfer `handle` ended with `code`: a redirect to follow, or the exchange's outcome.
    private func ended(_ handle: OpaquePointer, code: Int) {
        guard let exchange = running.removeValue(forKey: handle), let transfer = exchange.transfer else {
            _ = ccurl_multi_remove(multi, handle)
            return
        }
        let systemError = code == CCURLE_COULDNT_CONNECT ? transfer.systemError : 0
        _ = ccurl_multi_remove(multi, handle)
        let verdict = exchange.transferEnded(code: code, systemError: systemError)
        exchange.endTransfer()
        switch verdict {
        case .follow(let next):
            exchange.follow(next)
            begin(exchange)
        case .outcome(let outcome):
            exchange.finish(outcome, transferEnded: true)
        }
    }
}
