import Feeds
import Foundation

/// Feed discovery in a web page's head (`FeedDiscovery`, libxml2's HTML push parser): the feeds
/// found have absolute web addresses, each once, a feed type, and titles safe for a terminal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLDiscovery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let contentTypes: [String?] = [
        nil, "text/html; charset=utf-8", "text/html; charset=iso-8859-1", "text/html",
    ]
    let contentType = contentTypes[Int(input.bytes.last ?? 0) % contentTypes.count]
    let url = URL(string: "https://example.org/blog/")!
    let feeds = FeedDiscovery.feeds(inHTML: input.data, contentType: contentType, url: url)
    Invariant.check(Set(feeds.map(\.url)).count == feeds.count, "a feed is found twice")
    for feed in feeds {
        let scheme = feed.url.scheme?.lowercased()
        Invariant.check(scheme == "http" || scheme == "https", "a feed at \(feed.url)")
        Invariant.check(!feed.type.isEmpty, "a feed without a type")
        if let title = feed.title { Invariant.clean(title, .controls, "a feed's title") }
    }
    return 0
}
