import Foundation
import NewsModels
import SampleEdition

/// Deterministic, varied article text for the benchmark's store and server.
///
/// Words follow the bundled sample edition: most articles are English, from a bigram chain over
/// its English titles, descriptions and contents, so common words stay common and rare ones
/// rare, as in real news; as in the sample edition, about one in seven is in another language
/// (Greek, Russian, Arabic, Hindi, Chinese, Japanese, Korean, …), from the chain of one of its
/// articles in that language. Place names come from a long Zipf-distributed list of made-up
/// towns, so some words match a handful of articles among 100,000, and numbers vary. Article
/// `n` is the same on every run and every machine: the RNG is seeded by `n`.
struct Corpus: Sendable {
    /// Bumped whenever the generated text changes, so a cached store is filled again.
    static let version = 3

    private let english: Chain
    private let englishSources: [ArticleSource]
    /// One chain per sample article in another language, with its source.
    private let others: [(chain: Chain, source: ArticleSource)]
    /// The share of articles in another language: the sample edition's.
    private let otherShare: Double
    private let places: [String]
    private let placeWeights: CumulativeWeights
    private let people: [String]
    /// Every article's date counts back from here.
    private let newest: Date

    init(edition: SampleEdition, newest: Date) {
        let articles = edition.entries.map(\.article)
        let (englishArticles, otherArticles) = articles.reduce(into: ([Article](), [Article]())) {
            if Self.isEnglish($1) { $0.0.append($1) } else { $0.1.append($1) }
        }
        english = Chain(englishArticles.flatMap(Self.texts))
        others = otherArticles.map { (Chain(Self.texts($0)), $0.source) }
        otherShare = Double(otherArticles.count) / Double(max(articles.count, 1))
        places = Self.makePlaces()
        placeWeights = CumulativeWeights(zipfCount: places.count, exponent: 1.0)
        people = Self.makePeople()
        var sources = Array(Set(englishArticles.map(\.source.name))).sorted().map {
            ArticleSource(id: nil, name: $0)
        }
        let outlets = ["Courier", "Times", "Gazette", "Herald", "Post", "Ledger", "Tribune", "Chronicle"]
        for index in 0..<40 {
            sources.append(
                ArticleSource(id: nil, name: places[index * 7 + 3] + " " + outlets[index % outlets.count]))
        }
        englishSources = sources
        self.newest = newest
    }

    private static func texts(_ article: Article) -> [String] {
        [article.title, article.summary ?? "", article.content ?? ""]
    }

    /// Mostly ASCII letters (an emoji or an accent here and there is still English).
    private static func isEnglish(_ article: Article) -> Bool {
        let letters = (article.title + " " + (article.summary ?? "")).unicodeScalars.filter {
            $0.properties.isAlphabetic
        }
        let ascii = letters.filter(\.isASCII).count
        return Double(ascii) >= 0.8 * Double(max(letters.count, 1))
    }

    /// A made-up town that about a dozen of 100,000 articles mention.
    var rarePlace: String { places[2_500] }

    /// Article number `index` (0-based), the `index`-th newest; published about five minutes
    /// apart, so 100,000 of them span a year.
    func article(_ index: Int, section: String) -> Article {
        var random = SplitMix64(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 ^ 0x5EED)
        var chain = english
        var source = englishSources[Int.random(in: 0..<englishSources.count, using: &random)]
        if !others.isEmpty, Double.random(in: 0..<1, using: &random) < otherShare {
            (chain, source) = others[Int.random(in: 0..<others.count, using: &random)]
        }
        let title = capitalized(
            phrase(count: Int.random(in: 6...13, using: &random), chain, using: &random))
        let summary = sentences(words: Int.random(in: 18...32, using: &random), chain, using: &random)
        var content = sentences(words: Int.random(in: 28...44, using: &random), chain, using: &random)
        if content.count > 197 {
            content = String(content.prefix(197)).trimmingCharacters(in: .whitespaces) + "…"
        }
        let slug = Self.slug(title)
        let age = Double(index) * 315 + Double.random(in: 0..<300, using: &random)
        let author = Int.random(in: 0..<10, using: &random) == 0 ? nil : people.randomElement(using: &random)
        let base = "https://example.org/bench/\(section)/\(index)-\(slug.isEmpty ? "story" : slug)"
        return Article(
            source: source, author: author, title: title, summary: summary, url: URL(string: base)!,
            imageURL: URL(string: base + ".jpg"), publishedAt: newest.addingTimeInterval(-age),
            content: content, omittedCharacterCount: Int.random(in: 600...5_000, using: &random))
    }

