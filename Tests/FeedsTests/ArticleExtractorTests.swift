import Foundation
import Testing

@testable import Feeds

/// Reader mode's rules, one page each.
@Suite struct ArticleExtractorTests {
    static let url = URL(string: "https://news.example.org/world/story.html")!

    /// Three paragraphs of prose that always win: the article of every test page.
    static let story = """
        <p>The river crested at nine metres on Tuesday, the highest level in forty years, as a slow storm \
        dumped rain across the valley, flooding farms, roads and the lower town.</p>
        <p>Officials in the county said more than two thousand people had left their homes, and that \
        shelters in the school and the church hall were open through the weekend.</p>
        <p>Forecasters expect the rain to ease by Thursday, though rivers downstream may keep rising for \
        days, and warned residents to stay away from the banks.</p>
        """

    static func extract(
        _ body: String, head: String = "", contentType: String? = "text/html", url: URL? = url
    ) throws -> ExtractedArticle {
        let page = "<!DOCTYPE html><html><head>\(head)</head><body>\(body)</body></html>"
        return try ArticleExtractor.extract(html: Data(page.utf8), url: url, contentType: contentType)
    }

    /// Real pages are indented: white space comes before almost every element. A text node once
    /// ended one node too late, so an article after white space was taken for part of it and
    /// skipped: most real pages gave no article at all.
    @Test func whiteSpaceBetweenElementsHidesNothing() throws {
        let indented = Self.story.replacingOccurrences(of: "<p>", with: "\n      <p>")
        let article = try Self.extract(
            "\n  <div class=\"wrap\">\n    <div>\(indented)\n    </div>\n  </div>\n")
        #expect(article.text.hasPrefix("The river crested"))
        #expect(article.text.hasSuffix("away from the banks."))
        let document = Array("<div>\n<p>one</p>\n</div>".utf8).withUnsafeBufferPointer {
            ReaderDocument.parse($0)
        }
        for node in 0..<document.count where document.tags[node] == .text {
            #expect(Int(document.ends[node]) == node + 1, "a text node has no descendants")
        }
    }

    /// A class that says furniture (`node-promoted` holds "promo", `advert-content-wrap` an ad) on
    /// the article's own element: the first pass finds too little, so, as Readability does, the
    /// page is read again without dropping elements by their hints, and the article is found.
    @Test(arguments: ["node node-promoted node-published", "container advert-content-wrap"])
    func anArticleWithAFurnitureClassIsFoundOnASecondPass(classes: String) throws {
        let article = try Self.extract(
            """
            <nav><a href="/">Home</a> <a href="/world">World news today</a></nav>
            <div class="\(classes)">\(Self.story)\(Self.story)</div>
            """)
        #expect(article.text.hasPrefix("The river crested"))
        #expect(!article.text.contains("World news today"))
    }

    @Test func theArticleIsKeptAndNavigationAsideAndFooterGo() throws {
        let article = try Self.extract(
            """
            <nav><a href="/">Home</a> <a href="/world">World news today</a></nav>
            <aside><p>Most read: a story about something else entirely, with commas, many, many.</p></aside>
            <article>\(Self.story)</article><footer>Copyright 2024 Example News Group</footer>
            """)
        #expect(article.text.hasPrefix("The river crested"))
        #expect(article.text.hasSuffix("away from the banks."))
        #expect(!article.text.contains("Home"))
        #expect(!article.text.contains("Most read"))
        #expect(!article.text.contains("Copyright"))
    }

    @Test(arguments: [
        #"<p hidden>SECRET text hidden by the attribute.</p>"#,
        #"<p aria-hidden="true">SECRET text hidden from assistive technology.</p>"#,
        #"<p style="color: red; DISPLAY : none !important">SECRET text not displayed.</p>"#,
        #"<div style="visibility:hidden"><p>SECRET text invisible.</p></div>"#,
    ])
    func hiddenElementsGo(hidden: String) throws {
        let article = try Self.extract("<article>\(Self.story)\(hidden)</article>")
        #expect(!article.text.contains("SECRET"))
        #expect(article.text.contains("The river crested"))
    }

    @Test(arguments: [
        #"<div class="cookie-banner"><p>We use cookies, to personalise content, ads, and more, always.</p></div>"#,
        #"<div class="social-share"><a href="https://x.example/share">Share this story now</a></div>"#,
        #"<section id="comments"><p>Great article, thanks, I agree with every word, truly, yes.</p></section>"#,
        #"<div class="ad-slot"><p>Advertisement: buy shoes, hats, coats, and socks today.</p></div>"#,
        #"<div role="dialog"><p>Subscribe to our newsletter, today, for free, forever.</p></div>"#,
    ])
    func furnitureGoesByItsClassIdOrRole(furniture: String) throws {
        let article = try Self.extract("\(furniture)<div class=\"story\">\(Self.story)\(furniture)</div>")
        #expect(article.text.hasPrefix("The river crested"))
        #expect(article.text.hasSuffix("away from the banks."))
    }

    @Test func aListOfLinksInsideTheArticleGoesAndAListOfFactsStays() throws {
        let article = try Self.extract(
            """
            <article>\(Self.story)<ul><li>Route 9 is closed</li><li>Schools shut until Monday</li></ul>
            <div><h3>More</h3><ul><li><a href="/a">Storm closes airport</a></li>
            <li><a href="/b">How to prepare for floods</a></li></ul></div></article>
            """)
        #expect(article.text.contains("• Route 9 is closed\n• Schools shut until Monday"))
        #expect(!article.text.contains("airport"))
    }

