import Foundation
import Modules
import Networking
import Store

/// The reading list kept in the local article store: read marks and saved articles live in
/// `news.sqlite` beside the stored pages, so they survive restarts and work offline.
///
/// Every failure becomes one ``ReadingListError`` sentence saying what did not happen and why;
/// read marks fail silently, as ``ReadingList`` asks.
struct StoreReadingList: ReadingList {
    let store: NewsStore

    func markRead(_ url: URL) async {
        try? await store.markRead(url)
    }

    func readURLs(among urls: [URL]) async -> Set<URL> {
        (try? await store.readURLs(among: urls)) ?? []
    }

    func save(_ article: Article) async throws(ReadingListError) {
        do { try await store.save(article) } catch { throw Self.error(error, "The article was not saved") }
    }

    func unsave(_ url: URL) async throws(ReadingListError) {
        do { try await store.unsave(url) } catch { throw Self.error(error, "The article was not unsaved") }
    }

    func isSaved(_ url: URL) async -> Bool {
        (try? await store.isSaved(url)) ?? false
    }

    func savedArticles() async throws(ReadingListError) -> [Article] {
        do {
            return try await store.savedArticles()
        } catch {
            throw Self.error(error, "The saved articles could not be read")
        }
    }

    /// `What did not happen (why).`, one sentence.
    static func error(_ error: StoreError, _ what: String) -> ReadingListError {
        switch error {
        case .unavailable, .cannotSetAside:
            return .unavailable
        case .failed(let reason):
            return ReadingListError("\(what): the news store could not be used (\(short(reason))).")
        case .cancelled:
            return ReadingListError("\(what): it was cancelled.")
        }
    }

    /// A reason on one line, without a trailing full stop, at most 100 characters.
    private static func short(_ reason: String) -> String {
        var text = String(reason.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        while text.hasSuffix(".") || text.hasSuffix(" ") { text.removeLast() }
        return text.count > 100 ? String(text.prefix(99)) + "…" : text
    }
}
