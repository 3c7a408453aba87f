import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The grammar of one XML feed format: what its elements mean.
protocol FeedGrammar {
    /// An element starts (the root included); `context.depth` is its depth, 1 for the root.
    mutating func start(_ tag: XMLStartTag, namespace: FeedNamespace, context: inout ReaderContext)
    /// The element last started and not yet ended ends; a capture begun at its start holds its
    /// content.
    mutating func end(context: inout ReaderContext)
    var document: FeedDocument { get }
}

/// What every grammar reads elements in: the depth of the element, the `xml:base` in effect and
/// the text being captured.
struct ReaderContext {
    /// The depth of the element being read: 1 for the root.
    var depth = 0
    var bases: BaseURLStack
    var capture = TextCapture()
}

/// Reads an XML feed from libxml2's events: tells the format from the root element, keeps the
/// ``ReaderContext`` and hands the elements to the format's grammar (``RSSGrammar`` or
/// ``AtomGrammar``).
///
/// Its state lives behind a pointer it alone holds: Swift checks every access to a class's
/// stored `var` at run time (exclusivity), a few checks per libxml2 callback, which is a large
/// part of a parse's time (see BENCHMARKS.md, “Measurements behind the code”).
final class XMLFeedReader: XMLEventHandler {
    enum Verdict: Equatable {
        case reading
        case htmlPage
        case notAFeed(String)
    }

    private let state: UnsafeMutablePointer<State>

    init(url: URL, convertingHTMLWith convert: @escaping HTMLConverter) {
        state = .allocate(capacity: 1)
        state.initialize(
            to: State(context: ReaderContext(bases: BaseURLStack(document: url)), convert: convert))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var verdict: Verdict { state.pointee.verdict }

    /// The feed read so far; nil until the root element has shown one.
    var document: FeedDocument? { state.pointee.hasGrammar ? state.pointee.grammar.document : nil }

    func startElement(_ tag: XMLStartTag) { state.pointee.startElement(tag) }

    func endElement(_ name: XMLName) { state.pointee.endElement(name) }

    func characters(_ text: UnsafeBufferPointer<UInt8>) {
        if state.pointee.context.capture.isActive { state.pointee.context.capture.append(text) }
    }

    func documentType(_ name: XMLName) {
        if name.matches("html") { state.pointee.verdict = .htmlPage }
    }
}

extension XMLFeedReader {
    fileprivate struct State {
        var context: ReaderContext
        let convert: HTMLConverter
        var verdict = Verdict.reading
        var namespaces = NamespaceCache()
        /// The format's grammar once the root element has shown it; not optional, so that it is
        /// changed in place, never copied, at every element.
        var grammar: any FeedGrammar = NoGrammar()
        var hasGrammar = false

        init(context: ReaderContext, convert: @escaping HTMLConverter) {
            self.context = context
            self.convert = convert
        }

        mutating func startElement(_ tag: XMLStartTag) {
            guard verdict == .reading else { return }
            context.depth += 1
            if let base = tag.attributes.value("base", prefix: "xml") {
                context.bases.push(base, depth: context.depth)
            }
            if context.capture.isActive {
                context.capture.appendStart(tag)
                return
            }
            let namespace = namespaces.namespace(of: tag)
            if hasGrammar {
                grammar.start(tag, namespace: namespace, context: &context)
            } else if context.depth == 1 {
                readRoot(tag, namespace: namespace)
            }
        }

        mutating func endElement(_ name: XMLName) {
            guard verdict == .reading, context.depth > 0 else { return }
            defer {
                context.bases.pop(depth: context.depth)
                context.depth -= 1
            }
            if context.capture.isActive, context.depth > context.capture.depth {
                context.capture.appendEnd(name)
                return
            }
            if hasGrammar { grammar.end(context: &context) }
        }

        mutating func readRoot(_ tag: XMLStartTag, namespace: FeedNamespace) {
            let name = tag.name
            if name.matches("rss") {
                grammar = RSSGrammar(format: .rss, root: tag, convert: convert)
                hasGrammar = true
            } else if name.matches("rdf") {
                grammar = RSSGrammar(format: .rdf, root: tag, convert: convert)
                hasGrammar = true
            } else if name.matches("feed") {
                grammar = AtomGrammar(root: tag, convert: convert)
                hasGrammar = true
            } else if namespace == .xhtml || Self.htmlElements.contains(where: name.matches) {
                verdict = .htmlPage
            } else if name.matches("opml") {
                verdict = .notAFeed("the document is an OPML subscription list, not a feed")
            } else {
                verdict = .notAFeed("the document is an XML <\(Self.printable(name.string))>, not a feed")
            }
            guard hasGrammar else { return }
            grammar.start(tag, namespace: namespace, context: &context)
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
}

/// The grammar before the root element has shown one: it reads nothing.
private struct NoGrammar: FeedGrammar {
    func start(_ tag: XMLStartTag, namespace: FeedNamespace, context: inout ReaderContext) {}
    func end(context: inout ReaderContext) {}
    var document: FeedDocument { FeedDocument(format: .rss) }
}
