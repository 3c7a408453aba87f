#if canImport(Glibc)
    import Glibc
#endif

/// glibc's malloc tuned for a refresh.
///
/// `mallopt` and the other calls are looked up at run time: the Glibc module does not import
/// `malloc.h`.
enum MallocTuning {
    /// Keeps large blocks (from 128 KiB, glibc's default) in mappings of their own.
    ///
    /// glibc raises its mapping threshold to the size of each mapped block freed, up to 32 MiB:
    /// after the first large feed body, every later body and parse buffer would come from the
    /// heaps of the threads that asked for it, between small item strings that outlive it, and
    /// those heaps grow and are not given back. The refresh's peak with and without the fixed
    /// threshold is in BENCHMARKS.md (issue 36's rows).
    static func keepLargeBlocksMapped() {
        let mmapThreshold: CInt = -3  // M_MMAP_THRESHOLD in malloc.h
        mallopt(mmapThreshold, 128 * 1024)
    }

    /// The refresh's tuning: large blocks mapped and arenas limited. Called before the refresh
    /// starts any thread, since a thread keeps the arena it was first given.
    static func tuneForRefresh() {
        keepLargeBlocksMapped()
        limitArenas()
    }

    /// The most malloc arenas (heaps that threads allocate from) a refresh makes.
    static let arenaLimit: CInt = 2

    /// Lets threads share at most ``arenaLimit`` arenas.
    ///
    /// glibc gives each new thread an arena of its own, up to eight per core: a refresh's HTTP
    /// thread, the threads that parse, the store's writer and the threads that tokenize for it
    /// each kept the memory they had freed in their own heap, where no other thread could reuse
    /// it, so freed memory was held several times over. With two arenas the threads reuse each
    /// other's freed blocks. Called before any thread but the main one has allocated: a thread
    /// keeps the arena it was first given.
    static func limitArenas() {
        let arenaMaximum: CInt = -8  // M_ARENA_MAX in malloc.h
        mallopt(arenaMaximum, arenaLimit)
    }

    /// The arenas malloc has made so far, from its own account (`malloc_info`); nil where that
    /// cannot be read.
    static func arenaCount() -> Int? {
        #if canImport(Glibc)
            typealias MallocInfo = @convention(c) (CInt, UnsafeMutablePointer<FILE>?) -> CInt
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else {
                return nil
            }
            var buffer: UnsafeMutablePointer<CChar>?
            var size = 0
            guard let stream = open_memstream(&buffer, &size) else { return nil }
            let status = unsafeBitCast(symbol, to: MallocInfo.self)(0, stream)
            fclose(stream)
            defer { free(buffer) }
            guard status == 0, let buffer else { return nil }
            // One `<heap nr="N">` element an arena.
            let pattern = Array("<heap nr=".utf8)
            let bytes = UnsafeRawBufferPointer(start: buffer, count: size)
            var count = 0
            var index = 0
            while index + pattern.count <= bytes.count {
                if bytes[index..<index + pattern.count].elementsEqual(pattern) {
                    count += 1
                    index += pattern.count
                } else {
                    index += 1
                }
            }
            return count
        #else
            return nil
        #endif
    }

    private static func mallopt(_ parameter: CInt, _ value: CInt) {
        #if canImport(Glibc)
            typealias Mallopt = @convention(c) (CInt, CInt) -> CInt
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: Mallopt.self)(parameter, value)
        #endif
    }
}
