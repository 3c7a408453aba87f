import Foundation

/// Feeds as `FeedParser` and `FeedStreamParser` read them (RSS, RSS 1.0, Atom and JSON Feed, told
/// apart by their content), seeded with XML feeds in every encoding the tests use. See `FeedChecks`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FeedChecks.run(FuzzInput(data, size).data)
    return 0
}
