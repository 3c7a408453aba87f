import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The front page's sections, with no terminal code: one per category from the ``NewsService``
/// and then the feeds' (one per tag, then the untagged feeds) from the ``FeedLibrary``, all loaded
/// at once and kept in a ``FrontPageState`` for the renderer.
///
/// - A category's headlines come like a list's first page: with a ``StoringNewsService``, the
///   stored copy first while the network is asked. Its unread count is among the headlines
///   fetched; a feed section's is the library's.
/// - A section that fails is marked failed and the others are unaffected; a reload that fails
///   keeps the items shown and says why. A request held back for NewsAPI's daily quota is said
///   once for the page (``FrontPageState/heldRequests``), not by each section.
/// - A load asks as the app (``NewsModels/RequestTrigger/automatic``: the service may answer from
///   a fresh stored copy); `r` asks as the reader (``NewsModels/RequestTrigger/explicit``).
/// - Read marks come from the ``ReadingList`` as sections arrive; an article opened from the page
///   is marked at once.
@MainActor
public final class FrontPageViewModel {
    public private(set) var state: FrontPageState

    private let sources: FrontPageSources
    private let service: any NewsService
    private let feeds: any FeedLibrary
    private let pageSize: Int
    private let country: String?
    private let readingList: any ReadingList
    private let images: any ArticleImages
    /// Counts reloads, so answers to an earlier one can be recognised and dropped.
    private var generation = 0
    /// The headlines fetched for each category: its unread count is among them.
    private var fetched: [NewsCategory: [Article]] = [:]
    /// Picture downloads started for the items shown.
    private var imageDownloads: [Task<Void, Never>] = []
    /// The read marks of the articles opened from the page, written one after another: this is
    /// the last, which waits for those before. The article screen writes its mark too, but may
    /// be left before that is done. The feed sections wait for these before they ask the library,
    /// and ask again when an article was opened meanwhile, so its unread counts include every
    /// article opened here.
    private var markWrites: Task<Void, Never>?

    /// A section's answer, as it arrives.
    private enum Arrival: Sendable {
        /// The stored copy of a category's headlines, if the service keeps one.
        case stored(NewsCategory, ArticlePage?)
        case headlines(NewsCategory, Result<ArticlePage, NewsServiceError>)
        case feeds(Result<[FeedSection], FeedLibraryError>)
    }

    /// - Parameters:
    ///   - pageSize: How many headlines are fetched per category (its unread count is among them).
    ///   - country: The edition of the top headlines, e.g. `us`.
    ///   - images: Told to fetch the pictures of the items shown ahead.
    public init(
        sources: FrontPageSources,
        service: any NewsService,
        feeds: any FeedLibrary = NoFeedLibrary(),
        pageSize: Int,
        country: String? = nil,
        readingList: any ReadingList = NoReadingList(),
        images: any ArticleImages = NoArticleImages()
    ) {
        var sections = sources.categories ? NewsCategory.allCases.map(FrontPageSection.category) : []
        if sources.feeds { sections.append(.feedsPending) }
        state = FrontPageState(sections: sections)
        self.sources = sources
        self.service = service
        self.feeds = feeds
        self.pageSize = pageSize
        self.country = country
        self.readingList = readingList
        self.images = images
    }

    isolated deinit {
        cancelBackgroundWork()
    }

    /// The article numbered `number` on the page (1-based).
    public func article(numbered number: Int) -> Article? {
        state.article(numbered: number)
    }

    /// Loads every section at once and calls `sectionArrived` each time one changed, so the page
    /// can be drawn as its sections arrive; its argument says whether the answer filled a gap (a
    /// section that had nothing to show) rather than replaced what a section showed. Sections
    /// already loaded stay shown until their new answer arrives. Answers that arrive after another
    /// reload started are dropped.
    public func reload(
        trigger: RequestTrigger = .automatic,
        sectionArrived: @MainActor (_ filledAGap: Bool) -> Void = { _ in }
    ) async {
        generation += 1
        let current = generation
        for index in state.sections.indices where state.sections[index].phase != .loaded {
            state.sections[index].phase = .loading
        }
        state.heldRequests = nil
        let marks = markWrites
        let loads = loaders(after: marks, trigger: trigger)
        await withTaskGroup(of: Arrival.self) { group in
            for load in loads { group.addTask { await load() } }
            for await arrival in group where current == generation {
                let hadGaps = !state.isSettled
                guard await apply(arrival, generation: current, marks: marks) else { continue }
                sectionArrived(hadGaps)
            }
        }
    }

