import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reader mode over the network: asks for a web page through the hardened HTTP client (the body
/// capped at ``ArticleExtractor/maximumBytes`` while it arrives, counted after decompression; a
/// deadline for the whole exchange; redirects under Networking's rules, credentials kept with
/// their origin) and extracts its article with ``ArticleExtractor``, fetch and extraction together
/// within ``timeout``: past it, or when the task is cancelled, extraction stops with a sentence.
/// Every way a page can fail is a ``PageReadError`` with one sentence.
public struct PageFetcher: Sendable {
    public let http: any HTTPFetching
    /// Seconds the page may take in all, from the request to its last byte.
    public let timeout: TimeInterval

    /// What reader mode asks for: a web page, else anything (what came is checked).
    static let accept = "text/html, application/xhtml+xml;q=0.9, */*;q=0.5"
    static let userAgent = "NewsApp/1.0 (reader mode; +https://github.com/newsapp)"

    public init(http: any HTTPFetching, timeout: TimeInterval = 10) {
        self.http = http
        self.timeout = timeout
    }

    /// A page read in reader mode.
    public struct Page: Sendable, Equatable {
        /// The address that answered, after redirects: the base of the article's links.
        public var url: URL
        public var article: ExtractedArticle
    }

    /// Fetches `url` and extracts its article (links plain text when `numberingLinks` is false),
    /// both within ``timeout``.
    public func read(_ url: URL, numberingLinks: Bool = true) async throws(PageReadError) -> Page {
        let deadline = ContinuousClock.now + .milliseconds(Int((timeout * 1_000).rounded(.up)))
        let request = HTTPRequest(
            url: url, headers: ["Accept": Self.accept, "User-Agent": Self.userAgent], timeout: timeout,
            maxBodyBytes: ArticleExtractor.maximumBytes, skipsErrorBodies: true)
        let answer: HTTPResponse
        do {
            answer = try await http.fetch(request)
        } catch {
            throw PageReadError(FeedFailure.transport(error, timeout: timeout, subject: "page").sentence)
        }
        do {
            return try Self.read(answer, numberingLinks: numberingLinks, until: deadline)
        } catch let error where error == Self.interrupted {
            if Task.isCancelled { throw PageReadError("Fetching the page was cancelled.") }
            let seconds = Int(timeout.rounded(.up))
            throw PageReadError(
                "Reading the page took longer than \(seconds) second\(seconds == 1 ? "" : "s"), so it was stopped."
            )
        }
    }

    private static let interrupted = PageReadError(ArticleExtractionError.interrupted.description)

    /// The article of an answer already received, extracted until `deadline`.
    static func read(
        _ answer: HTTPResponse, numberingLinks: Bool = true, until deadline: ContinuousClock.Instant? = nil
    ) throws(PageReadError) -> Page {
        guard (200..<300).contains(answer.status) else {
            throw PageReadError(FeedFailure.status(answer.status, retryAfter: nil, subject: "page").sentence)
        }
        let contentType = answer.headers["Content-Type"]
        try PageKind.check(answer.body, contentType: contentType, url: answer.url)
        do {
            // Links resolve against the address without its credentials (a password goes with the
            // request only).
            let article = try ArticleExtractor.extract(
                html: answer.body, url: answer.url.withoutCredentials, contentType: contentType,
                numberingLinks: numberingLinks, until: deadline)
            return Page(url: answer.url, article: article)
        } catch {
            throw PageReadError(error.description)
        }
    }
}

/// Why a page gave no article, as one sentence for the user.
public struct PageReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var sentence: String
    /// True when the address gave a feed: `newsapp feeds add` subscribes to it.
    public var isFeed: Bool

    public init(_ sentence: String, isFeed: Bool = false) {
        self.sentence = sentence
        self.isFeed = isFeed
    }

    public var description: String { sentence }
}

/// What an answer holds, judged from its `Content-Type` and its first bytes: reader mode reads
/// HTML (and a body with no type that is not a feed); a feed, a picture or a PDF is refused with
/// a sentence naming it.
enum PageKind {
    static func check(_ body: Data, contentType: String?, url: URL) throws(PageReadError) {
        let type = mediaType(contentType)
        if type == "text/html" || type == "application/xhtml+xml" {
            // Some servers send feeds as text/html: a body that reads as a feed is one.
            guard (try? FeedParser.parse(body, contentType: contentType, url: url)) == nil else { throw feed }
            return
        }
        guard type.isEmpty || type.hasSuffix("xml") || type.hasSuffix("json") else { throw notAPage(type) }
        do {
            _ = try FeedParser.parse(body, contentType: contentType, url: url)
        } catch .htmlPage {
            return
        } catch {
            // Without a type, a body that is not a feed is read as a page.
            if type.isEmpty { return }
            throw notAPage(type)
        }
        throw feed
    }

    private static func notAPage(_ type: String) -> PageReadError {
        PageReadError("The address gives \(type.prefix(60)), not a web page.")
    }

    static let feed = PageReadError(
        "The address gives a feed, not a web page: newsapp feeds add subscribes to it.", isFeed: true)

    /// `text/html` from `text/html; charset=utf-8`, lowercased; empty when there is none.
    static func mediaType(_ contentType: String?) -> String {
        guard let contentType else { return "" }
        let type = contentType.prefix { $0 != ";" }.trimmingSpaces().lowercased()
        return type
    }
}
