import Foundation
import Modules
import NewsModels

/// A ``ReadingList`` in memory that records what it was told, and can be made to fail; the
/// screen and flow tests share it.
public final class RecordingReadingList: ReadingList {
    private struct State {
        var read: Set<ArticleID>
        var saved: [Article]
        var markedRead: [URL] = []
        var readQueries: [[URL]] = []
        var failure: ReadingListError?
    }

    private let state: Locked<State>

    public init(read: Set<URL> = [], saved: [Article] = [], failure: ReadingListError? = nil) {
        state = Locked(State(read: Set(read.map(ArticleID.address)), saved: saved, failure: failure))
    }

    /// The addresses ``markRead(_:)`` was given, oldest first.
    public var markedRead: [URL] { state.withLock { $0.markedRead } }
    /// The addresses of the articles ``readArticles(among:)`` was asked about, oldest first.
    public var readQueries: [[URL]] { state.withLock { $0.readQueries } }
    /// The saved articles, the most recently saved first.
    public var saved: [Article] { state.withLock { $0.saved } }

    /// Makes every later change and lookup of saved articles fail with `failure` (nil: succeed).
    public func fail(with failure: ReadingListError?) {
        state.withLock { $0.failure = failure }
    }

    public func markRead(_ article: Article) async {
        state.withLock { state in
            state.markedRead.append(article.url)
            state.read.insert(article.id)
        }
    }

    public func readArticles(among articles: [Article]) async -> Set<ArticleID> {
        state.withLock { state in
            state.readQueries.append(articles.map(\.url))
            return state.read.intersection(articles.map(\.id))
        }
    }

    public func save(_ article: Article) async throws(ReadingListError) {
        try state.withLock { (state: inout State) throws(ReadingListError) in
            if let failure = state.failure { throw failure }
            state.saved.removeAll { $0.id == article.id }
            state.saved.insert(article, at: 0)
        }
    }

    public func unsave(_ article: Article) async throws(ReadingListError) {
        try state.withLock { (state: inout State) throws(ReadingListError) in
            if let failure = state.failure { throw failure }
            state.saved.removeAll { $0.id == article.id }
        }
    }

    public func isSaved(_ article: Article) async -> Bool {
        state.withLock { $0.saved.contains { $0.id == article.id } }
    }

    public func savedArticles() async throws(ReadingListError) -> [Article] {
        try state.withLock { (state: inout State) throws(ReadingListError) in
            if let failure = state.failure { throw failure }
            return state.saved
        }
    }
}
