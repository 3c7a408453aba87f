@testable import Configuration
@testable import NewsApp

/// The config file check: `ConfigurationLoader` over any text (our TOML parser, then each key's
/// rules). No text may stop the process; the answer is a syntax error alone or a configuration
/// with a problem per refused key; every problem's line is in the file and its message is one
/// line a terminal can show. Windows line ends and a byte order mark change nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let loader = ConfigurationLoader(
        displayPath: "~/.config/newsapp/config.toml", home: "/home/fuzz",
        directory: "/home/fuzz/.config/newsapp")
    let outcome = loader.load(text)
    let lineCount = text.unicodeScalars.count { $0 == "\n" } + 1
    let parsed = TOMLParser.parse(text)
    for problem in outcome.problems {
        let line = problem.line ?? 0
        Invariant.check((1...lineCount).contains(line), "problem on line \(line) of a \(lineCount)-line file")
        Invariant.clean(problem.message, .all, "a problem's message")
        Invariant.clean(problem.description, .all, "a problem's description")
    }
    switch parsed {
    case .failure(let error):
        Invariant.check(
            outcome.problems.count == 1 && outcome.problems[0].message.hasPrefix("TOML syntax error"),
            "a syntax error not reported alone")
        Invariant.check(
            outcome.configuration == Configuration(), "a configuration from a file with a syntax error")
        Invariant.check(
            error.reason.unicodeScalars.count < 300, "a reason of \(error.reason.count) characters")
    case .success(let table):
        Invariant.check(
            !outcome.problems.contains { $0.message.hasPrefix("TOML syntax error") },
            "a syntax error for a document that parsed")
        Invariant.check(outcome.problems.count <= table.entries.count, "more problems than keys")
    }
    if let keyFile = outcome.configuration.keyFile {
        Invariant.check(keyFile.hasPrefix("/"), "key_file \(String(reflecting: keyFile)) is not absolute")
    }
    // The same document with Windows line ends, or after a byte order mark, reads the same.
    if !text.unicodeScalars.contains("\r") {
        var crlf = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" { crlf.append("\r") }
            crlf.append(scalar)
        }
        Invariant.check(loader.load(String(crlf)) == outcome, "CRLF line ends changed the outcome")
    }
    if !text.unicodeScalars.starts(with: ["\u{FEFF}"]) {
        Invariant.check(loader.load("\u{FEFF}" + text) == outcome, "a byte order mark changed the outcome")
    }
    return 0
}
