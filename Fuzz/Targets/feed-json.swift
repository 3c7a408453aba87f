import Foundation

/// Feeds as `FeedParser` and `FeedStreamParser` read them (RSS, RSS 1.0, Atom and JSON Feed, told
/// apart by their content), seeded with JSON Feeds 1.0 and 1.1. See `FeedChecks`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FeedChecks.run(FuzzInput(data, size).data)
    return 0
}
