import Coordinators
import Foundation
import Locking
import Modules
import Networking

/// A ``ReadingList`` in memory, recording the read marks it was given.
final class MemoryReadingList: ReadingList {
    private struct State {
        var read: Set<ArticleID> = []
        var saved: [Article]
        var markedRead: [URL] = []
    }

    private let state: Locked<State>

    init(saved: [Article] = []) {
        state = Locked(State(saved: saved))
    }

    var markedRead: [URL] { state.withLock { $0.markedRead } }
    var saved: [Article] { state.withLock { $0.saved } }

    func markRead(_ article: Article) async {
        state.withLock { state in
            state.markedRead.append(article.url)
            state.read.insert(article.id)
        }
    }

    func readArticles(among articles: [Article]) async -> Set<ArticleID> {
        state.withLock { $0.read.intersection(articles.map(\.id)) }
    }

    func save(_ article: Article) async throws(ReadingListError) {
        state.withLock { state in
            state.saved.removeAll { $0.id == article.id }
            state.saved.insert(article, at: 0)
        }
    }

    func unsave(_ article: Article) async throws(ReadingListError) {
        state.withLock { $0.saved.removeAll { $0.id == article.id } }
    }

    func isSaved(_ article: Article) async -> Bool {
        state.withLock { $0.saved.contains { $0.id == article.id } }
    }

    func savedArticles() async throws(ReadingListError) -> [Article] {
        state.withLock { $0.saved }
    }
}

/// ``ArticleImages`` that draws every picture as a block of `▀` of the size asked for, at most
/// 6 columns wide, and records the sizes.
final class BlockImages: ArticleImages {
    struct Request: Sendable, Equatable {
        let columns: Int
        let rows: Int
    }

    private let requests = Locked<[Request]>([])

    var thumbnailRequests: [Request] { requests.withLock { $0 } }

    func thumbnail(for url: URL, columns: Int, rows: Int) async -> Thumbnail {
        requests.withLock { $0.append(Request(columns: columns, rows: rows)) }
        let cells = String(repeating: "▀", count: min(columns, 6))
        let colors = CellColors(foreground: RGB(200, 40, 40), background: RGB(20, 20, 120))
        return .picture(Array(repeating: StyledLine([Span(cells, colors: colors)]), count: 2))
    }

    func prefetch(_ urls: [URL]) async {}
}
