import Networking
import NewsModels

extension JSONPullReader {
    /// The longest continuation kept; a longer one is refused, never cut (cut, it would lead
    /// elsewhere, or nowhere).
    static let continuationLimit = 8 << 10

    /// A continuation (`"continuation": "…"`): nil when absent or empty.
    mutating func readContinuation() throws(Failure) -> String? {
        // Read well past the limit, so that a cut at a character's start cannot bring a longer
        // one under it.
        guard let text = try readScalarText(limit: Self.continuationLimit * 8) else { return nil }
        guard text.utf8.count <= Self.continuationLimit else {
            throw failure("a continuation longer than \(Self.continuationLimit >> 10) KiB")
        }
        return text.isEmpty ? nil : text
    }

    /// The ids of a list of entries (`what`, such as `the entries`, names it in a failure), their
    /// other members skipped: at most `limit` entries, more throw `tooMany`. An entry without an
    /// id that can be read is counted in `unreadable`, never dropped in silence.
    mutating func readEntryIDs(_ what: String, limit: Int, tooMany: String) throws(Failure)
        -> (ids: [ItemID], entries: Int, unreadable: Int)
    {
        guard try peek() == .array else { throw failure("\(what) are not a list") }
        var ids: [ItemID] = []
        var entries = 0
        try readArray { reader throws(Failure) in
            entries += 1
            guard entries <= limit else { throw reader.failure(tooMany) }
            guard try reader.peek() == .object else {
                try reader.skipValue()
                return true
            }
            let id = try reader.readMember("id") { reader throws(Failure) in
                try reader.readScalarText().flatMap { Int64($0) }.map(ItemID.init)
            }
            if let id { ids.append(id) }
            return true
        }
        return (ids, entries, entries - ids.count)
    }
}
