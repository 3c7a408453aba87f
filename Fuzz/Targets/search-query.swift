import Dispatch
import Foundation
import NewsModels

@testable import SampleEdition
@testable import Store

/// The search grammar (NewsAPI's: words, `"phrases"`, `+must`, `-not`, `AND`, `OR`, `NOT`,
/// parentheses), read once by Networking's `SearchQuery`, and both backends that answer it: the
/// sample edition's matching, and the store's FTS5 `MATCH`, run against an in-memory store, where
/// no input may make the search throw.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearchQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let query = SearchQuery(text)
    checkTree(query)
    // The backends' work grows with the words times the text; NewsAPI takes 500 characters.
    if size <= 2_000 {
        checkSampleEdition(query, text)
        checkStore(query, text)
    }
    let normalized = ListingKey.normalizedQuery(text)
    Invariant.check(
        ListingKey.normalizedQuery(normalized) == normalized,
        "normalizedQuery is not idempotent: \(String(reflecting: normalized))")
    return 0
}

/// The tree is as documented (clean words, flat groups, bounded depth) and its description reads
/// back as the same query.
private func checkTree(_ query: SearchQuery) {
    guard let expression = query.expression else {
        Invariant.check(query.description.isEmpty, "an empty query describes itself")
        return
    }
    Invariant.check(
        depth(of: expression) <= 3 * SearchQuery.maximumDepth + 3, "the tree is deeper than the limit")
    let again = SearchQuery(query.description)
    Invariant.check(
        again == query,
        "\(String(reflecting: query.description)) reads back as \(String(reflecting: again.description))")
}

private func depth(of expression: SearchExpression) -> Int {
    switch expression {
    case .words(let words):
        Invariant.check(!words.isEmpty, "words without a word")
        for word in words {
            Invariant.check(
                word.unicodeScalars.contains { wordCategories.contains($0.properties.generalCategory) },
                "\(String(reflecting: word)) has no letter or digit")
            Invariant.check(
                !word.unicodeScalars.contains { scalar in
                    scalar.properties.isWhitespace || "\"“”".unicodeScalars.contains(scalar)
                        || [.control, .format, .unassigned].contains(scalar.properties.generalCategory)
                }, "\(String(reflecting: word)) holds a separator, quote or invisible character")
        }
        return 1
    case .all(let parts), .any(let parts):
        Invariant.check(parts.count >= 2, "a group of \(parts.count)")
        for part in parts {
            switch (expression, part) {
            case (.all, .all), (.any, .any): Invariant.check(false, "a group inside one of its kind")
            default: break
            }
        }
        return 1 + (parts.map(depth).max() ?? 0)
    case .not(let part):
        if case .not = part { Invariant.check(false, "NOT NOT") }
        return 1 + depth(of: part)
    }
}

/// Letters, digits and private-use characters, one of which every word has.
private let wordCategories: [Unicode.GeneralCategory] = [
    .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
    .letterNumber, .otherNumber, .privateUse,
]

private func hasNegation(_ expression: SearchExpression) -> Bool {
    switch expression {
    case .words: false
    case .all(let parts), .any(let parts): parts.contains(where: hasNegation)
    case .not: true
    }
}

/// Scores are not negative, or nil; text in ASCII matches a query of its own words when the query
/// excludes nothing.
private func checkSampleEdition(_ query: SearchQuery, _ text: String) {
    let search = SampleSearch(text)
    Invariant.check(search.query == query, "the sample edition reads the query differently")
    let score = search.score([(text, 3), ("mars rover", 1)])
    Invariant.check(score.map { $0 >= 0 } ?? true, "score \(score ?? 0) is negative")
    guard text.utf8.allSatisfy({ $0 < 0x80 }), let expression = query.expression, !hasNegation(expression)
    else { return }
    Invariant.check(search.score([(text, 1)]) != nil, "\(String(reflecting: text)) does not match itself")
}

private func checkStore(_ query: SearchQuery, _ text: String) {
    for sort in [ArticleSortOrder.relevancy, .publishedAt] {
        let failure = blocking { () async -> StoreError? in
            do throws(StoreError) {
                _ = try await SearchStore.shared.search(text, sort: sort, pageSize: 5)
                return nil
            } catch {
                return error
            }
        }
        Invariant.check(
            failure == nil,
            "search threw \(failure.map(String.init(describing:)) ?? "") for \(String(describing: FullTextMatch(query)))"
        )
    }
}

/// An in-memory store holding a few articles, so that `MATCH` has rows to look at.
private enum SearchStore {
    static let shared: NewsStore = {
        do {
            let store = try NewsStore.inMemory()
            let articles = ["Mars rover finds layered rocks", "Venus probe", "Déjà vu — 東京 news"].enumerated()
                .map {
                    Article(
                        source: ArticleSource(name: "Fuzz"), title: $0.element,
                        summary: "about \($0.element)",
                        url: URL(string: "https://example.org/\($0.offset)")!,
                        publishedAt: Date(timeIntervalSince1970: 1e9))
                }
            let page = ArticlePage(articles: articles, totalResults: articles.count, page: 1, pageSize: 20)
            let recorded = blocking { () async -> StoreError? in
                do throws(StoreError) {
                    try await store.record(
                        page, for: .search(query: "fuzz", sort: .publishedAt, language: nil))
                    return nil
                } catch {
                    return error
                }
            }
            Invariant.check(recorded == nil, "the store could not record the articles")
            return store
        } catch {
            fatalError("the in-memory store could not open: \(error)")
        }
    }()
}

/// Runs `body` to completion on the cooperative pool and waits for it.
private func blocking<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
    let box = BlockingResult<Value>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// What ``blocking(_:)`` hands from the task to the waiting thread; the semaphore orders the write
/// before the read.
private final class BlockingResult<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}
