import NewsModels

extension JSONReader {
    /// The member `name` of the object the reader is at, as `read` reads it (nil when it is
    /// absent); the other members are skipped.
    mutating func readMember<Value>(
        _ name: String, _ read: (inout JSONReader) throws(Failure) -> Value?
    ) throws(Failure) -> Value? {
        guard try peek() == .object else { throw Failure(offset: offset, reason: "an object was expected") }
        var value: Value?
        try readObject { reader, key throws(Failure) in
            if key == name, value == nil {
                value = try read(&reader)
            } else {
                try reader.skipValue()
            }
        }
        return value
    }

    /// The ids of a list of entries (`what`, such as `the entries`, names it in a failure), their
    /// other members skipped: at most `limit` entries, more throw `tooMany`. An entry without an
    /// id that can be read is counted in `unreadable`, never dropped in silence.
    mutating func readEntryIDs(_ what: String, limit: Int, tooMany: String) throws(Failure)
        -> (ids: [ItemID], entries: Int, unreadable: Int)
    {
        guard try peek() == .array else { throw Failure(offset: offset, reason: "\(what) are not a list") }
        var ids: [ItemID] = []
        var entries = 0
        try readArray { reader throws(Failure) in
            entries += 1
            guard entries <= limit else { throw Failure(offset: reader.offset, reason: tooMany) }
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
