#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock that lets one sync at a time work on a store, across processes: an exclusive
/// `flock` on a file beside the store, held for the whole sync. The kernel lets it go when its
/// process ends, however it ends (SIGKILL too), so a killed sync never blocks the next; and since
/// no two syncs of one store run at once, no two send the same queued change.
public final class SyncLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Takes the lock at `path`, waiting up to `wait` for another process to let it go; nil when
    /// it did not (or the file cannot be opened, which the caller reports as busy too).
    /// `waiting` is called once when the lock is held by another process and this call waits.
    public static func acquire(
        at path: String, waiting wait: Duration = .seconds(30), onWait waiting: () -> Void = {}
    ) async -> SyncLock? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        let deadline = ContinuousClock.now + wait
        var waited = false
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return SyncLock(descriptor: descriptor) }
            if !waited, wait > .zero {
                waited = true
                waiting()
            }
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline, !Task.isCancelled
            else {
                close(descriptor)
                return nil
            }
            // flock has no timeout of its own; another sync holds it for seconds at most.
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Lets the lock go now rather than when released.
    public func release() {
        flock(descriptor, LOCK_UN)
    }
}
