import Foundation

#if canImport(FoundationNetworking)
    /// A delegate queue that runs each call at once, on the queue that makes it.
    ///
    /// FoundationNetworking hands each piece of a body (16 KiB, after decompression) to the
    /// delegate queue as libcurl produces it, and nothing slows libcurl when that queue falls
    /// behind: the pieces waiting are bounded only by how well the queue's thread keeps up. When it
    /// stopped (the old delegate cancelled on it, and `cancel()` waits for the session's queue), a
    /// 1 MB gzip body inflating to 1 GiB piled up 1.1 GB. Run inline, each piece is counted and
    /// dropped before the next one is inflated, however busy the machine.
    ///
    /// The price: delegate methods run on the session's own serial queue, so they must be quick and
    /// must never call what waits for that queue (`URLSessionTask.cancel()`, `resume()`).
    final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }
    }
#endif
