import NewsModels
import Testing

/// The one reading of NewsAPI's query syntax that the sample edition and the store share; each
/// decision written in ``SearchQuery``'s documentation has a case here. A query is checked by its
/// description, which writes every operator out.
@Suite("Search query: NewsAPI's syntax, read once")
struct SearchQueryTests {
    private func read(_ text: String) -> String {
        SearchQuery(text).description
    }

    @Test("The documented syntax: words, phrases, +must, -not, AND, OR, NOT and parentheses")
    func documentedSyntax() {
        #expect(read("mars rover") == "mars AND rover")
        #expect(read("\"mars rover\"") == "\"mars rover\"")
        #expect(read("“mars rover”") == "\"mars rover\"")
        #expect(read("+bitcoin") == "bitcoin")
        #expect(read("-bitcoin") == "NOT bitcoin")
        #expect(
            read("crypto AND (ethereum OR litecoin) NOT bitcoin")
                == "crypto AND (ethereum OR litecoin) AND NOT bitcoin")
        #expect(SearchQuery("mars").expression == .words(["mars"]))
        #expect(SearchQuery("\"mars rover\"").expression == .words(["mars", "rover"]))
    }

    @Test("AND binds tighter than OR; NOT and signs take the one word, phrase or group after them")
    func precedence() {
        #expect(read("a b OR c d") == "a AND b OR c AND d")
        #expect(read("mars OR venus -rover") == "mars OR venus AND NOT rover")
        #expect(read("(mars OR venus) -rover") == "(mars OR venus) AND NOT rover")
        #expect(read("a NOT b c") == "a AND NOT b AND c")
        #expect(read("-(a OR b) c") == "NOT (a OR b) AND c")
        #expect(read("a (b c) (d (e))") == "a AND b AND c AND d AND e")
        #expect(read("(a OR (b OR c))") == "a OR b OR c")
    }

    @Test("An operator with nothing to work on is dropped; NOT NOT is nothing")
    func danglingOperators() {
        // The NOT does not carry over the OR (which would read mars NOT venus).
        #expect(read("mars NOT OR venus") == "mars OR venus")
        #expect(read("OR mars") == "mars")
        #expect(read("mars AND") == "mars")
        #expect(read("mars OR OR venus") == "mars OR venus")
        #expect(read("mars AND OR venus") == "mars OR venus")
        #expect(read("mars NOT") == "mars")
        #expect(read("NOT NOT mars") == "mars")
        #expect(read("NOT -mars") == "mars")
        #expect(SearchQuery("AND OR NOT").isEmpty)
        #expect(SearchQuery("NOT").isEmpty)
    }

    @Test("Operators are upper case and bare: in quotes, after a sign or in lower case they are words")
    func operatorWords() {
        #expect(read("venus or budget") == "venus AND or AND budget")
        #expect(read("\"OR\" mars") == "\"OR\" AND mars")
        #expect(read("-OR") == "NOT \"OR\"")
        #expect(read("\"rock AND roll\"") == "\"rock AND roll\"")
        #expect(read("Not mars") == "Not AND mars")
    }

    @Test(
        "A run of signs is its first sign; a sign alone signs nothing; a sign before a phrase or group signs it"
    )
    func signs() {
        // Signs are operators, never part of the word: no search for the text "-mars".
        #expect(read("--mars") == "NOT mars")
        #expect(read("-+mars") == "NOT mars")
        #expect(read("++mars") == "mars")
        #expect(read("+-mars") == "mars")
        #expect(read("- mars") == "mars")
        #expect(read("mars -") == "mars")
        // A sign before a phrase signs the whole phrase.
        #expect(read("mars -\"rover team\"") == "mars AND NOT \"rover team\"")
        #expect(read("+\"rover team\"") == "\"rover team\"")
        #expect(read("--(a b)") == "NOT (a AND b)")
        #expect(read("e-mail") == "\"e-mail\"")
    }

    @Test("Punctuation around a word is not part of it; a word without a letter or digit is no word")
    func words() {
        #expect(read("mars* mars, (mars") == "mars AND mars AND mars")
        #expect(read("U.S. C++") == "U.S AND C")
        #expect(SearchQuery("* 🚀 -- — \"\"").isEmpty)
        #expect(read("mars 🚀") == "mars")
        #expect(read("\"mars — rover\"") == "\"mars rover\"")
        // The operator or sign before a non-word goes with it.
        #expect(read("NOT * mars") == "mars")
        #expect(read("-* mars") == "mars")
        #expect(read("mars OR *") == "mars")
        #expect(read("Δεκατριάχρονος 火星探査 ｍａｒｓ") == "Δεκατριάχρονος AND 火星探査 AND ｍａｒｓ")
        // A decomposed accent at the end of a word is part of it.
        #expect(SearchQuery("cafe\u{301}!").expression == .words(["cafe\u{301}"]))
    }

    @Test("Control characters separate words; format characters and unassigned code points are removed")
    func invisibleCharacters() {
        // A control character separates words: mars\0rover is neither one word nor a phrase.
        #expect(read("mars\0rover") == "mars AND rover")
        #expect(read("\0\0t\0 rover\u{7}") == "t AND rover")
        #expect(read("\"mars\nrover\"") == "\"mars rover\"")
        #expect(read("co\u{AD}op \u{202E}sram \u{200B}") == "coop AND sram")
        #expect(read("mars\u{E0080}") == "mars")
    }

    @Test("Unbalanced quotes and parentheses, and parentheses as syntax anywhere outside quotes")
    func unbalanced() {
        #expect(read("\"mars rover") == "\"mars rover\"")
        #expect(read("a\"b") == "a AND b")
        #expect(read("(mars OR venus") == "mars OR venus")
        #expect(read("mars) OR venus)") == "mars OR venus")
        #expect(read("NEAR(a b)") == "NEAR AND a AND b")
        #expect(read("\"f(x) y\"") == "\"f(x y\"")
        #expect(read("title:mars") == "title:mars")
    }

    @Test("Parentheses nested deeper than the limit lose theirs; nothing nests deeper")
    func depth() throws {
        let deep = String(repeating: "(a OR -", count: 40) + "b" + String(repeating: ")", count: 40)
        let query = SearchQuery(deep)
        let expression = try #require(query.expression)
        #expect(depth(of: expression) <= 3 * SearchQuery.maximumDepth + 3)
        #expect(SearchQuery(query.description) == query)
        #expect(SearchQuery(String(repeating: "(", count: 20_000)).isEmpty)
        #expect(read(String(repeating: "NOT ", count: 20_001) + "mars") == "NOT mars")
    }

    @Test(
        "The description reads back as the same query",
        arguments: [
            "a b OR c -d", "-(a OR \"b c\") NOT (d e)", "\"OR\" -OR", "e-mail (x)", "NOT (NOT a OR b)",
            "a OR (b (c OR d))", "\"f(x) y\" z", "--(a) ++b", "-\"a\" OR -b",
        ])
    func descriptionReadsBack(_ text: String) {
        let query = SearchQuery(text)
        #expect(SearchQuery(query.description) == query, "\(query.description)")
    }

    private func depth(of expression: SearchExpression) -> Int {
        switch expression {
        case .words: 1
        case .all(let parts), .any(let parts): 1 + (parts.map(depth).max() ?? 0)
        case .not(let part): 1 + depth(of: part)
        }
    }
}
