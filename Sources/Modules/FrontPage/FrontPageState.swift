import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything the front page's renderer needs, as a value: the sections in page order and the
/// articles read. Numbers run across the sections, and the article numbered 1 is featured.
public struct FrontPageState: Sendable, Equatable {
    public var sections: [FrontPageSection]
    /// The articles the reader has read.
    public var read: Set<ArticleID> = []
    /// The day's NewsAPI requests, when the last load held one back for the quota: the page says
    /// so once.
    public var heldRequests: DailyRequests?

    public init(sections: [FrontPageSection]) {
        self.sections = sections
    }

    /// How many headlines each section shows: 5 when there are at most 3 sections, 4 up to 6,
    /// else 3.
    public static func itemsEach(sectionCount: Int) -> Int {
        switch sectionCount {
        case ...3: 5
        case ...6: 4
        default: 3
        }
    }

    /// How many headlines each section of this page shows.
    public var itemsEach: Int { Self.itemsEach(sectionCount: sections.count) }

    /// The numbers section `index` takes: its items, or while a category is loading the items it
    /// will show, so that the numbers already on screen do not move when it arrives.
    public func numbersTaken(bySection index: Int) -> Int {
        let section = sections[index]
        if section.phase == .loading, case .category = section.source { return itemsEach }
        return section.phase == .loaded ? section.items.count : 0
    }

    /// The number of section `index`'s first item.
    public func firstNumber(ofSection index: Int) -> Int {
        sections.indices.prefix(index).reduce(1) { $0 + numbersTaken(bySection: $1) }
    }

    /// The highest number on the page; 0 when nothing is numbered yet.
    public var lastNumber: Int {
        sections.indices.reduce(0) { $0 + numbersTaken(bySection: $1) }
    }

    /// The article numbered `number` (1-based), once its section has arrived.
    public func article(numbered number: Int) -> Article? {
        var first = 1
        for index in sections.indices {
            let taken = numbersTaken(bySection: index)
            if number < first + taken {
                let items = sections[index].items
                return items.indices.contains(number - first) ? items[number - first] : nil
            }
            first += taken
        }
        return nil
    }

    /// True when no section is loading any more (each shows its headlines, stored ones perhaps,
    /// or why it has none).
    public var isSettled: Bool {
        !sections.contains { $0.phase == .loading }
    }

    /// The very first story of the page, drawn with its summary and picture.
    public var featured: Article? { article(numbered: 1) }

    /// The section `name` names: its title ignoring case (a category also by its keyword), else
    /// the only one whose title starts with it (`sci`, `tech`). Feed sections count once they
    /// have arrived, as their tags are not known before.
    public func section(named name: String) -> FrontPageSection? {
        let wanted = name.lowercased()
        guard !wanted.isEmpty else { return nil }
        let named = sections.filter(\.canBeOpened)
        if let exact = named.first(where: { $0.names.contains(wanted) }) { return exact }
        let started = named.filter { section in section.names.contains { $0.hasPrefix(wanted) } }
        return started.count == 1 ? started[0] : nil
    }

    /// The feeds of the section showing `article`; nil when it is a headline.
    public func feedScope(of article: Article) -> FeedScope? {
        for section in sections where section.items.contains(where: { $0.id == article.id }) {
            if case .feeds(let scope) = section.source { return scope }
        }
        return nil
    }

    /// The names `c NAME` takes, in page order: a category's keyword (`science`), a tag as
    /// written, `Feeds`.
    public var sectionNames: [String] {
        sections.filter(\.canBeOpened).map(\.name)
    }
}
