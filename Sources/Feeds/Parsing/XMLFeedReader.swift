import Foundation
import Networking

/// The grammar of one XML feed format: what its elements mean.
protocol FeedGrammar: AnyObject {
    /// An element starts (the root included); `reader.depth` is its depth, 1 for the root.
    func start(_ tag: XMLStartTag, namespace: FeedNamespace, reader: XMLFeedReader)
    /// The element last started and not yet ended ends; a capture begun at its start holds its
    /// content.
    func end(reader: XMLFeedReader)
    var document: FeedDocument { get }
}

/// Reads an XML feed from libxml2's events: tells the format from the root element, keeps the
/// depth, the `xml:base` in effect and the text being captured, and hands the elements to the
/// format's grammar (``RSSGrammar`` or ``AtomGrammar``).
final class XMLFeedReader: XMLEventHandler {
    enum Verdict: Equatable {
        case reading
        case htmlPage
        case notAFeed(String)
    }

    private(set) var verdict = Verdict.reading
    /// The depth of the element being read: 1 for the root.
    private(set) var depth = 0
    private(set) var bases: BaseURLStack
    var capture = TextCapture()
    private var namespaces = NamespaceCache()
    private var grammar: (any FeedGrammar)?
    private let convert: HTMLConverter

    init(url: URL, convertingHTMLWith convert: @escaping HTMLConverter) {
        bases = BaseURLStack(document: url)
        self.convert = convert
    }

    /// The feed read so far; nil until the root element has shown one.
    var document: FeedDocument? { grammar?.document }

    func startElement(_ tag: XMLStartTag) {
        guard verdict == .reading else { return }
        depth += 1
        if let base = tag.attributes.value("base", prefix: "xml") { bases.push(base, depth: depth) }
        if capture.isActive {
            capture.appendStart(tag)
            return
        }
        let namespace = namespaces.namespace(of: tag)
        if let grammar {
            grammar.start(tag, namespace: namespace, reader: self)
        } else if depth == 1 {
            readRoot(tag, namespace: namespace)
        }
    }

    func endElement(_ name: XMLName) {
        guard verdict == .reading, depth > 0 else { return }
        defer {
            bases.pop(depth: depth)
            depth -= 1
        }
        if capture.isActive, depth > capture.depth {
            capture.appendEnd(name)
            return
        }
        grammar?.end(reader: self)
    }

    func characters(_ text: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {
        if capture.isActive { capture.append(text) }
    }

    func documentType(_ name: XMLName) {
        if name.matches("html") { verdict = .htmlPage }
    }

    private func readRoot(_ tag: XMLStartTag, namespace: FeedNamespace) {
        let name = tag.name
        if name.matches("rss") {
            grammar = RSSGrammar(format: .rss, root: tag, convert: convert)
        } else if name.matches("rdf") {
            grammar = RSSGrammar(format: .rdf, root: tag, convert: convert)
        } else if name.matches("feed") {
            grammar = AtomGrammar(root: tag, convert: convert)
        } else if namespace == .xhtml || Self.htmlElements.contains(where: name.matches) {
            verdict = .htmlPage
        } else if name.matches("opml") {
            verdict = .notAFeed("the document is an OPML subscription list, not a feed")
        } else {
            verdict = .notAFeed("the document is an XML <\(Self.printable(name.string))>, not a feed")
        }
        grammar?.start(tag, namespace: namespace, reader: self)
    }

    /// Elements that start HTML pages when the `<html>` is left out.
    private static let htmlElements: [StaticString] = [
        "html", "head", "body", "meta", "title", "link", "script", "style", "div", "p", "table", "br",
        "a", "span", "form", "iframe", "img", "h1", "h2", "center", "font", "pre", "noscript",
    ]

    /// A name from the network, fit for a message: ASCII letters, digits and `:-_.`, at most 40.
    private static func printable(_ name: String) -> String {
        let allowed = name.unicodeScalars.filter { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || ":-_.".unicodeScalars.contains(scalar))
        }
        return String(String.UnicodeScalarView(allowed.prefix(40)))
    }
}
