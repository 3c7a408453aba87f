import Feeds
import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads `subscription/list`: `{"subscriptions": [{"id", "title", "categories": [{"id",
/// "label"}], "url", "htmlUrl"}]}`. A subscription without an id is skipped; one without an
/// address gets its stream's address at the service.
enum SubscriptionListReader {
    /// More subscriptions than anyone reads; a list beyond it is refused.
    static let limit = 20_000

    static func read(_ body: Data, streamAddress: (String) -> URL) throws(SyncError) -> [ServiceFeed] {
        let outcome = JSONPullReader.read(body) { reader throws(JSONPullReader.Failure) in
            try feeds(&reader, streamAddress: streamAddress)
        }
        switch outcome {
        case .success(let feeds): return feeds
        case .failure(let failure):
            throw .malformed("its list of subscriptions cannot be read (\(failure.reason))")
        }
    }

    private static func feeds(_ reader: inout JSONPullReader, streamAddress: (String) -> URL)
        throws(JSONPullReader.Failure) -> [ServiceFeed]
    {
        var feeds: [ServiceFeed] = []
        var seen: Set<String> = []
        var found = false
        try reader.readObject { reader, key throws(JSONPullReader.Failure) in
            guard key == "subscriptions", try reader.peek() == .array else { return try reader.skipValue() }
            found = true
            try reader.readArray { reader throws(JSONPullReader.Failure) in
                guard feeds.count < limit else { throw reader.failure("more than \(limit) subscriptions") }
                if let feed = try feed(&reader, streamAddress: streamAddress),
                    seen.insert(feed.streamID).inserted
                {
                    feeds.append(feed)
                }
                return true
            }
        }
        guard found else { throw reader.failure("there is no list") }
        return feeds
    }

    private static func feed(_ reader: inout JSONPullReader, streamAddress: (String) -> URL)
        throws(JSONPullReader.Failure) -> ServiceFeed?
    {
        guard try reader.peek() == .object else {
            try reader.skipValue()
            return nil
        }
        var id: String?
        var title: String?
        var url: String?
        var site: String?
        var labels: [String] = []
        try reader.readObject { reader, key throws(JSONPullReader.Failure) in
            switch key {
            case "id": id = try reader.readScalarText(limit: 8 << 10)
            case "title": title = try reader.readOptionalString(limit: 4 << 10)
            case "url": url = try reader.readOptionalString(limit: 8 << 10)
            case "htmlUrl": site = try reader.readOptionalString(limit: 8 << 10)
            case "categories": labels = try categories(&reader)
            default: try reader.skipValue()
            }
        }
        guard let id = id.map(Clean.line), !id.isEmpty else { return nil }
        let address = url.flatMap(Clean.webAddress) ?? streamAddress(id)
        return ServiceFeed(
            streamID: id, url: address, title: title.map(Clean.line).flatMap { $0.isEmpty ? nil : $0 },
            siteURL: site.flatMap(Clean.webAddress), labels: labels)
    }

    /// The labels of `[{"id": "user/-/label/NAME", "label": "NAME"}]`, each once.
    private static func categories(_ reader: inout JSONPullReader) throws(JSONPullReader.Failure) -> [String]
    {
        guard try reader.peek() == .array else {
            try reader.skipValue()
            return []
        }
        var labels: [String] = []
        try reader.readArray { reader throws(JSONPullReader.Failure) in
            guard try reader.peek() == .object else {
                try reader.skipValue()
                return true
            }
            var id: String?
            var label: String?
            try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "id": id = try reader.readOptionalString(limit: 4 << 10)
                case "label": label = try reader.readOptionalString(limit: 4 << 10)
                default: try reader.skipValue()
                }
            }
            if let name = (label ?? id.flatMap(StreamTag.label(of:))).map(Clean.line), !name.isEmpty,
                !labels.contains(name)
            {
                labels.append(name)
            }
            return labels.count < 64
        }
        return labels
    }
}
