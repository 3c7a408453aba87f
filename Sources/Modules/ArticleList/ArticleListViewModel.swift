import FilterLanguage
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A paged list of articles (top headlines, search results, the saved articles or a feed's items),
/// with no terminal code: it loads pages from a ``NewsService`` (feed items from the
/// ``FeedLibrary``) and keeps an ``ArticleListState`` for the renderer.
///
/// - With a ``StoringNewsService``, a list with nothing on screen first shows the stored copy of
///   page 1 (stale-while-revalidate), then the network's, noting what changed.
/// - A load or a page fetched ahead asks as the app (``NewsModels/RequestTrigger/automatic``: a
///   service keeping NewsAPI's quota may answer from a fresh stored copy); `r` and `n` ask as the
///   reader (``NewsModels/RequestTrigger/explicit``).
/// - Read marks come from the ``ReadingList`` after every page; an article opened here is marked
///   at once.
/// - With `prefetchesNextPage`, the page after the last one shown is fetched in the background
///   while the reader is within ``prefetchDistance`` articles of the end, and held until
///   ``loadMore()`` asks for it. A reload, a query change or ``cancelBackgroundWork()`` (the
///   screen left navigation) cancels it.
/// - A feed list (``ArticleQuery/feed(_:title:unreadOnly:)``) has no stored copy to show first: the
///   store is where feed items live. It can mark its items read and find the next unread one.
@MainActor
public final class ArticleListViewModel {
    /// How close to the end of the list (in articles) the reader must be for the next page to be
    /// fetched ahead.
    public static let prefetchDistance = 5

    public private(set) var state: ArticleListState
    /// The article the reader opened last, where ``nextUnread()`` goes on from.
    public private(set) var lastOpened: Article?
    /// The list's last `mark read`, which `undo` takes back.
    private var lastMarking: ReadMarking?
    /// `filter EXPRESSION` on a list that is not a feed's: applied to each page as it arrives.
    private var narrowing: FilterExpression?

    private let service: any NewsService
    private let feeds: any FeedLibrary
    private let pageSize: Int
    private let country: String?
    private let language: String?
    private let readingList: any ReadingList
    private let images: any ArticleImages
    private let prefetchesNextPage: Bool
    /// Counts reloads and query changes, so late answers can be recognised and dropped.
    private var generation = 0
    /// The next page, fetched ahead or on its way.
    private var prefetch: Prefetch?
    /// Picture downloads started for the pages shown.
    private var imageDownloads: [Task<Void, Never>] = []

    /// A page fetched ahead of the reader.
    private final class Prefetch {
        let generation: Int
        let page: Int
        var task: Task<Result<ArticlePage, NewsServiceError>, Never>?
        /// True once the request failed: the page may be asked for again.
        var failed = false

        init(generation: Int, page: Int) {
            self.generation = generation
            self.page = page
        }
    }

    /// - Parameters:
    ///   - country: The edition of the top headlines (NewsAPI's `country`, e.g. `us`); NewsAPI
    ///     refuses top headlines with neither a country nor a category.
    ///   - language: The language of search results (NewsAPI's `language`, e.g. `en`).
    ///   - readingList: Read marks, and the articles of ``ArticleQuery/saved``.
    ///   - images: Told to fetch each page's pictures ahead.
    ///   - feeds: The items of ``ArticleQuery/feed(_:title:unreadOnly:)``.
    ///   - prefetchesNextPage: Fetch the next page while the reader nears the end of the list.
    public init(
        query: ArticleQuery,
        service: any NewsService,
        pageSize: Int,
        country: String? = nil,
        language: String? = nil,
        readingList: any ReadingList = NoReadingList(),
        images: any ArticleImages = NoArticleImages(),
        feeds: any FeedLibrary = NoFeedLibrary(),
        prefetchesNextPage: Bool = false
    ) {
        state = ArticleListState(query: query)
        self.service = service
        self.feeds = feeds
        self.pageSize = pageSize
        self.country = country
        self.language = language
        self.readingList = readingList
        self.images = images
        self.prefetchesNextPage = prefetchesNextPage
    }

    isolated deinit {
        cancelBackgroundWork()
    }

    /// The article numbered `number` on screen (1-based).
    public func article(numbered number: Int) -> Article? {
        let articles = state.list.articles
        return articles.indices.contains(number - 1) ? articles[number - 1] : nil
    }

    /// Loads page 1, replacing the list once it arrives. A cancelled load leaves the list as it was;
    /// a failed reload of a list that has articles keeps them and reports the error below them.
    /// An answer that arrives after another load or query started is dropped.
    ///
    /// When the list is empty and the service keeps pages, the stored page 1 is shown first and
    /// `storedPageShown` is called, so the screen can draw it while the network is asked.
    public func reload(trigger: RequestTrigger = .automatic, storedPageShown: @MainActor () -> Void = {})
        async
    {
        generation += 1
        let current = generation
        cancelBackgroundWork()
        if state.list.isEmpty { state.phase = .loading }
        state.moreError = nil
        state.isLoadingMore = false
        state.note = nil
        if state.list.isEmpty, let stored = await storedFirstPage(trigger: trigger) {
            guard current == generation else { return }
            show(firstPage: stored)
            state.isRefreshing = true
            await fetchReadMarks(stored.articles, generation: current)
            guard current == generation else { return }
            storedPageShown()
        }
        do {
            let page = try await fetch(page: 1, trigger: trigger)
            guard current == generation else { return }
            state.isRefreshing = false
            if !state.list.isEmpty, page.origin == .network {
                state.note = Self.note(new: page, shown: state.list, from: source)
            }
            show(firstPage: page)
            await fetchReadMarks(page.articles, generation: current)
            guard current == generation else { return }
            startPrefetchIfNear(state.list.count)
        } catch .cancelled {
            guard current == generation else { return }
            state.isRefreshing = false
            if state.list.isEmpty { state.phase = .cancelled }
        } catch {
            guard current == generation else { return }
            state.isRefreshing = false
            if state.list.isEmpty {
                state.phase = .failed(error)
            } else if case .store(let savedAt, _) = state.origin {
                // The stored articles stay, and say why they are all there is: the network is
                // out of reach, or the service refused (a bad key, the rate limit, a bad request).
                state.origin = .store(
                    savedAt: savedAt, reason: error.isOutage ? .offline(error) : .refused(error))
            } else {
                state.moreError = error
            }
        }
    }

    /// Appends the next page, if there is one: the page fetched ahead when it is ready or on its
    /// way (never a second request for it), else a new request (the reader's own: `n`). A page
    /// that arrives after the list was reloaded or changed is dropped.
    public func loadMore() async {
        guard state.canLoadMore, let next = state.list.nextPage else { return }
        let current = generation
        state.isLoadingMore = true
        state.moreError = nil
        state.note = nil
        var result: Result<ArticlePage, NewsServiceError>?
        if let prefetch, prefetch.generation == current, prefetch.page == next, let task = prefetch.task {
            self.prefetch = nil
            let fetched = await withTaskCancellationHandler {
                await task.value
            } onCancel: {
                task.cancel()
            }
            // A page fetched ahead that failed is asked for again, now that the reader wants it.
            if case .success = fetched {
                result = fetched
            } else if Task.isCancelled {
                result = .failure(.cancelled)
            }
        }
        if result == nil {
            do {
                result = .success(try await fetch(page: next, trigger: .explicit))
            } catch {
                result = .failure(error)
            }
        }
        guard current == generation else { return }
        state.isLoadingMore = false
        switch result {
        case .success(let page):
            state.list.append(page)
            if case .store = page.origin { state.origin = page.origin }
            prefetchImages(page.articles)
            await fetchReadMarks(page.articles, generation: current)
            guard current == generation else { return }
            startPrefetchIfNear(state.list.count)
        case .failure(let error):
            if error != .cancelled { state.moreError = error }
        case nil:
            break
        }
    }

    /// Shows another query; the caller reloads. Answers to the old query are dropped and work
    /// for it is cancelled.
    public func change(to query: ArticleQuery) {
        generation += 1
        cancelBackgroundWork()
        let read = state.read
        let narrowingText = narrowing == nil ? nil : state.narrowing
        state = ArticleListState(query: query)
        state.read = read
        state.narrowing = narrowingText
    }

    /// Narrows a list that is not a feed's to the articles `expression` chooses (newsboat's
    /// filter language), page by page as they arrive; nil shows them all again. The caller reloads.
    /// A feed's list is narrowed by its library instead (``FeedScope/filtered(_:expression:)``).
    public func narrow(_ expression: FilterExpression?, text: String?) {
        narrowing = expression
        state.narrowing = expression == nil ? nil : text
    }

    /// Notes that the reader opened `article`: it shows as read from now on (the article screen
    /// records the mark in the reading list), and the one-off note about the last refresh goes.
    /// Returns whether the rendering changed.
    @discardableResult
    public func markOpened(_ article: Article) -> Bool {
        lastOpened = article
        let changed = state.read.insert(article.id).inserted || state.note != nil
        state.note = nil
        return changed
    }

    /// The reader is looking at article `number` (1-based): within ``prefetchDistance`` of the end
    /// of a list that has more pages, the next page is fetched ahead.
    public func readerIsAt(_ number: Int) {
        startPrefetchIfNear(number)
    }

    /// Returns when the work started in the background so far has finished: the page fetched
    /// ahead and the picture downloads. For tests and measurements; the screen never waits.
    public func settleBackgroundWork() async {
        _ = await prefetch?.task?.value
        for task in imageDownloads { await task.value }
    }

    /// Stops the work the list does in the background: the page fetched ahead and the picture
    /// downloads.
    public func cancelBackgroundWork() {
        prefetch?.task?.cancel()
        prefetch = nil
        for task in imageDownloads { task.cancel() }
        imageDownloads.removeAll()
    }

    // MARK: Feeds

    /// Marks every item of the feed list read, the pages not loaded yet too, and returns how many
    /// were unread. The items shown are drawn as read at once; a list of unread items only is
    /// loaded again (empty now). Nothing happens for a list that is not a feed's.
    public func markAllRead() async throws(FeedLibraryError) -> Int {
        guard let items = source as? FeedItemsSource else { return 0 }
        let current = generation
        let marking = try await items.markAllRead()
        let count = marking.count
        if count > 0 { lastMarking = marking }
        guard current == generation else { return count }
        if items.unreadOnly {
            change(to: state.query)
            await reload()
        } else {
            state.read.formUnion(state.list.articles.map(\.id))
            state.note = nil
        }
        return count
    }

    /// Takes back the list's last `mark read`: the items it marked are unread again, and the list
    /// is loaded again. Returns how many; nil when there is nothing to take back.
    public func undoMarkRead() async throws(FeedLibraryError) -> Int? {
        guard let items = source as? FeedItemsSource, let marking = lastMarking, marking.time != nil else {
            return nil
        }
        let count = try await items.undo(marking)
        lastMarking = nil
        var unmarked = state.read
        unmarked.subtract(state.list.articles.map(\.id))
        change(to: state.query)
        state.read = unmarked
        await reload()
        return count
    }

    /// The feed list's next unread item after the one opened last (from the start when none was),
    /// the following feeds' after the list's; nil when every item is read or the list is not a
    /// feed's.
    public func nextUnread() async -> Article? {
        guard let items = source as? FeedItemsSource else { return nil }
        return await items.nextUnread(after: lastOpened)
    }

    // MARK: Loading

    private func show(firstPage page: ArticlePage) {
        var list = ArticleList()
        list.append(page)
        state.list = list
        state.phase = .loaded
        state.origin = page.origin
        prefetchImages(page.articles)
    }

    /// What `page` adds to the articles `shown`, as `source` tells it ("Updated: 3 new articles.").
    private static func note(new page: ArticlePage, shown: ArticleList, from source: any ArticleListSource)
        -> String?
    {
        let known = Set(shown.articles.map(\.id))
        return source.note(added: Set(page.articles.map(\.id)).subtracting(known).count)
    }

    private func fetchReadMarks(_ articles: [Article], generation current: Int) async {
        guard !articles.isEmpty else { return }
        let read = await readingList.readArticles(among: articles)
        guard current == generation else { return }
        state.read.formUnion(read)
    }

    private func prefetchImages(_ articles: [Article]) {
        let urls = articles.compactMap(\.imageURL)
        guard !urls.isEmpty else { return }
        imageDownloads.removeAll { $0.isCancelled }
        let images = images
        imageDownloads.append(Task { await images.prefetch(urls) })
    }

    private func startPrefetchIfNear(_ number: Int) {
        guard prefetchesNextPage, state.canLoadMore, !state.isRefreshing,
            let next = state.list.nextPage,
            state.list.count - number < Self.prefetchDistance
        else { return }
        if let prefetch, prefetch.generation == generation, prefetch.page == next, !prefetch.failed { return }
        prefetch?.task?.cancel()
        let load = loader(page: next, trigger: .automatic)
        let ahead = Prefetch(generation: generation, page: next)
        ahead.task = Task { () -> Result<ArticlePage, NewsServiceError> in
            do throws(NewsServiceError) {
                return .success(try await load())
            } catch {
                ahead.failed = true
                return .failure(error)
            }
        }
        prefetch = ahead
    }

    private func fetch(page: Int, trigger: RequestTrigger) async throws(NewsServiceError) -> ArticlePage {
        try await loader(page: page, trigger: trigger)()
    }

    /// The request for `page` of the current query, as a closure that does not hold the model; a
    /// narrowed list keeps the articles its expression chooses.
    private func loader(page: Int, trigger: RequestTrigger)
        -> @Sendable () async throws(NewsServiceError) -> ArticlePage
    {
        let (source, pageSize) = (source, pageSize)
        let load: @Sendable () async throws(NewsServiceError) -> ArticlePage = {
            () async throws(NewsServiceError) -> ArticlePage in
            try await source.page(page, pageSize: pageSize, trigger: trigger)
        }
        guard let narrowing, state.query.feedScope == nil else { return load }
        let read = state.read
        return { () async throws(NewsServiceError) -> ArticlePage in
            var loaded = try await load()
            let now = Date().timeIntervalSince1970
            loaded.articles = loaded.articles.filter {
                narrowing.matches(Self.filterItem($0, read: read.contains($0.id), now: now), now: now)
            }
            return loaded
        }
    }

    /// An article as the filter language sees it: its source as its feed.
    nonisolated public static func filterItem(_ article: Article, read: Bool, now: Double) -> FilterItem {
        FilterItem(
            title: article.title, link: article.url.absoluteString, author: article.author ?? "",
            content: article.content ?? article.summary ?? "",
            date: article.publishedAt?.timeIntervalSince1970 ?? now,
            unread: !read, guid: article.feedItem?.item ?? article.url.absoluteString,
            enclosureURL: article.enclosures.first?.url.absoluteString ?? "",
            enclosureType: article.enclosures.first?.type ?? "",
            feed: FilterFeed(url: article.feedItem?.feed.absoluteString ?? "", title: article.source.name))
    }

    /// Where the current query's pages come from.
    private var source: any ArticleListSource {
        state.query.source(
            service: service, country: country, language: language, readingList: readingList, feeds: feeds)
    }

    /// The stored copy of page 1, when the list keeps one with articles.
    private func storedFirstPage(trigger: RequestTrigger) async -> ArticlePage? {
        await source.storedFirstPage(pageSize: pageSize, trigger: trigger)
    }
}
