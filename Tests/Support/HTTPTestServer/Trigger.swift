import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A flag that any thread can raise and that `poll(2)` can wait on beside sockets: a pipe whose
/// read end becomes readable, and stays readable, once a byte is written.
///
/// Nothing ever reads the byte, so a raised trigger stays raised. The server uses one to stop its
/// thread and one to release held requests.
final class Trigger: Sendable {
    /// The end to poll for `POLLIN`.
    let descriptor: Int32
    private let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError.last("pipe") }
        (descriptor, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    /// Raises the trigger; raising it again changes nothing.
    func raise() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}