    /// Entry `entry` of feed `feed` of the feed workload: a title, a summary of exactly
    /// `summaryWords` words, an author and a path, in the language mix of ``article(_:section:)``.
    func feedEntry(feed: Int, entry: Int, summaryWords: Int) -> FeedEntryText {
        var random = SplitMix64(seed: UInt64(feed &* 1_000 &+ entry) &* 0xD1B5_4A32_D192_ED03 ^ 0xFEED)
        var chain = english
        if !others.isEmpty, Double.random(in: 0..<1, using: &random) < otherShare {
            chain = others[Int.random(in: 0..<others.count, using: &random)].chain
        }
        let title = capitalized(phrase(count: Int.random(in: 6...11, using: &random), chain, using: &random))
        let summary = sentences(words: summaryWords, chain, using: &random)
        let slug = Self.slug(title)
        return FeedEntryText(
            title: title, summary: summary, author: people.randomElement(using: &random) ?? "Staff",
            path: "\(feed)/\(entry)-\(slug.isEmpty ? "story" : slug)")
    }

    // MARK: - Text

    private func sentences(words count: Int, _ chain: Chain, using random: inout SplitMix64) -> String {
        var remaining = count
        var parts: [String] = []
        while remaining > 0 {
            let length = min(remaining, Int.random(in: 8...18, using: &random))
            parts.append(capitalized(phrase(count: length, chain, using: &random)) + chain.period)
            remaining -= length
        }
        return parts.joined(separator: chain.separator)
    }

    /// `count` words: mostly the chain's bigrams, sometimes a word drawn by frequency, a place or
    /// a number.
    private func phrase(count: Int, _ chain: Chain, using random: inout SplitMix64) -> String {
        var result: [String] = []
        var previous: Int? = chain.starts.randomElement(using: &random)
        if let previous { result.append(chain.words[previous]) }
        while result.count < count {
            let roll = Double.random(in: 0..<1, using: &random)
            if roll < 0.035 {
                result.append(places[placeWeights.draw(using: &random)])
                previous = nil
            } else if roll < 0.055 {
                result.append(String(Int.random(in: 2...25_000, using: &random)))
                previous = nil
            } else if roll < 0.75, let after = previous, !chain.successors[after].isEmpty {
                let next = chain.successors[after][
                    Int.random(in: 0..<chain.successors[after].count, using: &random)]
                result.append(chain.words[next])
                previous = next
            } else {
                let next = chain.stream[Int.random(in: 0..<chain.stream.count, using: &random)]
                result.append(chain.words[next])
                previous = next
            }
        }
        return result.joined(separator: chain.separator)
    }

    private func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// The first six ASCII words of `title`, lowercased and joined by hyphens.
    private static func slug(_ title: String) -> String {
        var words: [String] = [""]
        for scalar in title.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                words[words.count - 1].unicodeScalars.append(scalar)
            } else if !words[words.count - 1].isEmpty {
                words.append("")
            }
        }
        return words.filter { !$0.isEmpty }.prefix(6).joined(separator: "-")
    }

    private static func makePlaces() -> [String] {
        let heads = [
            "Al", "Bel", "Cal", "Dun", "El", "Fen", "Gar", "Hal", "Ir", "Kel", "Lor", "Mar", "Nor", "Or",
            "Pel", "Quin", "Ros", "Sal", "Tor", "Ul", "Val", "Wen", "Yar", "Zel",
        ]
        let middles = ["", "a", "e", "i", "o", "u", "an", "en", "in", "or", "ar"]
        let tails = [
            "brook", "by", "dale", "field", "ford", "gate", "ham", "haven", "holm", "ley", "mouth", "mere",
            "port", "stead", "ton", "wick", "worth", "burg", "crest", "moor",
        ]
        var names: [String] = []
        for head in heads {
            for middle in middles {
                for tail in tails { names.append(head + middle + tail) }
            }
        }
        var random = SplitMix64(seed: 0x9_1ACE)
        names.shuffle(using: &random)
        return Array(names.prefix(5_000))
    }

    private static func makePeople() -> [String] {
        let first = [
            "Amara", "Ben", "Chen", "Dalia", "Elif", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kofi",
            "Lena",
            "Mateo", "Nadia", "Oskar", "Priya", "Rosa", "Sami", "Tomasz", "Yuki",
        ]
        let last = [
            "Okafor", "Lindqvist", "Moreau", "Raman", "Tanaka", "Novak", "Haddad", "Silva", "Kowalski",
            "Byrne",
            "Petrov", "Nakamura", "Mensah", "García", "Doyle-Evans",
        ]
        return first.flatMap { name in last.map { name + " " + $0 } }
    }
}

