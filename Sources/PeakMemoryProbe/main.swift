// `newsapp-peak-memory COMMAND [ARGUMENT…]`: runs COMMAND with this process's standard streams and
// environment, waits for it, and then writes one line to standard error:
//
//     peak-memory: <COMMAND's peak resident set, KiB> <this probe's own, KiB> <wait status>
//
// Linux keeps a process's peak resident set (`ru_maxrss`) across `exec`, starting from the memory
// the process had before: a command spawned by a test runner hundreds of megabytes big reports at
// least that much. Spawned from this small probe instead, it starts from the probe's few megabytes,
// which the line also gives, so a test can compare two runs' peaks.
import Glibc

/// Writes `text` to standard error (file descriptor 2) in one call.
func report(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    report("usage: newsapp-peak-memory COMMAND [ARGUMENT…]\n")
    exit(2)
}
let argv = arguments.dropFirst().map { strdup($0) } + [nil]
var pid = pid_t()
let spawned = posix_spawn(&pid, arguments[1], nil, nil, argv, environ)
guard spawned == 0 else {
    report("newsapp-peak-memory: cannot run \(arguments[1]): \(String(cString: strerror(spawned)))\n")
    exit(127)
}
var status: Int32 = 0
var usage = rusage()
while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
var own = rusage()
getrusage(RUSAGE_SELF.rawValue, &own)
report("peak-memory: \(usage.ru_maxrss) \(own.ru_maxrss) \(status)\n")
exit(0)