    /// Asks again which articles are read and how many are unread, e.g. when the reader comes
    /// back from a section's list; the feed sections are read again from the library.
    public func updateReadMarks() async {
        await markWrites?.value
        let current = generation
        let shown = fetched.values.flatMap { $0 } + feedItems
        let read = shown.isEmpty ? [] : await readingList.readArticles(among: shown)
        guard current == generation else { return }
        state.read.formUnion(read)
        recountCategories()
        await reloadFeedSections()
    }

    /// The first unread feed item in the page's order of sections (a tag's, then the untagged
    /// feeds'); nil when every item is read.
    public func nextUnread() async -> Article? {
        let scopes = state.sections.compactMap { section -> FeedScope? in
            if case .feeds(let scope) = section.source { return scope }
            return nil
        }
        for scope in scopes {
            if let next = await feeds.nextUnread(after: nil, in: scope) { return next }
        }
        return nil
    }

    /// Reads the feed sections again from the library (their items and unread counts), e.g. after
    /// the feeds were refreshed; a failure keeps the sections shown.
    public func reloadFeedSections() async {
        let current = generation
        guard sources.feeds else { return }
        var marks: Task<Void, Never>?
        var sections: [FeedSection]
        repeat {
            marks = markWrites
            await marks?.value
            guard let answer = try? await feeds.sections(itemsEach: feedItemLimit), current == generation
            else { return }
            sections = answer
        } while markWrites != marks
        showFeedSections(sections)
        await fetchReadMarks(feedItems, generation: current)
    }

    /// Notes that the reader opened `article`: it shows as read, the unread counts of the
    /// sections holding it go down, and its read mark is written. Returns whether the rendering
    /// changed.
    @discardableResult
    public func markOpened(_ article: Article) -> Bool {
        guard state.read.insert(article.id).inserted else { return false }
        let (previous, readingList) = (markWrites, readingList)
        markWrites = Task {
            await previous?.value
            await readingList.markRead(article)
        }
        for index in state.sections.indices {
            if case .feeds = state.sections[index].source,
                state.sections[index].items.contains(where: { $0.id == article.id })
            {
                state.sections[index].unreadCount = max(0, state.sections[index].unreadCount - 1)
            }
        }
        recountCategories()
        return true
    }

    /// Returns when the picture downloads started so far have finished. For tests; the screen
    /// never waits.
    public func settleBackgroundWork() async {
        for task in imageDownloads { await task.value }
    }

    /// Stops the picture downloads of the items shown.
    public func cancelBackgroundWork() {
        for task in imageDownloads { task.cancel() }
        imageDownloads.removeAll()
    }

    // MARK: Loading

    /// One closure per request, none of them holding the model.
    private func loaders(after marks: Task<Void, Never>?, trigger: RequestTrigger)
        -> [@Sendable () async -> Arrival]
    {
        var loads: [@Sendable () async -> Arrival] = []
        if sources.categories {
            let service = service
            for category in NewsCategory.allCases {
                let request = HeadlinesRequest(
                    country: country, category: category, page: 1, pageSize: pageSize, trigger: trigger)
                if let storing = service as? any StoringNewsService {
                    loads.append { .stored(category, await storing.storedHeadlines(request)) }
                }
                loads.append {
                    do throws(NewsServiceError) {
                        return .headlines(category, .success(try await service.topHeadlines(request)))
                    } catch {
                        return .headlines(category, .failure(error))
                    }
                }
            }
        }
        if sources.feeds {
            let (feeds, limit) = (feeds, feedItemLimit)
            loads.append {
                await marks?.value
                do throws(FeedLibraryError) {
                    return .feeds(.success(try await feeds.sections(itemsEach: limit)))
                } catch {
                    return .feeds(.failure(error))
                }
            }
        }
        return loads
    }

    /// Applies an answer; returns whether the page changed. `marks` are the read marks the loads
    /// waited for.
    private func apply(_ arrival: Arrival, generation current: Int, marks: Task<Void, Never>?) async -> Bool {
        switch arrival {
        case .stored(let category, let page?):
            // The stored copy is shown only while nothing else is.
            guard let index = index(of: category), state.sections[index].phase == .loading,
                !page.articles.isEmpty
            else { return false }
            var stored = page
            if case .store = page.origin {} else { stored.origin = .store(savedAt: Date(), reason: .stale) }
            show(stored, of: category, at: index)
            state.sections[index].isRefreshing = true
            await fetchReadMarks(stored.articles, generation: current)
        case .stored(_, nil):
            return false
        case .headlines(let category, .success(let page)):
            guard let index = index(of: category) else { return false }
            if case .store(_, .refused(let error)) = page.origin, let held = error.heldRequests {
                state.heldRequests = held
            }
            show(page, of: category, at: index)
            state.sections[index].isRefreshing = false
            state.sections[index].refreshError = nil
            await fetchReadMarks(page.articles, generation: current)
        case .headlines(let category, .failure(let error)):
            guard let index = index(of: category) else { return false }
            fail(at: index, with: error)
        case .feeds(.success(let sections)):
            showFeedSections(sections)
            await fetchReadMarks(feedItems, generation: current)
            // An article opened while the library was asked may not be counted: ask again.
            if markWrites != marks { await reloadFeedSections() }
        case .feeds(.failure(let error)):
            // Feed sections already shown stay; else the feeds' place says why.
            guard !state.sections.contains(where: isLoadedFeedSection) else { return false }
            state.sections.removeAll { if case .feeds = $0.source { true } else { false } }
            var failed = FrontPageSection.feedsPending
            failed.phase = .failed(error.sentence)
            state.sections.append(failed)
        }
        return true
    }

