/// A token of a filter expression, with the column it starts at.
struct FilterToken: Equatable {
    enum Kind: Equatable {
        /// A word: an attribute, `and`, `or`, `between`, or a stray word.
        case word(String)
        case op(FilterOperator)
        /// `"text"`, its escapes read.
        case text(String)
        /// Digits with an optional `-`, as written.
        case number(String)
        /// `low:high`, as written.
        case range(String, Int32, Int32)
        case open
        case close
        /// A character that starts no token.
        case stray(Character)
        /// A `"` that is never closed.
        case unclosedText
        case end
    }

    var kind: Kind
    /// 1-based, in characters.
    var column: Int
}
