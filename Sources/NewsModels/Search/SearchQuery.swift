/// A search query in NewsAPI's `q` syntax, read once for every backend that answers it: NewsAPI is
/// sent the text as typed, the sample edition evaluates ``expression`` against an article's text,
/// and the local store turns it into an FTS5 `MATCH` expression. Each backend matches words its
/// own way (the store stems, the sample edition takes plurals); what a query means is decided
/// here, so the backends cannot read the same text differently.
///
/// The syntax NewsAPI documents for `/v2/everything`:
/// - words, each of which must appear: `mars rover`;
/// - `"quoted phrases"` (straight or curly quotes), whose words must appear one after the other;
/// - `+word` or `+"phrase"` must appear; `-word` or `-"phrase"` must not;
/// - `AND`, `OR` and `NOT`, grouped with parentheses: `crypto AND (ethereum OR litecoin) NOT bitcoin`.
///
/// Where the documentation is silent, this reading decides, for the sample edition and the store
/// alike:
/// - **Precedence.** `NOT`, `-` and `+` apply to the one word, phrase or group after them; `AND`,
///   written or implied between neighbours, binds tighter than `OR`, as in FTS5 and most query
///   languages. `mars OR venus -rover` is `mars OR (venus AND NOT rover)`; `(mars OR venus) -rover`
///   excludes rovers from both.
/// - **Operators with nothing to work on are dropped.** `mars NOT OR venus` is `mars OR venus`
///   (the `NOT` dropped); `OR mars`, `mars AND` and `NOT` alone say no more than their words.
///   `NOT NOT mars` is `mars`.
/// - **Operators are upper case and bare.** `and`, `or`, `not`, `"OR"` and `-OR` are words.
/// - **A run of signs is its first sign.** `--mars` and `-+mars` exclude `mars`, `++mars` requires
///   it. A sign alone (`- mars`) signs nothing. A sign before a phrase or a group signs all of it.
/// - **A word is what a search engine's tokenizer would keep.** Punctuation around a word is not
///   part of it (`mars*`, `mars,` and `(mars` are `mars`; `e-mail` and `U.S` keep theirs inside);
///   a word with no letter or digit (`*`, `—`, `🚀`) is no word, and drops an operator or sign
///   applied to it.
/// - **Invisible characters.** Control characters (NUL, tabs, line breaks) separate words as
///   spaces do: `mars\0rover` is `mars rover`. Format characters (soft hyphens, zero-width joiners,
///   bidi controls) and unassigned code points are removed: `co\u{AD}op` is `coop`.
/// - **Unbalanced input.** A quote left open runs to the end; a `(` left open closes at the end;
///   a `)` with no `(` is ignored. Parentheses are syntax anywhere outside quotes: `NEAR(a b)` is
///   `NEAR AND (a AND b)`. Groups nested deeper than ``maximumDepth`` lose their parentheses.
///
/// No text is an error: every text reads as a query, perhaps an empty one.
public struct SearchQuery: Sendable, Hashable, CustomStringConvertible {
    /// How deeply parentheses nest; deeper ones are ignored, their contents joining the group
    /// around them. It bounds the depth of ``expression``, and so the recursion of every backend.
    public static let maximumDepth = 16

    /// What the query asks for, nil when it holds nothing to search for.
    public let expression: SearchExpression?

    /// Reads `text` in NewsAPI's syntax (see the type's documentation).
    public init(_ text: String) {
        var parser = SearchQueryParser(tokens: SearchQueryLexer.tokens(text))
        expression = parser.parse()
    }

    /// True when the text holds nothing to search for (only spaces, operators, punctuation).
    public var isEmpty: Bool { expression == nil }

    /// The query written out in this syntax, every operator explicit: reading it gives the same
    /// query. Empty for an empty query.
    public var description: String { expression?.description ?? "" }
}
