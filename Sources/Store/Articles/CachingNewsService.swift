import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``Networking/NewsService`` that keeps every page another one returns, and answers from the
/// store when that one cannot.
///
/// - Every successful headlines or search page is recorded under its ``ListingKey`` (requests
///   with filters a key cannot express pass through unrecorded). Pages it returns and records
///   never hold an article twice.
/// - ``storedHeadlines(_:)`` and ``storedSearch(_:)`` return the stored copy of exactly that
///   page, marked `.stale`, for stale-while-revalidate (nil when `offline`: nothing revalidates).
/// - When the wrapped service cannot be reached (any transport failure, a failed secure
///   connection included), fails on its side (HTTP 5xx, or NewsAPI's `unexpectedError`, which it
///   sends with a 500) or answers with something that is not NewsAPI's (see ``NewsServiceError/isOutage``),
///   the stored page is returned, marked `.offline(error)`; headlines with no stored copy of
///   their own are answered with the newest stored articles of their category, a search with
///   none from the full-text index. The error is rethrown only when the store has nothing.
/// - When the wrapped service refuses the key or its pace (``NewsServiceError/isRefusal``: a
///   bad key, the rate limit), the stored copy of exactly that page is returned, marked
///   `.refused(error)`, so the reader keeps what was loaded under a banner naming the refusal;
///   with no stored copy the refusal is thrown.
/// - Everything else (a bad request, an upgrade required, a 404) is thrown as is: no stored copy
///   answers a request that is itself wrong.
/// - With `offline` set, the wrapped service is never called: pages come from the store marked
///   `.offlineMode`; headlines never stored fall back to the newest stored articles of their
///   category (or of all), searches to the full-text index.
/// - A store that fails to read or write never turns a good answer into an error. A store found
///   damaged is replaced by a new one within the call, and the user is told once through
///   ``NewsStore/deliverNotices(to:)``: no silent wrong answers.
/// - With a ``RequestBudget`` (NewsAPI), a page stored recently enough answers without a request,
///   marked `.fresh`, and every request is counted against the daily quota; one held back for
///   it is a refusal like the rate limit (the stored copy, or the error when there is none).
public struct CachingNewsService: StoringNewsService {
    public let wrapped: any NewsService
    public let store: NewsStore
    /// True: never call ``wrapped``.
    public let offline: Bool
    /// Freshness and the daily count of requests; nil: every request goes, uncounted.
    public let budget: RequestBudget?

    public init(
        wrapping service: any NewsService, store: NewsStore, offline: Bool = false,
        budget: RequestBudget? = nil
    ) {
        wrapped = service
        self.store = store
        self.offline = offline
        self.budget = budget
    }

    // MARK: - NewsService

    public func topHeadlines(_ request: HeadlinesRequest) async throws(NewsServiceError) -> ArticlePage {
        try await answer(
            ListingKey(request), page: request.page, pageSize: request.pageSize, trigger: request.trigger,
            fetch: { () async throws(NewsServiceError) in try await wrapped.topHeadlines(request) },
            // Headlines never loaded: the newest stored articles of the category, as --offline does.
            fallback: {
                try? await store.newestArticles(
                    category: request.category, page: request.page, pageSize: request.pageSize)
            },
            answers: { !$0.articles.isEmpty })
    }

    public func search(_ request: SearchRequest) async throws(NewsServiceError) -> ArticlePage {
        try await answer(
            ListingKey(request), page: request.page, pageSize: request.pageSize, trigger: request.trigger,
            fetch: { () async throws(NewsServiceError) in try await wrapped.search(request) },
            // A search never stored: the full-text index.
            fallback: {
                try? await store.search(
                    request.query, sort: request.sortBy, page: request.page, pageSize: request.pageSize)
            },
            answers: { $0.totalResults > 0 })
    }

    /// The one rule of headlines and searches (see the type's documentation): `fetch` asks the
    /// wrapped service (through the budget, as `trigger`); `fallback` reads what stands in for a
    /// list never stored (the newest stored articles of a category, the full-text index), which
    /// after an outage must satisfy `answers`.
    private func answer(
        _ key: ListingKey?, page: Int, pageSize: Int, trigger: RequestTrigger,
        fetch: () async throws(NewsServiceError) -> ArticlePage,
        fallback: () async -> ArticlePage?,
        answers: (ArticlePage) -> Bool
    ) async throws(NewsServiceError) -> ArticlePage {
        if offline {
            if let key, let stored = await listingPage(key, page: page, pageSize: pageSize) {
                return stored.from(.offlineMode)
            }
            return (await fallback() ?? emptyPage(page, pageSize)).from(.offlineMode)
        }
        if let fresh = await budget?.freshCopy(of: key, page: page, pageSize: pageSize, trigger: trigger) {
            return fresh
        }
        do {
            let fetched = try await ask(trigger, fetch).withoutDuplicates()
            if let key { try? await store.record(fetched, for: key) }
            return fetched
        } catch {
            if error.isRefusal {
                return try await refusedCopy(key, page, pageSize, refusal: error)
            }
            guard error.isOutage else { throw error }
            if let stored = try await storedCopy(key, page, pageSize, failing: error) {
                return stored
            }
            guard let found = await fallback(), answers(found) else { throw error }
            return found.from(.offline(error))
        }
    }

