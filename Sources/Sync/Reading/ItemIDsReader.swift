import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads `stream/items/ids`: `{"itemRefs": [{"id": "1729"}], "continuation": "…"}`. An id that
/// cannot be read is counted, never dropped in silence: a list with one is not complete.
enum ItemIDsReader {
    static func read(_ body: Data, limit: Int) throws(SyncError) -> IDPage {
        let outcome = JSONPullReader.read(body) { reader throws(JSONPullReader.Failure) in
            var page = IDPage(ids: [], continuation: nil)
            try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                switch key {
                case "itemRefs":
                    guard try reader.peek() == .array else { return try reader.skipValue() }
                    try reader.readArray { reader throws(JSONPullReader.Failure) in
                        guard page.ids.count < limit else { throw reader.failure("too many ids") }
                        guard try reader.peek() == .object else {
                            try reader.skipValue()
                            page.unreadable += 1
                            return true
                        }
                        var id: ItemID?
                        try reader.readObject { reader, key throws(JSONPullReader.Failure) in
                            guard key == "id" else { return try reader.skipValue() }
                            id = try reader.readScalarText().flatMap(ItemID.init)
                        }
                        if let id { page.ids.append(id) } else { page.unreadable += 1 }
                        return true
                    }
                case "continuation":
                    page.continuation = try reader.readContinuation()
                default:
                    try reader.skipValue()
                }
            }
            return page
        }
        switch outcome {
        case .success(let page): return page
        case .failure(let failure):
            throw .malformed("its list of item ids cannot be read (\(failure.reason))")
        }
    }
}
