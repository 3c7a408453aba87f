import Foundation
import Modules
import Testing

@testable import Console
@testable import NewsApp

#if canImport(Glibc)
    import Glibc
#endif

/// The browser is a real process; these tests use a small script as the browser that writes
/// the arguments it received to a file.
@Suite("BrowserLauncher")
struct BrowserLauncherTests {
    /// A hostile address: shell metacharacters must arrive as one argument, untouched.
    static let address = URL(string: "https://example.org/a?q=1&b=$(touch%20pwned);echo%20x'")!

    let directory: URL
    let recorder: URL
    let log: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        log = directory.appendingPathComponent("argv.txt")
        recorder = directory.appendingPathComponent("recorder")
        let script =
            "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '\(log.path)'; done\nexit ${RECORDER_STATUS:-0}\n"
        try ExecutableScript.write(script, to: recorder)
    }

    private func received() throws -> [String] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test("$BROWSER gets the address as one argument, never through a shell")
    func browserVariable() throws {
        let launcher = BrowserLauncher(environment: ["BROWSER": recorder.path, "PATH": "/usr/bin:/bin"])
        #expect(launcher.open(Self.address) == .opened(with: "recorder"))
        #expect(try received() == [Self.address.absoluteString])
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("pwned").path))
    }

    @Test("config.toml's browser comes before $BROWSER; a blank one is no setting")
    func configuredBrowser() throws {
        let configured = BrowserLauncher(
            environment: ["BROWSER": "/bin/false", "PATH": "/usr/bin:/bin"],
            configured: "\(recorder.path) -n %s")
        #expect(configured.open(Self.address) == .opened(with: "recorder"))
        #expect(try received() == ["-n", Self.address.absoluteString])
        let blank = BrowserLauncher(environment: ["BROWSER": recorder.path], configured: "  ")
        #expect(try #require(blank.invocation(for: Self.address)).executable.path == recorder.path)
    }

    @Test("%s is replaced, extra words are kept, %% is a percent sign")
    func substitution() throws {
        let launcher = BrowserLauncher(environment: ["BROWSER": "\(recorder.path) --new-tab %s 100%%"])
        #expect(launcher.open(Self.address) == .opened(with: "recorder"))
        #expect(try received() == ["--new-tab", Self.address.absoluteString, "100%"])
    }

    @Test("The first runnable command of a colon-separated $BROWSER wins; PATH is searched")
    func alternatives() throws {
        let launcher = BrowserLauncher(environment: [
            "BROWSER": "no-such-browser-anywhere:recorder", "PATH": "/nonexistent:\(directory.path)",
        ])
        let invocation = try #require(launcher.invocation(for: Self.address))
        #expect(invocation.executable.path == recorder.path)
        #expect(invocation.attached)
    }

    @Test("Without $BROWSER and without xdg-open there is no browser")
    func noBrowser() {
        let launcher = BrowserLauncher(environment: ["PATH": directory.path])
        #expect(launcher.invocation(for: Self.address) == nil)
        #expect(launcher.open(Self.address) == .noBrowser)
    }

    @Test("xdg-open is found on PATH and runs detached from the terminal")
    func xdgOpen() throws {
        let opener = directory.appendingPathComponent("xdg-open")
        try FileManager.default.copyItem(at: recorder, to: opener)
        let launcher = BrowserLauncher(environment: ["PATH": directory.path])
        let invocation = try #require(launcher.invocation(for: Self.address))
        #expect(invocation.name == "xdg-open")
        #expect(!invocation.attached)
        #expect(launcher.open(Self.address) == .opened(with: "xdg-open"))
        #expect(try received() == [Self.address.absoluteString])
    }

    @Test("A browser that fails is reported with its exit status")
    func failure() {
        let launcher = BrowserLauncher(environment: ["BROWSER": "/bin/false"])
        #expect(launcher.open(Self.address) == .failed("false exited with status 1"))
    }

    @Test("newsboat's %u is the address too; a graphical browser starts apart from the terminal")
    func newsboatForm() throws {
        let launcher = BrowserLauncher(environment: [:], configured: "\(recorder.path) --remote %u")
        #expect(launcher.open(Self.address) == .opened(with: "recorder"))
        #expect(try received() == ["--remote", Self.address.absoluteString])
        let firefox = directory.appendingPathComponent("firefox")
        try FileManager.default.copyItem(at: recorder, to: firefox)
        let graphical = BrowserLauncher(environment: [:], configured: firefox.path)
        #expect(try #require(graphical.invocation(for: Self.address)).attached == false)
    }

    @Test("A browser killed while it runs is one reason, never a hang")
    func killed() throws {
        let killer = directory.appendingPathComponent("killer")
        try ExecutableScript.write("#!/bin/sh\nkill -9 $$\n", to: killer)
        let launcher = BrowserLauncher(environment: [:], configured: killer.path)
        #expect(launcher.open(Self.address) == .failed("killer was ended by SIGKILL"))
    }
}
