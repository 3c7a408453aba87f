import Foundation

@testable import Configuration
@testable import Feeds
@testable import NewsApp

/// newsboat's config file: any text is read without a crash, every line either carried over or
/// listed with a reason; what is carried over merges into a config.toml that reads back as TOML
/// with its rules (each once), and merging again adds nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNewsboatConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let config = NewsboatConfig(text: text)
    for line in config.notRead {
        Invariant.check(!line.reason.isEmpty && !line.reason.contains("\n"), "a reason over two lines")
    }
    guard let merged = try? ConfigurationMerge(config, into: "") else {
        Invariant.check(false, "merging into an empty file failed")
        return 0
    }
    let loader = ConfigurationLoader(displayPath: "config.toml", home: "/home/fuzz", directory: "/home/fuzz")
    let outcome = loader.load(merged.text)
    Invariant.check(
        !outcome.problems.contains { $0.message.contains("TOML syntax error") },
        "the merged file is not TOML: \(String(reflecting: merged.text))")
    // A rule written twice is carried once.
    let distinct = Set(config.ignoreRules.map { [$0.feed ?? "*", $0.expression] }).count
    Invariant.check(
        outcome.configuration.killfile.count == distinct,
        "\(distinct) rules carried, \(outcome.configuration.killfile.count) read back")
    if let twice = try? ConfigurationMerge(config, into: merged.text) {
        Invariant.check(twice.text == merged.text, "merging again changed the file")
    }
    return 0
}
