import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns drafts into items: text converted from HTML, identity settled, a title for every item;
/// keeps the first item of each id and at most ``limit`` items.
struct ItemCollector {
    /// Real feeds carry at most a few thousand items; a document of a million tiny ones is an
    /// attack on memory, and only its first items are read.
    static let limit = 10_000

    private let convert: HTMLConverter
    /// The most items kept: ``limit``, less in tests.
    let capacity: Int
    private(set) var items: [FeedItem] = []
    private var ids: Set<String> = []

    init(convertingHTMLWith convert: @escaping HTMLConverter, capacity: Int = limit) {
        self.convert = convert
        self.capacity = capacity
    }

    var isFull: Bool { items.count >= capacity }

    /// Adds the draft's item; false when it is empty, its id was seen, or the collector is full.
    @discardableResult
    mutating func add(_ draft: ItemDraft) -> Bool {
        guard !draft.isEmpty, !isFull, let item = item(from: draft), ids.insert(item.id).inserted else {
            return false
        }
        items.append(item)
        return true
    }

    /// Sets the author of the items at `indices` (a JSON Feed's own authors, for its items that
    /// name none).
    mutating func setAuthor(_ author: String, of indices: [Int]) {
        for index in indices { items[index].author = author }
    }

    private func item(from draft: ItemDraft) -> FeedItem? {
        // Content that reads as nothing (markup without text) is no content: the summary's links
        // are numbered then, and its text is the item's.
        let content = draft.content.map { text(of: $0, numberingLinks: true) }.flatMap {
            $0.text.isEmpty ? nil : $0
        }
        let summary = draft.summary.map { text(of: $0, numberingLinks: content == nil) }
        let links = content?.links ?? summary?.links ?? []
        let contentText = content.map(\.text).flatMap(Self.nonEmpty)
        let summaryText = summary.map(\.text).flatMap(Self.nonEmpty)
        let title =
            draft.title.map(title(of:)).flatMap(Self.nonEmpty)
            ?? (summaryText ?? contentText).flatMap { FeedText.title(fromText: $0) }
            ?? draft.link.map(\.absoluteString)
            ?? draft.enclosures.first.map { FeedText.line($0.url.lastPathComponent) }.flatMap(Self.nonEmpty)
            ?? "Untitled"
        let date = draft.published ?? draft.updated
        let id =
            draft.id.flatMap(Self.nonEmpty) ?? draft.link?.absoluteString
            ?? FeedItem.fallbackID(title: title, date: date)
        return FeedItem(
            id: id, title: title, link: draft.link,
            author: draft.authors.isEmpty
                ? draft.podcastAuthor.map(ItemDraft.personName).flatMap(Self.nonEmpty)
                : draft.authors.joined(separator: ", "),
            published: draft.published, updated: draft.updated, summary: summaryText,
            content: contentText, links: links, enclosures: draft.enclosures,
            imageURL: draft.thumbnail ?? draft.image)
    }

    /// A title is one line of plain text; feeds put entities and markup in some.
    func title(of markup: ItemDraft.Markup) -> String {
        guard markup.isHTML else { return markup.source }
        guard FeedText.looksLikeHTML(markup.source) else { return FeedText.line(markup.source) }
        return FeedText.line(convert(markup.source, markup.base, false).text)
    }

    private func text(of markup: ItemDraft.Markup, numberingLinks: Bool) -> HTMLText {
        guard markup.isHTML else { return HTMLText(text: markup.source) }
        let converted = convert(markup.source, markup.base, numberingLinks)
        return HTMLText(text: FeedText.block(converted.text), links: converted.links)
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
