#if canImport(Glibc)
    import Glibc
#endif

/// glibc's malloc tuned for a refresh.
enum MallocTuning {
    /// Keeps large blocks (from 128 KiB, glibc's default) in mappings of their own.
    ///
    /// glibc raises its mapping threshold to the size of each mapped block freed, up to 32 MiB:
    /// after the first feed body (about 400 KB), every later body and parse buffer came from the
    /// heaps of the threads that asked for it, between small item strings that outlive it, and
    /// those heaps grew and were not given back. A first refresh of 199 such feeds peaked at
    /// 67–70 MB that way, and at 61–64 MB with the threshold fixed.
    ///
    /// `mallopt` is looked up at run time: the Glibc module does not import `malloc.h`.
    static func keepLargeBlocksMapped() {
        #if canImport(Glibc)
            typealias Mallopt = @convention(c) (CInt, CInt) -> CInt
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mmapThreshold: CInt = -3  // M_MMAP_THRESHOLD in malloc.h
            _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 128 * 1024)
        #endif
    }
}
