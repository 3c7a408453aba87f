import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One key of the config file as the loader and the documentation see it: its name, what it holds
/// (its type and range), its default, and its help line. Each key is declared once, as a
/// ``TypedKey`` in ``ConfigurationKeys``, which holds this declaration; the loader reads with it,
/// and `--help`'s example and `docs/configuration.md`'s table are written from it.
public struct ConfigurationKey: Sendable {
    /// What a key holds, with the rule a value must pass.
    public enum Kind: Sendable {
        /// Two ASCII letters, lowercased: `noun` and `examples` for the message (`country code`,
        /// `us or gb`).
        case code(noun: String, examples: String)
        /// A whole number in `range`, counting `unit` (`seconds`) when there is one.
        case wholeNumber(ClosedRange<Int>, unit: String?)
        /// A whole number of at least `minimum`.
        case atLeast(Int)
        /// One of `choices`.
        case choice([String])
        /// The path of `noun` (`a folder`): `~` is the home directory and a relative path is the
        /// config file's directory's. A refused one is `refusal` (`ignoring it`).
        case path(noun: String, refusal: String)
        /// A command line, as `$BROWSER` holds one.
        case command
        /// Rules written as tables (`[[name]]`) with `fields`; ``ConfigurationLoader`` reads them,
        /// each refused alone.
        case rules(fields: String)
    }

    /// A value the rule took, as a ``Configuration`` keeps it (a code lowercased, a path
    /// expanded), or the sentence that refuses it.
    enum Acceptance: Equatable {
        case accepted(TOMLValue)
        case refused(String)
    }

    public let name: String
    public let kind: Kind
    /// The value when the key is absent, as a config file would hold it; nil for none.
    public let defaultValue: TOMLValue?
    /// The value `--help`'s example sets; nil for rules, which it names after the keys.
    public let example: TOMLValue?
    /// What the key does, in a few words for a comment and a table.
    public let help: String

    // MARK: Reading a value

    /// The same rule under another name, for messages (`feed rule 2 refresh_interval`).
    func named(_ other: String) -> ConfigurationKey {
        ConfigurationKey(
            name: other, kind: kind, defaultValue: defaultValue, example: example, help: help)
    }

    /// Keeps `value` in `configuration`, or says why it was refused.
    func apply(
        _ value: TOMLValue, to configuration: inout Configuration, expanding: (String) -> String?
    )
        -> String?
    {
        switch accept(value, expanding: expanding) {
        case .accepted(let kept):
            configuration.values[name] = kept
            return nil
        case .refused(let message):
            return message
        }
    }

    /// `value` as the rule takes it, or why it is refused.
    func accept(_ value: TOMLValue, expanding: (String) -> String?) -> Acceptance {
        let found = ConfigurationLoader.found(value)
        switch kind {
        case .code(let noun, let examples):
            guard let code = value.string.flatMap(Self.twoLetterCode) else {
                return .refused(
                    "\(name) must be a two-letter \(noun) such as \(examples) (found \(found)); using the default."
                )
            }
            return .accepted(.string(code))
        case .wholeNumber(let range, let unit):
            guard let number = value.int, range.contains(number) else {
                return .refused(
                    "\(name) must be a whole number \(unit.map { "of \($0) " } ?? "")from \(range.lowerBound) to "
                        + "\(range.upperBound) (found \(found)); using the default.")
            }
            return .accepted(value)
        case .atLeast(let minimum):
            guard let number = value.int, number >= minimum else {
                return .refused(
                    "\(name) must be a whole number of at least \(minimum) (found \(found)); using the default."
                )
            }
            return .accepted(value)
        case .choice(let choices):
            guard let choice = value.string, choices.contains(choice) else {
                return .refused(
                    "\(name) must be \(Self.alternatives(choices.map { "\"\($0)\"" })) (found \(found)); "
                        + "using the default.")
            }
            return .accepted(value)
        case .path(let noun, let refusal):
            guard let path = value.string, !path.trimmingSpaces().isEmpty else {
                return .refused("\(name) must be the path of \(noun) (found \(found)); \(refusal).")
            }
            guard let expanded = expanding(path) else {
                return .refused("\(name) starts with ~ but HOME is not set; \(refusal).")
            }
            return .accepted(.string(expanded))
        case .command:
            guard let command = value.string, !command.trimmingSpaces().isEmpty else {
                return .refused("\(name) must be a command (found \(found)); ignoring it.")
            }
            return .accepted(value)
        case .rules:
            preconditionFailure("\(name) is read by ConfigurationLoader")
        }
    }

    // MARK: Describing

    /// The numbers a whole-number key takes (`minimum...Int.max` for one with only a minimum).
    public var range: ClosedRange<Int> {
        switch kind {
        case .wholeNumber(let range, _): return range
        case .atLeast(let minimum): return minimum...Int.max
        default: preconditionFailure("\(name) is not a number")
        }
    }

    /// What the key holds, for the table: `1–100`, `1–120 seconds`, `` `dark` or `light` ``.
    var valueDescription: String {
        switch kind {
        case .code(let noun, _): "a two-letter \(noun)"
        case .wholeNumber: rangeDescription ?? ""
        case .atLeast: rangeDescription ?? ""
        case .choice(let choices): Self.alternatives(choices.map { "`\($0)`" })
        case .path: "a path (`~` is your home)"
        case .command: "a command"
        case .rules(let fields): "rules written `[[\(name)]]` with \(fields)"
        }
    }

    /// The values a comment names: `1–120 seconds`, `at least 40`, `auto, on or off`; nil when the
    /// help line says it.
    var rangeDescription: String? {
        switch kind {
        case .wholeNumber(let range, let unit):
            "\(range.lowerBound)–\(Amount.grouped(range.upperBound))" + (unit.map { " \($0)" } ?? "")
        case .atLeast(let minimum): "at least \(minimum)"
        case .choice(let choices): Self.alternatives(choices)
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
    public static func twoLetterCode(_ text: String) -> String? {
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

}
