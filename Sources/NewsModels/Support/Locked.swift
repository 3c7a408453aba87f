#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value that only one thread at a time reaches: `withLock` runs its closure holding a
/// `pthread_mutex_t`. The same API as `Synchronization.Mutex`, kept instead of it because on
/// Linux `Mutex` is a futex lock that ThreadSanitizer cannot see, so every access it guards is
/// reported as a race; `pthread_mutex_lock` and `pthread_mutex_unlock` are intercepted by every
/// sanitizer, so a report under `Scripts/sanitize thread` is a real one.
///
/// A class rather than a noncopyable struct: a `pthread_mutex_t` must not move once initialised,
/// and a class's instance never does. The mutex itself is allocated on its own, so its address
/// is one that Swift promises to keep (the address of a stored property is not).
///
/// `@unchecked Sendable` is sound for the same reasons `Mutex`'s `Sendable` is: `value` is read
/// and written only inside `withLock`, between `pthread_mutex_lock` and `pthread_mutex_unlock`
/// on the one mutex, so no two threads reach it at once; and a value comes in (`init`) and goes
/// in and out of the closure (`inout sending`, `sending` result) only as `sending`, so the
/// compiler checks that nothing non-Sendable it holds is still shared outside the lock.
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    /// Holds `initialValue`, which the caller gives up.
    public init(_ initialValue: sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
        value = initialValue
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns. Not
    /// reentrant: calling `withLock` on the same instance inside `body` deadlocks.
    @inlinable
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
