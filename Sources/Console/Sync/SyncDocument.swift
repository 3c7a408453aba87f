import Sync

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsapp sync --json`.
public struct SyncDocument: Encodable {
    public var service: String
    public var sent: Int
    public var alreadyThere: Int
    public var waiting: Int
    public var feeds: Int
    public var feedsAdded: Int
    public var feedsRemoved: Int
    public var newItems: Int
    public var updatedItems: Int
    public var marksChanged: Int
    public var skippedItems: Int
    public var keptSaved: Int
    public var seconds: Double
    public var error: String?

    public init(_ report: SyncReport, service: String) {
        self.service = service
        sent = report.sent
        alreadyThere = report.alreadyThere
        waiting = report.waiting
        feeds = report.feeds
        feedsAdded = report.feedsAdded
        feedsRemoved = report.feedsRemoved
        newItems = report.newItems
        updatedItems = report.updatedItems
        marksChanged = report.marksChanged
        skippedItems = report.skippedItems
        keptSaved = report.keptSaved
        let duration = report.duration.components
        seconds = ((Double(duration.seconds) + Double(duration.attoseconds) / 1e18) * 1000).rounded() / 1000
        error = report.error?.sentence
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(service, forKey: .service)
        try container.encode(sent, forKey: .sent)
        try container.encode(alreadyThere, forKey: .alreadyThere)
        try container.encode(waiting, forKey: .waiting)
        try container.encode(feeds, forKey: .feeds)
        try container.encode(feedsAdded, forKey: .feedsAdded)
        try container.encode(feedsRemoved, forKey: .feedsRemoved)
        try container.encode(newItems, forKey: .newItems)
        try container.encode(updatedItems, forKey: .updatedItems)
        try container.encode(marksChanged, forKey: .marksChanged)
        try container.encode(skippedItems, forKey: .skippedItems)
        try container.encode(keptSaved, forKey: .keptSaved)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(error, forKey: .error)
    }

    private enum CodingKeys: String, CodingKey {
        case service, sent, alreadyThere, waiting, feeds, feedsAdded, feedsRemoved, newItems, updatedItems
        case marksChanged, skippedItems, keptSaved, seconds, error
    }
}
