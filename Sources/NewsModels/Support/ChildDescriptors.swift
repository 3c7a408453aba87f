#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The descriptors a child started with `posix_spawn` inherits: none but 0, 1 and 2. The feeds'
/// commands, the FreshRSS server the sync's tests start and the tests' tmux servers all spawn
/// this way; a pipe another thread had just made for its own child (Foundation's pipes are not
/// close-on-exec) would otherwise stay open in a long-lived child, and the reader of that pipe
/// would wait for an end of output until the child ended.
package enum ChildDescriptors {
    private typealias CloseFrom =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc does not
    /// import, found at run time.
    private static let closeFrom: CloseFrom? = {
        #if canImport(Glibc)
            guard let address = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np")
            else {
                return nil
            }
            return unsafeBitCast(address, to: CloseFrom.self)
        #else
            return nil
        #endif
    }()

    /// Adds to `actions` the closing of every descriptor from 3 on in the child as it starts;
    /// without `addclosefrom`, of each descriptor open now (listed in `/proc/self/fd`).
    package static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
        if let closeFrom {
            _ = closeFrom(&actions, 3)
            return
        }
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// The descriptors open in this process, from `/proc/self/fd`; none where it does not exist.
    private static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            // The directory's own descriptor is listed too; it is closed before the spawn.
            if let descriptor = Int32(name), descriptor != dirfd(directory) { descriptors.append(descriptor) }
        }
        return descriptors
    }
}
