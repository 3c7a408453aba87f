import Foundation
import Testing

@testable import Configuration

/// The config file's keys are declared once (``ConfigurationKeys``): the loader, the defaults,
/// `--help`'s example and the documentation's table all come from the declarations.
@Suite struct ConfigurationKeysTests {
    /// `docs/configuration.md`, from this file's place in the checkout.
    private static func documentation() throws -> String {
        let here = URL(fileURLWithPath: #filePath)
        return try String(
            contentsOf: here.deletingLastPathComponent().appendingPathComponent(
                "../../../docs/configuration.md"),
            encoding: .utf8)
    }

    @Test func theDocumentationsTableIsTheDeclarations() throws {
        let table = ConfigurationKeys.markdownTable
        let documented = try Self.documentation()
        #expect(
            documented.contains(table + "\n"),
            "docs/configuration.md must hold the table the declarations make:\n\(table)")
        let documentedKeys = documented.split(separator: "\n").filter { $0.hasPrefix("| `") }.map {
            String($0.dropFirst(3).prefix { $0 != "`" })
        }
        #expect(documentedKeys == ConfigurationKeys.all.map(\.name))
        let example = ConfigurationKeys.helpExample().split(separator: "\n").map { $0.dropFirst(2) }
        #expect(
            documented.contains("```toml\n" + example.joined(separator: "\n") + "\n```"),
            "docs/configuration.md must show --help's example")
    }

    @Test func namesAreUniqueAndEveryDefaultIsAccepted() {
        let names = ConfigurationKeys.all.map(\.name)
        #expect(Set(names).count == names.count)
        let defaults = ConfigurationKeys.defaults
        for key in ConfigurationKeys.all {
            guard let value = key.defaultValue else { continue }
            var configuration = Configuration()
            #expect(key.apply(value, to: &configuration, expanding: { $0 }) == nil, "\(key.name)")
        }
        #expect(defaults[\.language] == nil && defaults[\.keyFile] == nil)
    }

    /// `--help`'s example is a config file the loader accepts whole, and it stays within 78
    /// columns: comments wrap between words, under their `#`, so the help's own wrapping at 80
    /// columns never cuts one mid-line.
    @Test func theHelpExampleIsAValidConfigFileWithin78Columns() throws {
        let example = ConfigurationKeys.helpExample()
        let lines = example.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 78 && $0.hasPrefix("  ") })
        let settings = lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        // Rules (`[[feed]]`, `[[ignore_article]]`) are tables, named after the example.
        #expect(settings.count == ConfigurationKeys.all.filter { $0.example != nil }.count)
        let hashColumns = lines.map { line in line.firstIndex(of: "#").map { $0.utf16Offset(in: line) }
        }
        for (index, line) in lines.enumerated()
        where line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            #expect(hashColumns[index] == hashColumns[index - 1], "a continued comment is under its #")
        }
        let loader = ConfigurationLoader(
            displayPath: "config.toml", home: "/home/ada", directory: "/home/ada")
        let outcome = loader.load(example)
        #expect(outcome.problems.isEmpty)
        #expect(outcome.configuration[\.pageSize] == 30 && outcome.configuration[\.theme] == .light)
        #expect(outcome.configuration[\.keyFile] == "/home/ada/.config/newsapp/key")
        #expect(
            example.contains(
                "  request_timeout = 10       # how long a NewsAPI request, a picture or a page\n"
                    + "                             # may take in all (1–120 seconds, default 10)"))
    }
}