/// The text of one entry of the feed workload.
struct FeedEntryText: Sendable {
    var title: String
    var summary: String
    var author: String
    /// `7/123-volunteers-plant-trees`, below the workload's site address.
    var path: String
}

/// A bigram chain over some texts: their words, which word followed which, and which started a
/// sentence. Texts written without spaces (Chinese, Japanese) are cut into two-character words
/// and joined without spaces again, so a generated headline keeps a headline's length.
private struct Chain: Sendable {
    /// The texts' words in reading order, as ids; a random one is a word drawn by frequency.
    let stream: [Int]
    let words: [String]
    /// The ids of the words that followed each word.
    let successors: [[Int]]
    /// The ids of the words that started a sentence.
    let starts: [Int]
    /// Between words: a space, or nothing for texts written without spaces.
    let separator: String
    /// Ends a sentence: `.`, or `。` for texts written without spaces.
    let period: String

    init(_ texts: [String]) {
        let characters = texts.map(\.count).reduce(0, +)
        let tokens = texts.map { $0.split(whereSeparator: \.isWhitespace).count }.reduce(0, +)
        let unspaced = characters > 12 * max(tokens, 1)
        separator = unspaced ? "" : " "
        period = unspaced ? "。" : "."
        var ids: [String: Int] = [:]
        var words: [String] = []
        var stream: [Int] = []
        var successors: [[Int]] = []
        var starts: Set<Int> = []
        for text in texts {
            var previous: Int?
            var startsSentence = true
            for (token, endsSentence) in Self.tokens(text, unspaced: unspaced) {
                let id: Int
                if let known = ids[token] {
                    id = known
                } else {
                    id = words.count
                    ids[token] = id
                    words.append(token)
                    successors.append([])
                }
                stream.append(id)
                if startsSentence { starts.insert(id) }
                if let previous { successors[previous].append(id) }
                previous = endsSentence ? nil : id
                startsSentence = endsSentence
            }
        }
        self.words = words
        self.stream = stream
        self.successors = successors
        self.starts = starts.sorted()
    }

    /// The words of `text` without the punctuation around them, each with whether it ends a
    /// sentence.
    private static func tokens(_ text: String, unspaced: Bool) -> [(String, Bool)] {
        let punctuation = CharacterSet(charactersIn: ".,;:!?()\"“”‘’«»—–…，。、！？：；「」『』（）")
        var result: [(String, Bool)] = []
        for raw in text.split(whereSeparator: \.isWhitespace) where !raw.hasPrefix("[+") {
            let ends = raw.last.map { ".!?。！？".contains($0) } ?? false
            guard unspaced else {
                let token = raw.trimmingCharacters(in: punctuation)
                if !token.isEmpty { result.append((token, ends)) }
                continue
            }
            let letters = Array(raw.filter { !$0.unicodeScalars.allSatisfy(punctuation.contains) })
            for start in stride(from: 0, to: letters.count, by: 2) {
                let word = String(letters[start..<min(start + 2, letters.count)])
                result.append((word, ends && start + 2 >= letters.count))
            }
        }
        return result
    }
}

/// Draws an index with Zipf weights (rank r has weight 1/r^s).
struct CumulativeWeights: Sendable {
    private let cumulative: [Double]

    init(zipfCount count: Int, exponent: Double) {
        var total = 0.0
        cumulative = (1...count).map { rank in
            total += 1 / pow(Double(rank), exponent)
            return total
        }
    }

    func draw(using random: inout SplitMix64) -> Int {
        let target = Double.random(in: 0..<(cumulative.last ?? 1), using: &random)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > target { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
