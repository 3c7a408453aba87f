import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One key of the config file, declared once: its name, what it holds (its type and range), its
/// default, its help line, and where its value goes in a ``Configuration``. The loader reads
/// with it, and `--help`'s example and `docs/configuration.md`'s table are written from it
/// (``ConfigurationKeys``).
struct ConfigurationKey: Sendable {
    /// What a key holds, with the rule a value must pass and where it is stored.
    enum Kind: Sendable {
        /// Two ASCII letters, lowercased: `noun` and `examples` for the message (`country code`,
        /// `us or gb`).
        case code(noun: String, examples: String, store: Store<String>)
        /// A whole number in `range`, counting `unit` (`seconds`) when there is one.
        case wholeNumber(ClosedRange<Int>, unit: String?, store: Store<Int>)
        /// A whole number of at least `minimum`.
        case atLeast(Int, store: Store<Int>)
        /// One of `choices`.
        case choice([String], store: Store<String>)
        /// The path of `noun` (`a folder`): `~` is the home directory and a relative path is the
        /// config file's directory's. A refused one is `refusal` (`ignoring it`).
        case path(noun: String, refusal: String, store: Store<String>)
        /// A command line, as `$BROWSER` holds one.
        case command(store: Store<String>)
        /// Rules written as tables (`[[name]]`) with `fields`; ``ConfigurationLoader`` reads them,
        /// each refused alone.
        case rules(fields: String)
    }

    /// Keeps an accepted value in its field of a ``Configuration``.
    typealias Store<Value> = @Sendable (inout Configuration, Value) -> Void

    let name: String
    let kind: Kind
    /// The value when the key is absent, as a config file would hold it; nil for none.
    let defaultValue: TOMLValue?
    /// The value `--help`'s example sets; nil for rules, which it names after the keys.
    let example: TOMLValue?
    /// What the key does, in a few words for a comment and a table.
    let help: String

    // MARK: Reading a value

    /// The same rule under another name, for messages (`feed rule 2 refresh_interval`).
    func named(_ other: String) -> ConfigurationKey {
        ConfigurationKey(name: other, kind: kind, defaultValue: defaultValue, example: example, help: help)
    }

    /// Stores `value` in `configuration`, or says why it was refused.
    func apply(_ value: TOMLValue, to configuration: inout Configuration, expanding: (String) -> String?)
        -> String?
    {
        let found = ConfigurationLoader.found(value)
        switch kind {
        case .code(let noun, let examples, let store):
            guard let code = value.string.flatMap(Self.twoLetterCode) else {
                return
                    "\(name) must be a two-letter \(noun) such as \(examples) (found \(found)); using the default."
            }
            store(&configuration, code)
        case .wholeNumber(let range, let unit, let store):
            guard let number = value.int, range.contains(number) else {
                return
                    "\(name) must be a whole number \(unit.map { "of \($0) " } ?? "")from \(range.lowerBound) to "
                    + "\(range.upperBound) (found \(found)); using the default."
            }
            store(&configuration, number)
        case .atLeast(let minimum, let store):
            guard let number = value.int, number >= minimum else {
                return
                    "\(name) must be a whole number of at least \(minimum) (found \(found)); using the default."
            }
            store(&configuration, number)
        case .choice(let choices, let store):
            guard let choice = value.string, choices.contains(choice) else {
                return "\(name) must be \(Self.alternatives(choices.map { "\"\($0)\"" })) (found \(found)); "
                    + "using the default."
            }
            store(&configuration, choice)
        case .path(let noun, let refusal, let store):
            guard let path = value.string, !path.trimmingSpaces().isEmpty else {
                return "\(name) must be the path of \(noun) (found \(found)); \(refusal)."
            }
            guard let expanded = expanding(path) else {
                return "\(name) starts with ~ but HOME is not set; \(refusal)."
            }
            store(&configuration, expanded)
        case .command(let store):
            guard let command = value.string, !command.trimmingSpaces().isEmpty else {
                return "\(name) must be a command (found \(found)); ignoring it."
            }
            store(&configuration, command)
        case .rules:
            preconditionFailure("\(name) is read by ConfigurationLoader")
        }
        return nil
    }

    // MARK: Describing

    /// The numbers a whole-number key takes (`minimum...Int.max` for one with only a minimum).
    var range: ClosedRange<Int> {
        switch kind {
        case .wholeNumber(let range, _, _): return range
        case .atLeast(let minimum, _): return minimum...Int.max
        default: preconditionFailure("\(name) is not a number")
        }
    }

    /// What the key holds, for the table: `1–100`, `1–120 seconds`, `` `dark` or `light` ``.
    var valueDescription: String {
        switch kind {
        case .code(let noun, _, _): "a two-letter \(noun)"
        case .wholeNumber: rangeDescription ?? ""
        case .atLeast: rangeDescription ?? ""
        case .choice(let choices, _): Self.alternatives(choices.map { "`\($0)`" })
        case .path: "a path (`~` is your home)"
        case .command: "a command"
        case .rules(let fields): "rules written `[[\(name)]]` with \(fields)"
        }
    }

    /// The values a comment names: `1–120 seconds`, `at least 40`, `auto, on or off`; nil when the
    /// help line says it.
    var rangeDescription: String? {
        switch kind {
        case .wholeNumber(let range, let unit, _):
            "\(range.lowerBound)–\(Self.grouped(range.upperBound))" + (unit.map { " \($0)" } ?? "")
        case .atLeast(let minimum, _): "at least \(minimum)"
        case .choice(let choices, _): Self.alternatives(choices)
        case .code, .path, .command, .rules: nil
        }
    }

    /// The default as the table and `--help` show it, without quotes; nil for none.
    var defaultDescription: String? {
        switch defaultValue {
        case .string(let text): text
        case .integer(let number): String(number)
        default: nil
        }
    }

    /// A value as the config file writes it: `"gb"`, `30`.
    static func literal(_ value: TOMLValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .integer(let number): String(number)
        default: ConfigurationLoader.found(value)
        }
    }

    /// `text` lowercased when it is two ASCII letters (`us`, `GB`), nil otherwise.
    static func twoLetterCode(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        guard scalars.count == 2,
            scalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        else { return nil }
        return text.lowercased()
    }

    /// `a or b`, `a, b or c`.
    static func alternatives(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }

    /// `36,500`, `1,000,000`.
    private static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([Substring(digits)] + groups).joined(separator: ",")
    }
}