    @Test func aDataTableStaysAndATableOfLayoutIsParagraphs() throws {
        let data = try Self.extract(
            """
            <article>\(Self.story)<table><tr><th>Town</th><th>Level</th></tr>
            <tr><td>Millford</td><td>9.1 m</td></tr></table></article>
            """)
        #expect(data.text.contains("Town | Level\nMillford | 9.1 m"))
        let layout = try Self.extract(
            """
            <table><tr><td><a href="/">Home</a><br><a href="/news">News</a></td><td>First paragraph of \
            the old page, written long ago, with commas, many of them.<br><br>Second paragraph of the old \
            page, also long enough to count, with a comma, or two.</td></tr></table>
            """)
        #expect(layout.text.contains("many of them.\n\nSecond paragraph"))
    }

    @Test func theTitleComesFromMetadataElseTheTitleElementWithoutTheSiteName() throws {
        let og = try Self.extract(
            "<h1>Rivers rise</h1>\(Self.story)",
            head: #"<title>Wrong | Site</title><meta property="og:title" content="Rivers rise">"#)
        #expect(og.title == "Rivers rise")
        #expect(!og.text.contains("Rivers rise"), "the heading repeating the title goes")
        let jsonLD = try Self.extract(
            Self.story,
            head: """
                <script type="application/ld+json">{"@graph":[{"@type":"WebSite","name":"Site"},
                {"@type":"NewsArticle","headline":"From JSON-LD","author":[{"@type":"Person","name":"Ann Lee"},
                {"name":"Bo Chen"}],"datePublished":"2024-03-05T08:30:00Z","image":{"url":"/lead.jpg"}}]}</script>
                """)
        #expect(jsonLD.title == "From JSON-LD")
        #expect(jsonLD.byline == "Ann Lee, Bo Chen")
        #expect(jsonLD.published == Date(timeIntervalSince1970: 1_709_627_400))
        #expect(jsonLD.leadImage?.absoluteString == "https://news.example.org/lead.jpg")
        let plain = try Self.extract(
            Self.story, head: "<title>Rivers rise over the valley | The Daily Example</title>")
        #expect(plain.title == "Rivers rise over the valley")
    }

    @Test func theBylineComesFromMetaElseFromTheArticleWhichLosesIt() throws {
        let meta = try Self.extract(Self.story, head: #"<meta name="author" content="By Jane Doe">"#)
        #expect(meta.byline == "Jane Doe")
        let inPage = try Self.extract(#"<article><p class="byline">By Sam Roe</p>\#(Self.story)</article>"#)
        #expect(inPage.byline == "Sam Roe")
        #expect(!inPage.text.contains("Sam Roe"))
    }

    @Test func linksAndTheLeadPictureResolveAgainstTheBaseElement() throws {
        let article = try Self.extract(
            #"<article>\#(Self.story)<p>See <a href="shelters.html">the list of shelters</a>, updated hourly, "#
                + "with maps, phone numbers and opening times.</p></article>",
            head: #"<base href="https://cdn.example.org/live/"><meta property="og:image" content="lead.jpg">"#
        )
        #expect(article.text.contains("the list of shelters [1]"))
        #expect(article.links == [URL(string: "https://cdn.example.org/live/shelters.html")!])
        #expect(article.leadImage == URL(string: "https://cdn.example.org/live/lead.jpg")!)
    }

    @Test func theEncodingComesFromTheHeaderElseTheMetaCharset() throws {
        let text =
            "<article><p>Caf\u{E9} owners in Z\u{FC}rich, na\u{EF}ve or not, met again on Friday to talk.</p>"
            + Self.story + "</article>"
        let latin1 = try #require(text.data(using: .isoLatin1))
        let fromHeader = try ArticleExtractor.extract(
            html: latin1, url: nil, contentType: "text/html; charset=ISO-8859-1")
        #expect(fromHeader.text.hasPrefix("Café owners in Zürich, naïve"))
        let fromMeta = try ArticleExtractor.extract(
            html: Data(#"<meta charset="windows-1252">"#.utf8) + latin1, url: nil, contentType: "text/html")
        #expect(fromMeta.text.hasPrefix("Café owners in Zürich, naïve"))
    }

    /// Reader mode reads encoding labels with the feeds' table, the WHATWG Encoding Standard's, in
    /// which `ansi_x3.4-1968` is windows-1252, not ASCII.
    @Test func ansiX34LabelMeansWindows1252AsInTheWHATWGTable() throws {
        let text = "<article><p>Caf\u{E9} owners met again on Friday to talk.</p>" + Self.story + "</article>"
        let latin1 = try #require(text.data(using: .isoLatin1))
        let fromMeta = try ArticleExtractor.extract(
            html: Data(#"<meta charset="ANSI_X3.4-1968">"#.utf8) + latin1, url: nil, contentType: nil)
        #expect(fromMeta.text.hasPrefix("Café owners met again"))
        let fromHeader = try ArticleExtractor.extract(
            html: latin1, url: nil, contentType: "text/html; charset=ansi_x3.4-1968")
        #expect(fromHeader.text.hasPrefix("Café owners met again"))
    }

    @Test func aPageOver8MiBIsRefusedWithASentence() {
        let page = Data(repeating: UInt8(ascii: "a"), count: ArticleExtractor.maximumBytes + 1)
        #expect(throws: ArticleExtractionError.tooLarge(bytes: page.count)) {
            try ArticleExtractor.extract(html: page, url: nil, contentType: nil)
        }
        #expect(
            ArticleExtractionError.tooLarge(bytes: page.count).description
                == "The page is 8.0 MiB, larger than the 8 MiB reader mode reads.")
    }

    @Test func aPageWithoutTextSaysSo() {
        #expect(throws: ArticleExtractionError.noText) {
            try Self.extract("<nav><a href=\"/\">Home</a></nav><script>var x = 1</script>")
        }
    }
}
