import Dispatch
import Foundation
import Networking

@testable import SampleEdition
@testable import Store

/// Both readers of the search grammar (NewsAPI's: words, `"phrases"`, `+must`, `-not`, `NOT`,
/// `AND`, `OR`): the sample edition's `SearchQuery`, and the store's `FullTextQuery`, run as a
/// real FTS5 `MATCH` against an in-memory store, where no input may make the search throw.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearchQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    checkSampleEditionQuery(text)
    checkStoreQuery(text)
    let normalized = ListingKey.normalizedQuery(text)
    Invariant.check(
        ListingKey.normalizedQuery(normalized) == normalized,
        "normalizedQuery is not idempotent: \(String(reflecting: normalized))")
    return 0
}

/// Scores are positive or nil; text in ASCII matches a query of its own words when it excludes
/// nothing.
private func checkSampleEditionQuery(_ text: String) {
    let query = SearchQuery(text)
    let score = query.score([(text, 3), ("mars rover", 1)])
    Invariant.check(score.map { $0 > 0 } ?? true, "score \(score ?? 0) is not positive")
    guard text.utf8.allSatisfy({ $0 < 0x80 }), query.excluded.isEmpty, !query.isEmpty else { return }
    Invariant.check(query.score([(text, 1)]) != nil, "\(String(reflecting: text)) does not match itself")
}

private func checkStoreQuery(_ text: String) {
    let query = FullTextQuery(text)
    for term in query.alternatives.joined() + query.excluded {
        Invariant.clean(term, .controls, "a full-text term")
    }
    for sort in [ArticleSortOrder.relevancy, .publishedAt] {
        let failure = blocking { () async -> StoreError? in
            do throws(StoreError) {
                _ = try await SearchStore.shared.search(text, sort: sort, pageSize: 5)
                return nil
            } catch {
                return error
            }
        }
        Invariant.check(failure == nil, "search threw \(failure.map(String.init(describing:)) ?? "")")
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
