@testable import NewsApp

/// The config file check: `ConfigurationLoader` over any text (TOMLAbortCheck, then toml++
/// through TOMLKit, then each key's rules). No text may stop the process; a syntax error is the
/// only problem reported; every problem's line is in the file and its message is one line a
/// terminal can show.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let loader = ConfigurationLoader(
        displayPath: "~/.config/newsapp/config.toml", home: "/home/fuzz",
        directory: "/home/fuzz/.config/newsapp")
    let outcome = loader.load(text)
    let lineCount = text.unicodeScalars.count { $0 == "\n" } + 1
    for problem in outcome.problems {
        if let line = problem.line {
            Invariant.check(
                (1...lineCount).contains(line), "problem on line \(line) of a \(lineCount)-line file")
        }
        Invariant.clean(problem.description, .all, "a problem's description")
        if problem.message.hasPrefix("TOML syntax error") {
            Invariant.check(outcome.problems.count == 1, "a syntax error among other problems")
        }
    }
    if let keyFile = outcome.configuration.keyFile {
        Invariant.check(keyFile.hasPrefix("/"), "key_file \(String(reflecting: keyFile)) is not absolute")
    }
    return 0
}
