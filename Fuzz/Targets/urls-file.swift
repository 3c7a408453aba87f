import Feeds
import Foundation

/// newsboat's urls file: read, written back byte for byte, and edited; every feed is a web address
/// or an `exec:`/`filter:` command known by an address of its own. The input is the file, then
/// optionally a NUL and tags separated by SOH (the first one the title) for a subscription to add:
/// the added line must read back as that subscription, and every other line stay as it was.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUrlsFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let text = String(decoding: parts[0], as: UTF8.self)
    var file = UrlsFile(text: text)
    Invariant.check(file.text == text, "the file is not written back as it was read")
    Invariant.check(
        Set(file.subscriptions.map(\.url)).count == file.subscriptions.count, "a feed is listed twice")
    for subscription in file.subscriptions {
        let scheme = subscription.url.scheme?.lowercased()
        switch subscription.source {
        case .web:
            Invariant.check(scheme == "http" || scheme == "https", "a feed at \(subscription.url)")
        case .command:
            Invariant.check(scheme == "exec", "an exec: feed known by \(subscription.url)")
        case .filter(_, let target):
            Invariant.check(scheme == "filter", "a filter: feed known by \(subscription.url)")
            let fetched = target.scheme?.lowercased()
            Invariant.check(fetched == "http" || fetched == "https", "a filter: feed fetching \(target)")
        }
    }
    guard parts.count == 2 else { return 0 }
    let fields = parts[1].split(separator: 1, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    let title = fields.first.flatMap { $0.isEmpty ? nil : $0 }
    let tags = Array(fields.dropFirst())
    let url = URL(string: "https://fuzz.example.org/added.xml")!
    let before = file.subscriptions
    guard file.add(Subscription(url: url, tags: tags, title: title)) else { return 0 }
    var kept: [String] = []
    for tag in tags
    where !tag.isEmpty && tag.unicodeScalars.first != "~" && tag.unicodeScalars.first != "!"
        && !kept.contains(tag)
    {
        kept.append(tag)
    }
    let expected = before + [Subscription(url: url, tags: kept, title: title)]
    let reread = UrlsFile(text: file.text)
    Invariant.check(
        reread.subscriptions == expected,
        "after add, \(String(reflecting: file.text)) reads as \(reread.subscriptions), not \(expected)")
    return 0
}