    public func sources(_ request: SourcesRequest) async throws(NewsServiceError) -> [NewsSource] {
        guard !offline else {
            throw .unavailable("The list of sources needs the network, and NewsApp is offline.")
        }
        return try await ask(.automatic) { () async throws(NewsServiceError) in
            try await wrapped.sources(request)
        }
    }

    // MARK: - StoringNewsService

    /// The stored copy to show while the network is asked; nil when `offline`, where the network
    /// is never asked and ``topHeadlines(_:)`` answers from the store at once (reading it twice
    /// would double a launch's reads), and nil when the copy is fresh enough to be the answer
    /// itself (the screen would say it is being refreshed).
    public func storedHeadlines(_ request: HeadlinesRequest) async -> ArticlePage? {
        guard !offline, let key = ListingKey(request) else { return nil }
        return await revalidated(
            key, page: request.page, pageSize: request.pageSize, trigger: request.trigger)
    }

    /// As ``storedHeadlines(_:)``, for a search.
    public func storedSearch(_ request: SearchRequest) async -> ArticlePage? {
        guard !offline, let key = ListingKey(request) else { return nil }
        return await revalidated(
            key, page: request.page, pageSize: request.pageSize, trigger: request.trigger)
    }

    // MARK: - Helpers

    /// `request`, through the budget when there is one.
    private func ask<Value: Sendable>(
        _ trigger: RequestTrigger, _ request: () async throws(NewsServiceError) -> Value
    ) async throws(NewsServiceError) -> Value {
        guard let budget else { return try await request() }
        return try await budget.send(trigger, request)
    }

    /// The stored page of `key` to show while the network is asked: nil when there is none, or
    /// when it answers by itself (``RequestBudget/answers(_:trigger:)``).
    private func revalidated(_ key: ListingKey, page: Int, pageSize: Int, trigger: RequestTrigger) async
        -> ArticlePage?
    {
        guard let stored = try? await store.storedPage(for: key, page: page, pageSize: pageSize),
            budget?.answers(stored, trigger: trigger) != true
        else { return nil }
        return stored
    }

    /// After the outage `error`: the stored copy of this page of `key`'s list, marked offline, or
    /// nil when the list was never stored. When the list is stored but not this page, `error`:
    /// other articles (the newest of a category, the full-text index) would not continue it.
    private func storedCopy(_ key: ListingKey?, _ page: Int, _ pageSize: Int, failing error: NewsServiceError)
        async throws(NewsServiceError) -> ArticlePage?
    {
        guard let key else { return nil }
        if let stored = try? await store.storedPage(for: key, page: page, pageSize: pageSize) {
            return stored.from(.offline(error))
        }
        if (try? await store.hasListing(for: key)) == true { throw error }
        return nil
    }

    /// After the refusal `error`: the stored copy of this page of `key`'s list, marked refused, or
    /// `error` when there is none.
    private func refusedCopy(
        _ key: ListingKey?, _ page: Int, _ pageSize: Int, refusal error: NewsServiceError
    )
        async throws(NewsServiceError) -> ArticlePage
    {
        guard let key, let stored = try? await store.storedPage(for: key, page: page, pageSize: pageSize)
        else {
            throw error
        }
        return stored.from(.refused(error))
    }

    /// The stored page of `key`; when the list is stored but not this page, an empty last page,
    /// so an offline list ends where the stored one does instead of mixing in other articles.
    private func listingPage(_ key: ListingKey, page: Int, pageSize: Int) async -> ArticlePage? {
        if let stored = try? await store.storedPage(for: key, page: page, pageSize: pageSize) {
            return stored
        }
        guard (try? await store.hasListing(for: key)) == true else { return nil }
        return ArticlePage(
            articles: [], totalResults: max(0, (page - 1) * pageSize), page: page, pageSize: pageSize,
            origin: .store(savedAt: store.clock(), reason: .stale))
    }

    private func emptyPage(_ page: Int, _ pageSize: Int) -> ArticlePage {
        ArticlePage(
            articles: [], totalResults: 0, page: page, pageSize: pageSize,
            origin: .store(savedAt: store.clock(), reason: .stale))
    }
}

extension ArticlePage {
    /// The page with its origin's reason replaced; `savedAt` stays.
    fileprivate func from(_ reason: PageOrigin.StoreReason) -> ArticlePage {
        var page = self
        if case .store(let savedAt, _) = origin {
            page.origin = .store(savedAt: savedAt, reason: reason)
        } else {
            page.origin = .store(savedAt: Date(), reason: reason)
        }
        return page
    }

    /// The page without repeated URLs.
    fileprivate func withoutDuplicates() -> ArticlePage {
        var page = self
        page.articles = articles.uniquedByID()
        return page
    }
}
