import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The changes NewsApp sends: marks, and subscriptions.
extension ReaderAPIClient {
    /// Adds (`value` true) or removes the tag of `kind` on `ids`, in one request.
    func editTag(_ ids: [ItemID], kind: MarkChange.Kind, value: Bool) async throws(SyncError) {
        let tag = StreamTag.state(kind)
        let form = ids.map { ("i", $0.longForm) } + [(value ? "a" : "r", tag)]
        let answer = try await post("/reader/api/0/edit-tag", form)
        try Self.expectOK(answer, host: host)
    }

    /// Subscribes to the feed at `url`; returns its stream id and the name the service gave it.
    public func subscribe(to url: URL) async throws(SyncError) -> (streamID: String, title: String?) {
        let answer = try await post("/reader/api/0/subscription/quickadd", [("quickadd", url.absoluteString)])
        return try QuickAddAnswer.read(answer.body)
    }

    /// Puts the subscription `streamID` under `label`, and renames it to `title` when given.
    public func edit(_ streamID: String, addLabel label: String?, title: String? = nil)
        async throws(SyncError)
    {
        var form = [("ac", "edit"), ("s", streamID)]
        if let label { form.append(("a", StreamTag.label(label))) }
        if let title { form.append(("t", title)) }
        let answer = try await post("/reader/api/0/subscription/edit", form)
        try Self.expectOK(answer, host: host)
    }

    /// Unsubscribes from `streamID`.
    public func unsubscribe(_ streamID: String) async throws(SyncError) {
        let answer = try await post(
            "/reader/api/0/subscription/edit", [("ac", "unsubscribe"), ("s", streamID)])
        try Self.expectOK(answer, host: host)
    }

    /// A change is acknowledged by `OK` (FreshRSS, Miniflux, Inoreader), or an empty 2xx.
    private static func expectOK(_ answer: HTTPResponse, host: String) throws(SyncError) {
        let text = String(decoding: answer.body.prefix(256), as: UTF8.self)
            .trimmingWhitespace()
        guard text.isEmpty || text.uppercased().hasPrefix("OK") else {
            throw .refused("\(host) answered “\(Clean.line(String(text.prefix(80))))” instead of OK")
        }
    }
}

/// `subscription/quickadd`'s answer: `{"numResults": 1, "streamId": "feed/2", "streamName": …}`,
/// or `{"numResults": 0, "error": …}`.
enum QuickAddAnswer {
    static func read(_ body: Data) throws(SyncError) -> (streamID: String, title: String?) {
        let outcome = JSONPullReader.read(body) { reader throws(JSONPullReader.Failure) in
            var (stream, name, error): (String?, String?, String?) = (nil, nil, nil)
            try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "streamId": stream = try reader.readOptionalString(limit: 8 << 10)
                case "streamName": name = try reader.readOptionalString(limit: 4 << 10)
                case "error": error = try reader.readOptionalString(limit: 1 << 10)
                default: try reader.skipValue()
                }
            }
            return (stream, name, error)
        }
        switch outcome {
        case .failure(let failure):
            throw .malformed("its answer to the subscription cannot be read (\(failure.reason))")
        case .success((let stream?, let name, _)) where !stream.isEmpty:
            return (Clean.line(stream), name.map(Clean.line).flatMap { $0.isEmpty ? nil : $0 })
        case .success((_, _, let error)):
            throw .refused(
                error.map { Clean.line(String($0.prefix(160))) } ?? "it could not subscribe to the feed")
        }
    }
}