    private func show(_ page: ArticlePage, of category: NewsCategory, at index: Int) {
        fetched[category] = page.articles
        state.sections[index].phase = .loaded
        state.sections[index].items = Array(page.articles.prefix(state.itemsEach))
        state.sections[index].origin = page.origin
        recountCategories()
        prefetchImages(state.sections[index].items)
    }

    /// A failed first load marks the section failed; a failed reload keeps what is shown and
    /// says why, or for stored headlines that they are all there is.
    private func fail(at index: Int, with error: NewsServiceError) {
        var section = state.sections[index]
        section.isRefreshing = false
        if let held = error.heldRequests {
            // Said once for the page; a section shown stays as it is.
            state.heldRequests = held
            if section.phase != .loaded { section.phase = .held }
        } else if section.phase != .loaded {
            section.phase = error == .cancelled ? .cancelled : .failed(error.sentence)
        } else if case .store(let savedAt, _) = section.origin {
            if error != .cancelled {
                section.origin = .store(
                    savedAt: savedAt, reason: error.isRefusal ? .refused(error) : .offline(error))
            }
        } else if error != .cancelled {
            section.refreshError = error.sentence
        }
        state.sections[index] = section
    }

    /// Puts the library's sections in the feeds' place, after the categories; with no feeds
    /// there, the place stays and says so.
    private func showFeedSections(_ sections: [FeedSection]) {
        var page = state.sections.filter { if case .category = $0.source { true } else { false } }
        let feedSections = sections.map { section in
            FrontPageSection(
                title: section.title, source: .feeds(section.scope), phase: .loaded, items: section.items,
                unreadCount: section.unreadCount)
        }
        if feedSections.isEmpty {
            var empty = FrontPageSection.feedsPending
            empty.phase = .loaded
            page.append(empty)
        } else {
            page += feedSections
        }
        state.sections = page
        // The number of sections decides how many items each shows.
        let limit = state.itemsEach
        for index in state.sections.indices where state.sections[index].items.count > limit {
            state.sections[index].items = Array(state.sections[index].items.prefix(limit))
        }
        prefetchImages(feedItems)
    }

    /// The most items a feed section can show: the categories and at least one feed section
    /// share the page.
    private var feedItemLimit: Int {
        FrontPageState.itemsEach(sectionCount: (sources.categories ? NewsCategory.allCases.count : 0) + 1)
    }

    private var feedItems: [Article] {
        state.sections.filter(isLoadedFeedSection).flatMap(\.items)
    }

    private func isLoadedFeedSection(_ section: FrontPageSection) -> Bool {
        guard case .feeds(let scope) = section.source else { return false }
        return scope != .all && section.phase == .loaded
    }

    private func index(of category: NewsCategory) -> Int? {
        state.sections.firstIndex { $0.source == .category(category) }
    }

    // MARK: Read marks and pictures

    private func fetchReadMarks(_ articles: [Article], generation current: Int) async {
        guard !articles.isEmpty else { return }
        let read = await readingList.readArticles(among: articles)
        guard current == generation else { return }
        // A feed item may be unread again (`mark unread`, `undo`): the store says which are read.
        state.read.subtract(Set(articles.filter { $0.feedItem != nil }.map(\.id)).subtracting(read))
        state.read.formUnion(read)
        recountCategories()
    }

    /// A category's unread count: the headlines fetched that are not read.
    private func recountCategories() {
        for index in state.sections.indices {
            guard case .category(let category) = state.sections[index].source,
                let headlines = fetched[category]
            else { continue }
            state.sections[index].unreadCount = headlines.filter { !state.read.contains($0.id) }.count
        }
    }

    private func prefetchImages(_ articles: [Article]) {
        let urls = articles.compactMap(\.imageURL)
        guard !urls.isEmpty else { return }
        imageDownloads.removeAll { $0.isCancelled }
        let images = images
        imageDownloads.append(Task { await images.prefetch(urls) })
    }
}
