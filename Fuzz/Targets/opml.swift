import Feeds
import Foundation

/// OPML subscription lists: `OPML.subscriptions(from:)` over any bytes gives http(s) feeds, each
/// address once, and a list written with `OPML.document(for:title:dateCreated:)` reads back the
/// same feeds (as documented, for tags without `,` or `/`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOPML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let subscriptions = try? OPML.subscriptions(from: FuzzInput(data, size).data) else { return 0 }
    Invariant.check(Set(subscriptions.map(\.url)).count == subscriptions.count, "a feed is listed twice")
    for subscription in subscriptions {
        let scheme = subscription.url.scheme?.lowercased()
        Invariant.check(scheme == "http" || scheme == "https", "a feed at \(subscription.url)")
    }
    let written = OPML.document(
        for: subscriptions, title: "Fuzz", dateCreated: Date(timeIntervalSince1970: 0))
    let roundTrippable = subscriptions.filter { !$0.tags.contains { $0.contains(",") || $0.contains("/") } }
    guard roundTrippable.count == subscriptions.count else { return 0 }
    let readBack = try? OPML.subscriptions(from: Data(written.utf8))
    // Feeds come back grouped in their folders, so only the order may change.
    Invariant.check(
        readBack.map(Set.init) == Set(subscriptions),
        "read back \(String(describing: readBack)) from \(String(reflecting: written)), not \(subscriptions)")
    return 0
}
