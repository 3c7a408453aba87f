// `PeakMemoryProbe COMMAND [ARGUMENT…]`: runs COMMAND with this process's standard streams and
// environment, waits for it, and then writes one line to standard error:
//
//     peak-memory: <COMMAND's peak resident set, KiB> <this probe's own, KiB> <wait status>
//
// Linux keeps a process's peak resident set (`ru_maxrss`) across `exec`, starting from the peak of
// the memory it ran in before: `posix_spawn` runs the child in its parent's memory until the
// `exec` (vfork), so the child's reading is the larger of its parent's peak (`VmHWM`) at that
// moment and the command's own. A command spawned by a test runner or a benchmark hundreds of
// megabytes big reports at least that much. Spawned from this small probe instead, it reports the
// larger of the probe's own peak (the second number: `VmHWM` just before the spawn, a few
// megabytes) and its own, which is its own whenever it is above the probe's.
import Glibc

/// Writes `text` to standard error (file descriptor 2) in one call.
func report(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

/// This process's peak resident set (`VmHWM` of /proc/self/status), in KiB; 0 when unreadable.
/// Not `getrusage`: that starts from the peak of whatever spawned the probe.
func ownPeakKilobytes() -> Int {
    let descriptor = open("/proc/self/status", O_RDONLY)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4_096)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return 0 }
    let text = String(decoding: bytes[0..<count], as: UTF8.self)
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
    return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) } ?? 0
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    report("usage: PeakMemoryProbe COMMAND [ARGUMENT…]\n")
    exit(2)
}
let argv = arguments.dropFirst().map { strdup($0) } + [nil]
let own = ownPeakKilobytes()
var pid = pid_t()
let spawned = posix_spawn(&pid, arguments[1], nil, nil, argv, environ)
guard spawned == 0 else {
    report("PeakMemoryProbe: cannot run \(arguments[1]): \(String(cString: strerror(spawned)))\n")
    exit(127)
}
var status: Int32 = 0
var usage = rusage()
while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
report("peak-memory: \(usage.ru_maxrss) \(own) \(status)\n")
exit(0)
