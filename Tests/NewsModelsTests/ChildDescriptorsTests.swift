import Foundation
import Testing

@testable import NewsModels

/// A child started with ``ChildDescriptors/closeOthers(_:)`` inherits no descriptor but 0, 1
/// and 2, even one that is not close-on-exec.
@Suite("Descriptors of a spawned child")
struct ChildDescriptorsTests {
    @Test("a pipe open in this process, not close-on-exec, is closed in the child")
    func pipeNotInherited() throws {
        var made: [Int32] = [0, 0]
        #expect(pipe(&made) == 0)
        // Far from the shell's own descriptors, and not close-on-exec (a duplicate never is).
        let pipeEnds = made.map { fcntl($0, F_DUPFD, 100) }
        for end in made { close(end) }
        defer { for end in pipeEnds { close(end) } }
        #expect(pipeEnds.allSatisfy { $0 >= 100 })
        let listing = FileManager.default.temporaryDirectory
            .appendingPathComponent("child-descriptors-\(getpid())-\(UInt64.random(in: 0...UInt64.max))").path
        defer { try? FileManager.default.removeItem(atPath: listing) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, listing, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        ChildDescriptors.closeOthers(&actions)
        // The child, a shell, lists its own descriptors.
        let words = ["/bin/sh", "-c", "for f in /proc/$$/fd/*; do echo ${f##*/}; done"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        #expect(posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ) == 0)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        #expect(status == 0)

        let open = try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n").compactMap {
            Int32($0)
        }
        #expect(open.contains(1))
        #expect(!open.contains(pipeEnds[0]))
        #expect(!open.contains(pipeEnds[1]))
        // Beside 0, 1 and 2, at most the shell's own handle on the directory it lists.
        #expect(open.filter { $0 > 2 }.count <= 1, "\(open)")
    }
}
