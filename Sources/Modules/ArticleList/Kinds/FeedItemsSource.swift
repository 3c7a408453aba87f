import NewsModels

/// The items of subscribed feeds, newest first (only the unread ones when `unreadOnly`), from the
/// feed library. The library is where feed items live: there is no stored copy to show first,
/// and a refresh tells only of new items. Its items can all be marked read, and the next unread
/// one found.
struct FeedItemsSource: ArticleListSource {
    let feeds: any FeedLibrary
    let scope: FeedScope
    let unreadOnly: Bool

    func page(_ page: Int, pageSize: Int, trigger: RequestTrigger) async throws(NewsServiceError)
        -> ArticlePage
    {
        var items: ArticlePage
        do throws(FeedLibraryError) {
            items = try await feeds.items(in: scope, unreadOnly: unreadOnly, page: page, pageSize: pageSize)
        } catch {
            if Task.isCancelled { throw .cancelled }
            throw error.retryHelps ? .unavailable(error.sentence) : .notFound(error.sentence)
        }
        // The library is where feed items live, not a copy of something newer elsewhere.
        items.origin = .network
        return items
    }

    /// A feed list is read again from the store whenever asked, before any refresh has brought
    /// something in, so it only tells of new items ("Updated: 3 new items.").
    func note(added: Int) -> String? {
        added == 0 ? nil : "Updated: \(added) new \(added == 1 ? "item" : "items")."
    }

    /// Marks every item read, the pages not loaded yet too; how many were unread.
    func markAllRead() async throws(FeedLibraryError) -> ReadMarking {
        try await feeds.markAllReadUndoably(in: scope)
    }

    /// Takes back `marking`; how many items are unread again.
    func undo(_ marking: ReadMarking) async throws(FeedLibraryError) -> Int {
        try await feeds.undo(marking)
    }

    /// The next unread item after `article` (from the start when nil), the following feeds'
    /// after the list's.
    func nextUnread(after article: Article?) async -> Article? {
        await feeds.nextUnread(after: article, in: scope)
    }
}
