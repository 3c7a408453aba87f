import Foundation
import Networking
import SampleEdition

/// Deterministic, varied article text for the benchmark's store and server.
///
/// Words follow the bundled sample edition: a bigram chain over its titles, descriptions and
/// contents (English, Greek, Hindi, Chinese, Korean, … as written there), so common words stay
/// common and rare ones rare, as in real news. Place names come from a long Zipf-distributed list
/// of made-up towns, so some words match a handful of articles among 100,000, and numbers vary.
/// Article `n` is the same on every run and every machine: the RNG is seeded by `n`.
struct Corpus: Sendable {
    /// Bumped whenever the generated text changes, so a cached store is filled again.
    static let version = 1

    /// The sample edition's tokens in reading order; a random one is a word drawn by frequency.
    private let stream: [Int]
    private let words: [String]
    /// Token ids following each token in the sample edition.
    private let successors: [[Int]]
    /// Token ids that start a sentence.
    private let starts: [Int]
    private let places: [String]
    private let placeWeights: CumulativeWeights
    private let people: [String]
    private let sources: [ArticleSource]
    /// Every article's date counts back from here; fixed so that a cached store stays valid.
    private let newest: Date

    init(edition: SampleEdition, newest: Date) {
        var ids: [String: Int] = [:]
        var words: [String] = []
        var stream: [Int] = []
        var successors: [[Int]] = []
        var starts: Set<Int> = []
        for entry in edition.entries {
            let article = entry.article
            for text in [article.title, article.summary ?? "", article.content ?? ""] {
                var previous: Int?
                var startsSentence = true
                for raw in text.split(whereSeparator: \.isWhitespace) {
                    let token = Self.clean(raw)
                    guard !token.isEmpty else { continue }
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
                    let last = raw.last.map { ".!?".contains($0) } ?? false
                    previous = last ? nil : id
                    startsSentence = last
                }
            }
        }
        self.words = words
        self.stream = stream
        self.successors = successors
        self.starts = starts.sorted()
        places = Self.makePlaces()
        placeWeights = CumulativeWeights(zipfCount: places.count, exponent: 1.0)
        people = Self.makePeople()
        var sources = Array(Set(edition.entries.map(\.article.source.name))).sorted().map {
            ArticleSource(id: nil, name: $0)
        }
        let outlets = ["Courier", "Times", "Gazette", "Herald", "Post", "Ledger", "Tribune", "Chronicle"]
        for index in 0..<40 {
            sources.append(
                ArticleSource(id: nil, name: places[index * 7 + 3] + " " + outlets[index % outlets.count]))
        }
        self.sources = sources
        self.newest = newest
    }

    /// A made-up town that about a dozen of 100,000 articles mention.
    var rarePlace: String { places[2_500] }

    /// Article number `index` (0-based), the `index`-th newest; published about five minutes
    /// apart, so 100,000 of them span a year.
    func article(_ index: Int, section: String) -> Article {
        var random = SplitMix64(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 ^ 0x5EED)
        let title = capitalized(phrase(count: Int.random(in: 6...13, using: &random), using: &random))
        let summary = sentences(words: Int.random(in: 18...32, using: &random), using: &random)
        var content = sentences(words: Int.random(in: 28...44, using: &random), using: &random)
        if content.count > 197 {
            content = String(content.prefix(197)).trimmingCharacters(in: .whitespaces) + "…"
        }
        let slug = Self.slug(title)
        let age = Double(index) * 315 + Double.random(in: 0..<300, using: &random)
        let source = sources[Int.random(in: 0..<sources.count, using: &random)]
        let author = Int.random(in: 0..<10, using: &random) == 0 ? nil : people.randomElement(using: &random)
        let base = "https://example.org/bench/\(section)/\(index)-\(slug.isEmpty ? "story" : slug)"
        return Article(
            source: source, author: author, title: title, summary: summary, url: URL(string: base)!,
            imageURL: URL(string: base + ".jpg"), publishedAt: newest.addingTimeInterval(-age),
            content: content, omittedCharacterCount: Int.random(in: 600...5_000, using: &random))
    }

    // MARK: - Text

    private func sentences(words count: Int, using random: inout SplitMix64) -> String {
        var remaining = count
        var parts: [String] = []
        while remaining > 0 {
            let length = min(remaining, Int.random(in: 8...18, using: &random))
            parts.append(capitalized(phrase(count: length, using: &random)) + ".")
            remaining -= length
        }
        return parts.joined(separator: " ")
    }

    /// `count` words: mostly the sample edition's bigrams, sometimes a word drawn by frequency, a
    /// place or a number.
    private func phrase(count: Int, using random: inout SplitMix64) -> String {
        var result: [String] = []
        var previous: Int? = starts.randomElement(using: &random)
        if let previous { result.append(words[previous]) }
        while result.count < count {
            let roll = Double.random(in: 0..<1, using: &random)
            if roll < 0.035 {
                result.append(places[placeWeights.draw(using: &random)])
                previous = nil
            } else if roll < 0.055 {
                result.append(String(Int.random(in: 2...25_000, using: &random)))
                previous = nil
            } else if roll < 0.75, let after = previous, !successors[after].isEmpty {
                let next = successors[after][Int.random(in: 0..<successors[after].count, using: &random)]
                result.append(words[next])
                previous = next
            } else {
                let next = stream[Int.random(in: 0..<stream.count, using: &random)]
                result.append(words[next])
                previous = next
            }
        }
        return result.joined(separator: " ")
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

    /// A word without the punctuation around it.
    private static func clean(_ raw: Substring) -> String {
        let trimmed = raw.trimmingCharacters(in: CharacterSet(charactersIn: ".,;:!?()\"“”‘’«»—–…"))
        return trimmed.hasPrefix("[+") ? "" : trimmed
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

/// A small, fast, seedable generator (Vigna's SplitMix64), so generated text is reproducible.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
