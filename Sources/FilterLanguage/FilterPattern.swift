#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular expression of `=~` and `!~`: POSIX extended syntax, case ignored, found anywhere in
/// the value, as newsboat reads it (through the C library's `regcomp` and `regexec`, in a UTF-8
/// locale whatever the user's, so that case is ignored beyond ASCII too).
///
/// The C library's matcher is slow in a UTF-8 locale (docs/filters.md says how slow), so most values
/// never reach it: a pattern that is plain ASCII text (`"linux"`, the usual killfile rule) is
/// looked for as text, ignoring ASCII case, and any other pattern first looks for ASCII texts of
/// which every match must contain one (`number 7` in `number 7[0-9]+$`; `watch` or `listen` in
/// `^(watch|listen):`); only a value holding one is given to `regexec`. A pattern of `^` and plain
/// text (`^A`) compares the value's first bytes. The shortcuts give
/// `regexec`'s answer: when a pattern's texts hold `i`, `k` or `s`, a value holding one of the
/// four letters whose case partner is ASCII (K KELVIN SIGN, ſ LONG S, İ and ı) goes to `regexec`.
///
/// Bounds, since patterns and values can be large: a pattern is at most ``maximumPatternBytes``,
/// without back-references (`\1`, which make POSIX matching exponential), without repetition
/// symbols one after another (`a+*`, which POSIX leaves undefined and the library compiles in
/// exponential time), with repetitions nested at most ``maximumRepetitionDepth`` deep, and
/// with repetition counts that cannot blow the compiled automaton up (``maximumExpansion``); a
/// value is matched on its first ``maximumValueBytes``.
///
/// Matching is thread-safe: POSIX requires `regexec` to be, and the compiled pattern never changes.
public final class FilterPattern: @unchecked Sendable {
    public static let maximumPatternBytes = 4_096
    public static let maximumValueBytes = 256 << 10
    /// The pattern's length times the largest counts of its repetitions (`{m,n}`), at most.
    public static let maximumExpansion = 100_000
    /// How deep repetitions may nest (`((a+)+)*` is 3), at most.
    public static let maximumRepetitionDepth = 4

    /// Why a pattern cannot be used, one phrase: `brackets are not balanced`.
    public struct Problem: Error, Sendable, Equatable {
        public var reason: String
    }

    /// The pattern as written.
    public let text: String
    /// The whole pattern as lowercase ASCII text, when it is plain text.
    private let literal: [UInt8]?
    /// The whole pattern as lowercase ASCII text, when it is plain text (``FilterRuleSet`` looks
    /// for many such patterns in one pass).
    var plainText: [UInt8]? { literal }
    /// The lowercase ASCII text a match starts the value with, when the pattern is `^` and text.
    private let prefix: [UInt8]?
    /// Lowercase ASCII texts of which every match contains one, when there are some.
    private let required: [[UInt8]]?
    /// True when those texts hold `i`, `k` or `s`, the only letters a letter outside ASCII can
    /// match ignoring case (İ and ı, K KELVIN SIGN, ſ LONG S): only then can a value without the
    /// texts in ASCII still match.
    private let partnersMatter: Bool
    private let compiled: UnsafeMutablePointer<regex_t>

