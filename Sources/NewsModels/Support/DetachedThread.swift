#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread of its own for work that blocks (a read from a pipe, libcurl's loop), started with
/// `pthread_create` and detached, as Foundation's `Thread { … }.start()`.
package enum DetachedThread {
    /// Runs `body` on a new thread; stops the process when no thread can be made, as running
    /// the work on no thread at all would hang its caller.
    /// `name` (at most 15 bytes on Linux) shows in debuggers and `top -H`; `stackSize`, in
    /// bytes, is the system's default when nil.
    package static func start(
        named name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void
    ) {
        let context = Unmanaged.passRetained(
            Box {
                #if canImport(Darwin)
                    pthread_setname_np(name)
                #else
                    setName(String(decoding: name.utf8.prefix(15), as: UTF8.self))
                #endif
                body()
            }
        ).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        let result = pthread_create(
            &thread, &attributes,
            { context in
                #if canImport(Darwin)
                    let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
                #else
                    let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
                #endif
                box.body()
                return nil
            }, context)
        guard result == 0 else { fatalError("pthread_create failed: \(result)") }
        #if canImport(Darwin)
            if let thread { pthread_detach(thread) }
        #else
            pthread_detach(thread)
        #endif
    }

    #if !canImport(Darwin)
        /// glibc's `pthread_setname_np`, which its headers declare only under `_GNU_SOURCE`
        /// and Swift therefore cannot see: looked up once by name.
        private static func setName(_ name: String) {
            typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_setname_np") else {
                return
            }
            _ = unsafeBitCast(symbol, to: SetName.self)(pthread_self(), name)
        }
    #endif

    private final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
