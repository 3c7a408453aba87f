import Feeds
import Foundation

/// HTML to text (`HTMLText`, libxml2's HTML push parser): from a string and from bytes with a
/// charset, with and without numbered links. The text is safe for a terminal, within its 1 MiB cap,
/// and its links are web or mail addresses, at most 1,000.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let base = URL(string: "https://example.org/news/article.html")
    check(HTMLText(html: input.text, baseURL: base), numbered: true)
    check(HTMLText(html: input.text, baseURL: nil, numberingLinks: false), numbered: false)
    let charsets: [String?] = [nil, "utf-8", "iso-8859-1", "windows-1252", "utf-16", "shift_jis"]
    let charset = charsets[Int(input.bytes.last ?? 0) % charsets.count]
    check(HTMLText(data: input.data, charset: charset, baseURL: base), numbered: true)
    return 0
}

private func check(_ converted: HTMLText, numbered: Bool) {
    let text = converted.text
    Invariant.clean(text, [.controls, .bidi, .byteOrderMark], allowing: ["\n", "\t"], "HTML text")
    Invariant.check(text.utf8.count <= (1 << 20) + 3, "\(text.utf8.count) bytes of text, over the cap")
    Invariant.check(!text.hasSuffix("\n") && !text.hasPrefix("\n"), "text starts or ends with a line break")
    Invariant.check(numbered || converted.links.isEmpty, "links numbered when they should not be")
    Invariant.check(converted.links.count <= 1_000, "\(converted.links.count) links, over the cap")
    Invariant.check(Set(converted.links).count == converted.links.count, "a link is numbered twice")
    for link in converted.links {
        let scheme = link.scheme?.lowercased()
        Invariant.check(scheme == "http" || scheme == "https" || scheme == "mailto", "a link to \(link)")
    }
}