    public init(_ text: String) throws(Problem) {
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.maximumPatternBytes else {
            throw Problem(reason: "it is longer than \(Self.maximumPatternBytes) bytes")
        }
        guard !bytes.contains(0) else { throw Problem(reason: "it holds a NUL character") }
        let analysis = PatternAnalysis(bytes)
        if analysis.hasBackReference {
            throw Problem(reason: "back-references such as \\1 are not supported")
        }
        if analysis.expansion > Self.maximumExpansion {
            throw Problem(reason: "its repetition counts are too large")
        }
        if analysis.stacksRepetitions {
            throw Problem(reason: "two repetition symbols follow one another (as in a+* or .*?): write one")
        }
        if analysis.repetitionDepth > Self.maximumRepetitionDepth {
            throw Problem(reason: "its repetitions nest more than \(Self.maximumRepetitionDepth) deep")
        }
        // Compiled before any property is set: a throw then leaves nothing for deinit to free.
        let compiled = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
        let status = UTF8Locale.within { regcomp(compiled, text, REG_EXTENDED | REG_ICASE | REG_NOSUB) }
        guard status == 0 else {
            var buffer = [CChar](repeating: 0, count: 256)
            regerror(status, compiled, &buffer, buffer.count)
            compiled.deallocate()
            let reason = String(
                decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Problem(reason: reason.isEmpty ? "it is not a regular expression" : reason.lowercased())
        }
        self.compiled = compiled
        self.text = text
        literal = analysis.literal
        prefix = analysis.prefix
        required = analysis.required
        let texts = (analysis.literal ?? analysis.prefix).map { [$0] } ?? analysis.required ?? []
        partnersMatter = texts.contains(where: CaseInsensitiveSearch.hasPartnerLetters)
    }

    deinit {
        regfree(compiled)
        compiled.deallocate()
    }

    /// True when the pattern matches somewhere in `value`.
    public func matches(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { matches(utf8: $0) }
    }

    /// True when the pattern matches somewhere in the UTF-8 text `value` (its first
    /// ``maximumValueBytes``).
    public func matches(utf8 value: UnsafeBufferPointer<UInt8>) -> Bool {
        var reached = false
        return matches(utf8: value, reachedMatcher: &reached)
    }

    /// ``matches(utf8:)``, setting `reachedMatcher` when the answer took the C library's matcher,
    /// whose time a value's length does not bound as it bounds a search for text (a caller with a
    /// deadline looks at the clock after those, and only now and then after the others).
    public func matches(utf8 value: UnsafeBufferPointer<UInt8>, reachedMatcher: inout Bool) -> Bool {
        let value = Self.bounded(value)
        if let literal {
            switch CaseInsensitiveSearch.find(literal, in: value) {
            case .found: return true
            case .absent: return false
            case .absentBesidePartnerLeads:
                guard partnersMatter, CaseInsensitiveSearch.hasASCIIPartners(value) else { return false }
            }
        } else if let prefix {
            if CaseInsensitiveSearch.hasPrefix(prefix, in: value) { return true }
            guard partnersMatter, CaseInsensitiveSearch.hasASCIIPartners(value) else { return false }
        } else if let required, !required.contains(where: { CaseInsensitiveSearch.contains($0, in: value) }),
            !partnersMatter || !CaseInsensitiveSearch.hasASCIIPartners(value)
        {
            return false
        }
        reachedMatcher = true
        return execute(value)
    }

    private func execute(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var match = regmatch_t()
        match.rm_so = 0
        match.rm_eo = regoff_t(value.count)
        let empty: [UInt8] = [0]
        return UTF8Locale.within {
            empty.withUnsafeBufferPointer { fallback in
                let base = value.baseAddress ?? fallback.baseAddress!
                return base.withMemoryRebound(to: CChar.self, capacity: max(value.count, 1)) {
                    regexec(compiled, $0, 1, &match, REG_STARTEND)
                }
            }
        } == 0
    }

    /// The first ``maximumValueBytes`` of `value`, cut before a character, not inside one.
    static func bounded(_ value: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard value.count > maximumValueBytes else { return value }
        var end = maximumValueBytes
        while end > 0, value[end] & 0xC0 == 0x80 { end -= 1 }
        return UnsafeBufferPointer(rebasing: value[..<end])
    }
}

/// Runs code in a UTF-8 locale (for the C library's character classes and case), whatever the
/// process's locale; the thread's own locale is put back after.
enum UTF8Locale {
    nonisolated(unsafe) private static let locale: locale_t? = {
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] {
            if let locale = newlocale(Int32(1) << LC_CTYPE, name, nil) { return locale }
        }
        return nil
    }()

    static func within<T>(_ body: () -> T) -> T {
        guard let locale else { return body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }
}
