/// Many expressions asked one question of each item: does any of them choose it? (The killfile's
/// rules, fifty of them on every arriving item.)
///
/// Most such rules are one plain word looked for in one attribute (`title =~ "sport"`): those of
/// one attribute are looked for together, in one pass over the value, by the pair of letters each
/// starts with, instead of one pass a rule. Every other rule is evaluated as it is written. The
/// answer is always that of ``FilterExpression/matches(_:now:)`` on each rule: a value holding a
/// letter outside ASCII that matches `i`, `k` or `s` ignoring case (``FilterPattern``) has its
/// words' rules evaluated one by one.
public struct FilterRuleSet: Sendable {
    /// The plain-word rules of one attribute.
    private struct Words: Sendable {
        var attribute: FilterAttribute
        var texts: PlainTextSet
        var rules: [FilterExpression]
        /// True when a word holds `i`, `k` or `s`.
        var partnersMatter: Bool
    }

    private let words: [Words]
    private let others: [FilterExpression]

    public init(_ rules: [FilterExpression]) {
        var byAttribute: [FilterAttribute: [(text: [UInt8], rule: FilterExpression)]] = [:]
        var others: [FilterExpression] = []
        for rule in rules {
            if case .condition(let condition) = rule, condition.op == .matches, !condition.attribute.isNumber,
                let text = condition.pattern?.plainText, !text.isEmpty
            {
                byAttribute[condition.attribute, default: []].append((text, rule))
            } else {
                others.append(rule)
            }
        }
        words = byAttribute.sorted { $0.key.name < $1.key.name }.map { attribute, entries in
            Words(
                attribute: attribute, texts: PlainTextSet(entries.map(\.text)), rules: entries.map(\.rule),
                partnersMatter: entries.contains { CaseInsensitiveSearch.hasPartnerLetters($0.text) })
        }
        self.others = others
    }

    public var isEmpty: Bool { words.isEmpty && others.isEmpty }

    /// True when one of the rules chooses `item`; `now` (seconds since 1970) is for `age`.
    public func anyMatches(_ item: FilterItem, now: Double) -> Bool {
        for group in words {
            var text = FilterCondition.value(of: group.attribute, in: item, now: now).text
            let found = text.withUTF8 { bytes -> Bool in
                let value = FilterPattern.bounded(bytes)
                if group.texts.containsAny(in: value) { return true }
                return group.partnersMatter && CaseInsensitiveSearch.hasASCIIPartners(value)
                    && group.rules.contains { $0.matches(item, now: now) }
            }
            if found { return true }
        }
        return others.contains { $0.matches(item, now: now) }
    }
}

/// Lowercase ASCII texts looked for together in UTF-8 text, ASCII letters of either case matching:
/// each position's pair of bytes, folded (`| 0x20`, which maps a letter of either case and a byte
/// equal to a text's to the same value), is looked up in a table of the pairs the texts start
/// with, and only a position it finds is compared.
struct PlainTextSet: Sendable {
    /// One bit for each folded pair of first bytes (65,536 bits).
    private var pairs: [UInt64]
    private var byPair: [UInt16: [[UInt8]]]
    /// One-byte texts, folded.
    private var singles: Set<UInt8>
    private var singleTexts: [UInt8: [UInt8]]

    init(_ texts: [[UInt8]]) {
        pairs = Array(repeating: 0, count: 1024)
        byPair = [:]
        singles = []
        singleTexts = [:]
        for text in texts where !text.isEmpty {
            if text.count == 1 {
                singles.insert(text[0] | 0x20)
                singleTexts[text[0] | 0x20, default: []].append(text[0])
                continue
            }
            let key = Self.key(text[0], text[1])
            pairs[Int(key >> 6)] |= 1 << UInt64(key & 63)
            byPair[key, default: []].append(text)
        }
    }

    private static func key(_ first: UInt8, _ second: UInt8) -> UInt16 {
        UInt16(first | 0x20) << 8 | UInt16(second | 0x20)
    }

    /// True when one of the texts occurs in `value`.
    func containsAny(in value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = value.baseAddress else { return false }
        let count = value.count
        for index in 0..<count {
            let byte = base[index]
            if !singles.isEmpty, singles.contains(byte | 0x20),
                singleTexts[byte | 0x20]?.contains(CaseInsensitiveSearch.lowered(byte)) == true
            {
                return true
            }
            guard index + 1 < count else { break }
            let key = Self.key(byte, base[index + 1])
            guard pairs[Int(key >> 6)] & (1 << UInt64(key & 63)) != 0, let texts = byPair[key] else {
                continue
            }
            for text in texts where text.count <= count - index {
                var offset = 0
                while offset < text.count, CaseInsensitiveSearch.lowered(base[index + offset]) == text[offset]
                {
                    offset += 1
                }
                if offset == text.count { return true }
            }
        }
        return false
    }
}
