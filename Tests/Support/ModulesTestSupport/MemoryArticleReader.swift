import Foundation
import Modules
import NewsModels

/// An ``ArticleReader`` in memory: pages are answered from ``pages`` (else ``failure``), what is
/// fetched is kept as the store would keep it, and every fetch is counted.
public final class MemoryArticleReader: ArticleReader {
    private struct State {
        var pages: [URL: ReaderText]
        var stored: [ArticleID: ReaderText] = [:]
        var fetched: [URL] = []
        var failure = ArticleReaderError("The server refused the connection.")
    }

    private let state: Locked<State>
    public let unavailableReason: String? = nil

    /// - Parameter pages: What each address gives.
    public init(pages: [URL: ReaderText] = [:]) {
        state = Locked(State(pages: pages))
    }

    /// The addresses fetched so far, in order.
    public var fetched: [URL] { state.withLock { $0.fetched } }

    /// What an address not in the pages gives.
    public func fail(with error: ArticleReaderError) {
        state.withLock { $0.failure = error }
    }

    /// Sets what `url` gives from now on.
    public func serve(_ text: ReaderText, at url: URL) {
        state.withLock { $0.pages[url] = text }
    }

    /// Keeps `text` for `article`, as an earlier session would have.
    public func store(_ text: ReaderText, for article: Article) {
        state.withLock { $0.stored[article.id] = text }
    }

    public func storedText(of article: Article) async -> ReaderText? {
        state.withLock { $0.stored[article.id] }
    }

    public func fetchText(of article: Article) async throws(ArticleReaderError) -> ReaderText {
        let result: Result<ReaderText, ArticleReaderError> = state.withLock { state in
            state.fetched.append(article.url)
            guard let text = state.pages[article.url] else { return .failure(state.failure) }
            state.stored[article.id] = text
            return .success(text)
        }
        return try result.get()
    }
}
