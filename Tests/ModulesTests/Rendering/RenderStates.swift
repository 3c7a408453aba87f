import Coordinators
import Foundation
import Modules
import NewsModels

/// The list states and help sections the golden tests draw.
enum RenderStates {
    /// Top headlines: every fixture article, more to come.
    static let headlines = Fixtures.loadedState(
        .headlines(nil),
        pages: [ArticlePage(articles: Articles.all, totalResults: 42, page: 1, pageSize: 10)])

    /// Search results in relevancy order for hostile words, ended by the result cap.
    static let search = Fixtures.loadedState(
        .search("mars \u{1B}[31mrover\u{1B}[0m 火星", .relevancy),
        pages: [
            ArticlePage(
                articles: Array(Articles.all.reversed().prefix(5)), totalResults: 1_234, page: 1, pageSize: 5),
            ArticlePage(
                articles: Array(Articles.all.reversed().dropFirst(5)), totalResults: 0, page: 2, pageSize: 5,
                reachedResultCap: true),
        ])

    /// Science headlines: eight articles, then a page of four that the appendix draws; the first
    /// page's articles are repeated on the second and kept once.
    static let appended: ArticleListState = {
        var state = Fixtures.loadedState(
            .headlines(.science),
            pages: [
                ArticlePage(articles: Array(Articles.all.prefix(8)), totalResults: 40, page: 1, pageSize: 8)
            ])
        state.list.append(
            ArticlePage(
                articles: [Articles.all[7], Articles.truncated, Articles.hostile]
                    + [Fixtures.article(11), Fixtures.article(12)],
                totalResults: 40, page: 2, pageSize: 8))
        return state
    }()

    /// A later page failed: the list stays, the error shows above the footer.
    static let moreFailed: ArticleListState = {
        var state = Fixtures.loadedState(
            .search("climate", .publishedAt),
            pages: [
                ArticlePage(
                    articles: [Articles.plain, Articles.emoji, Articles.accents], totalResults: 9, page: 1,
                    pageSize: 3)
            ])
        state.moreError = .transport(.timedOut, host: "newsapi.org")
        return state
    }()

    static let loading: ArticleListState = {
        var state = ArticleListState(query: .headlines(.technology))
        state.phase = .loading
        return state
    }()

    /// The user cancelled the first page.
    static let cancelled: ArticleListState = {
        var state = ArticleListState(query: .headlines(nil))
        state.phase = .cancelled
        return state
    }()

    /// The first page failed with a server message carrying escape sequences.
    static let failed: ArticleListState = {
        var state = ArticleListState(query: .search("mars", .publishedAt))
        state.phase = .failed(
            .api(
                code: "parameterInvalid",
                message: "\u{1B}[31mYou\u{1B}[0m sent a bad\u{07} parameter\u{1B}]52;c;aGVsbG8=\u{07}: q."))
        return state
    }()

    static let emptySearch = Fixtures.loadedState(
        .search("zebra \u{1B}[2Jcrossing", .publishedAt),
        pages: [ArticlePage(articles: [], totalResults: 0, page: 1, pageSize: 20)])

    static let emptyCategory = Fixtures.loadedState(
        .headlines(.health), pages: [ArticlePage(articles: [], totalResults: 0, page: 1, pageSize: 20)])

    // MARK: Where the articles came from

    private static let threeArticles = ArticlePage(
        articles: [Articles.plain, Articles.truncated, Articles.emoji], totalResults: 30, page: 1, pageSize: 3
    )

    /// Headlines from `origin`, optionally refreshing or with a note.
    static func headlines(
        from origin: PageOrigin,
        refreshing: Bool = false,
        note: String? = nil,
        query: ArticleQuery = .headlines(nil)
    ) -> ArticleListState {
        var state = Fixtures.loadedState(query, pages: [threeArticles])
        state.origin = origin
        state.isRefreshing = refreshing
        state.note = note
        return state
    }

    /// Every way a list says where its articles came from, and what a refresh changed.
    static let origins: [ArticleListState] = [
        headlines(from: .store(savedAt: Fixtures.minutesAgo(120), reason: .stale), refreshing: true),
        headlines(from: .store(savedAt: Fixtures.minutesAgo(60 * 24 * 30), reason: .stale)),
        headlines(
            from: .store(
                savedAt: Fixtures.minutesAgo(120),
                reason: .offline(.transport(.notConnectedToInternet, host: "newsapi.org")))),
        headlines(from: .store(savedAt: Fixtures.minutesAgo(60 * 26), reason: .offlineMode)),
        headlines(from: .network, note: "Updated: 3 new articles."),
        headlines(
            from: .store(
                savedAt: Fixtures.minutesAgo(5), reason: .offline(.server(status: 503, host: "newsapi.org"))),
            query: .search("river", .popularity)),
        {
            var state = Fixtures.loadedState(
                .search("zebra", .publishedAt),
                pages: [ArticlePage(articles: [], totalResults: 0, page: 1, pageSize: 20)])
            state.origin = .store(savedAt: Fixtures.minutesAgo(3), reason: .offlineMode)
            return state
        }(),
        {
            var state = Fixtures.loadedState(
                .headlines(.science),
                pages: [ArticlePage(articles: [], totalResults: 0, page: 1, pageSize: 20)])
            state.origin = .store(savedAt: Fixtures.minutesAgo(3), reason: .offlineMode)
            return state
        }(),
    ]

    // MARK: Read marks

    /// Headlines with the featured story, a wide-script story and the sparse one read.
    static let readMarks: ArticleListState = {
        var state = headlines
        state.read = [Articles.plain.id, Articles.chinese.id, Articles.sparse.id]
        return state
    }()

    // MARK: Saved articles

    static let saved: ArticleListState = {
        var state = Fixtures.loadedState(
            .saved,
            pages: [
                ArticlePage(
                    articles: [Articles.truncated, Articles.japanese, Articles.sparse], totalResults: 3,
                    page: 1,
                    pageSize: 3)
            ])
        state.read = [Articles.japanese.id]
        return state
    }()

    static let savedEmpty = Fixtures.loadedState(
        .saved, pages: [ArticlePage(articles: [], totalResults: 0, page: 1, pageSize: 1)])

    static let savedFailed: ArticleListState = {
        var state = ArticleListState(query: .saved)
        state.phase = .failed(.unavailable(ReadingListError.unavailable.sentence))
        return state
    }()

    /// What help lists over search results: the screen's commands, then the global ones.
    static let helpSections = [
        HelpScreen.Section(
            title: "Search “mars rover”",
            commands: [
                .number(in: 1...20, summary: "Open that article"),
                CommandDescriptor(["n", "more"], summary: "Show more articles"),
                CommandDescriptor(["r", "refresh"], summary: "Load the list again from the start"),
                CommandDescriptor(
                    ["sort"], argument: "ORDER",
                    summary: "Sort by relevancy, popularity or newest (sort alone to choose)"),
                CommandDescriptor(["b", "back"], summary: "Leave this list"),
            ]),
        HelpScreen.Section(
            title: "Everywhere",
            commands: [
                CommandDescriptor(["/", "search"], argument: "WORDS", summary: "Search all articles"),
                CommandDescriptor(
                    ["c", "category"], argument: "NAME",
                    summary: "Show a category's headlines (c alone lists them; c all for every category)"),
                CommandDescriptor(["?", "help"], summary: "Show the commands"),
                CommandDescriptor(["q", "quit"], summary: "Quit NewsApp"),
            ]),
    ]
}
