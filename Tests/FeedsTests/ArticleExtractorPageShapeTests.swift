import Foundation
import Testing

@testable import Feeds

/// Reader mode on five kinds of page whose shape makes text easy to lose or add (real pages of
/// each kind are kept out of the repository), and on the page's own structured data as a
/// vote. Each page is made here after the shape of the real ones, with class names that say
/// nothing (`c-93kd`), as the style sheets of many sites are generated.
@Suite struct ArticleExtractorPageShapeTests {
    private static func extract(_ body: String, head: String = "") throws -> ExtractedArticle {
        try ArticleExtractorTests.extract(body, head: head)
    }

    /// The words of `text`, as the scorer counts them.
    private static func words(_ text: String) -> [String] {
        ExtractionScore.wordSequence(text)
    }

    /// Sentences about a journey, one per index, each about 120 characters.
    private static func sentence(_ index: Int) -> String {
        let sentences = [
            "I spent the first week of the trip in the old town, where the streets are too narrow for cars and every corner has a bakery",
            "The trains were slower than the timetable promised, but nobody seemed to mind, and the views of the valley made up for it",
            "On the third day I walked to the monastery above the lake, which takes four hours there and three back if the weather holds",
            "The monks sell honey and candles at the gate, and one of them told me the building is older than the town below it",
            "I had planned to leave on Friday, but the ferry was cancelled because of the wind, so I stayed two more nights at the inn",
            "The innkeeper's daughter runs a small museum of fishing tools in the barn behind the house, open on weekends in summer",
        ]
        return sentences[index % sentences.count]
    }

    /// A paragraph of two sentences, numbered so that each paragraph can be looked for.
    private static func paragraph(_ index: Int) -> String {
        "<p>Paragraph \(index + 1). \(sentence(index)). \(sentence(index + 1)).</p>"
    }

    // MARK: 1. No text at all: an article split over containers inside an `aside`

    @Test func anArticleSplitOverSiblingContainersInsideAnAsideGivesItsWholeText() throws {
        // A site lays out its story pages with a panel (`aside`) that fills the whole of `main`,
        // and puts each paragraph of the story in a container of its own.
        let parts = (0..<3).map { "<div class=\"c-part\">\(Self.paragraph($0))</div>" }
        let article = try Self.extract(
            """
            <header class="site"><a href="/">Harbour Times</a><nav><a href="/news">News</a></nav></header>
            <main><aside class="c-panel c-panel-direct"><section class="c-story"><h1>The quay</h1>
            \(parts.joined(separator: "\n"))</section></aside></main>
            <footer><p>Harbour Times, 1 Quay Street. All rights reserved.</p></footer>
            """)
        for index in 1...3 { #expect(article.text.contains("Paragraph \(index). "), "\(index)") }
        #expect(!article.text.contains("All rights reserved"))
        #expect(!article.text.contains("News"))
    }

    @Test func aPageWhoseTextIsAllInFurnitureStillGivesItsText() throws {
        // A header left open (`</div>` where `</header>` was meant) holds the whole page, as the
        // browser shows it; so does a page written inside a `footer`.
        let article = try Self.extract(
            "<header><a href=\"/\">Blog</a><div class=\"c-1\">\((0..<2).map(Self.paragraph).joined())</div>")
        #expect(article.text.contains("Paragraph 2. "))
        let footer = try Self.extract("<footer>\((0..<2).map(Self.paragraph).joined())</footer>")
        #expect(footer.text.contains("Paragraph 1. "))
    }

    @Test func aSectionMarkedAsHoldingAdvertsIsStillTheArticle() throws {
        // `o-section--has-ads`: the section holds ad slots beside the story; it is no advert.
        let teasers = (1...6).map { index in
            """
            <div class="c-card"><h3><a href="/video/\(index)">Video \(index)</a></h3><p>The crew went to \
            the coast for the \(index)th time this summer, and filmed all of it, from the van to…</p></div>
            """
        }
        let article = try Self.extract(
            """
            <div class="o-grid">\(teasers.joined())</div>
            <section class="o-section o-section-intro o-section--has-ads"><div class="c-copy">
            \((0..<4).map(Self.paragraph).joined())</div><div class="ad-slot"></div></section>
            """)
        #expect(article.text.contains("Paragraph 4. "))
        #expect(!article.text.contains("Video 3"))
    }

    // MARK: 2. A photo gallery kept four times over

    @Test func aPhotoGalleryBesideTheStoryIsNotTheArticle() throws {
        let story = [
            "The storm reached the coast on Sunday night, flooding the lower town and cutting power to four thousand homes.",
            "By Monday morning the water had gone down, leaving mud in the streets, and the council opened the school hall for families.",
            "Repairs will take weeks, the mayor said, and she asked the government for help with the cost of the sea wall.",
        ]
        let captions = [
            "A street in the lower town under half a metre of water on Monday, as residents waded to the baker's shop for bread and milk.",
            "Volunteers fill sandbags outside the church hall, where the council had stacked two thousand of them before the storm came in.",
            "A fishing boat torn from its mooring lies on the slipway beside the harbour office, its mast broken in two by the wind.",
            "Children watch the waves break over the sea wall from the window of the school hall, which became a shelter for the night.",
            "The road to the headland, closed since Sunday after a landslide brought down part of the cliff onto the coast path.",
            "Engineers from the power company repair a line near the bridge, where a fallen tree brought down the cables at midnight.",
            "A family carries furniture out of their flooded cottage on the front, the third time the water has reached it in ten years.",
            "The lifeboat crew returns to the station at dawn after rescuing two walkers trapped by the tide on the beach below the cliff.",
            "Shopkeepers sweep mud and seaweed from the floor of a café on the promenade, which hopes to open again by the weekend.",
            "The sea wall at the east end of the beach, where a section twenty metres long collapsed into the water during the night.",
        ]
        let slides = captions.enumerated().map { index, caption in
            """
            <div class="c-4k2p"><img src="/photos/\(index).jpg" alt=""><div class="c-9x1q">\
            <span class="c-n1">\(index + 1) of \(captions.count)</span><p>\(caption)</p></div></div>
            """
        }
        let article = try Self.extract(
            """
            <header><a href="/">Coast News</a><nav><a href="/news">News</a></nav></header>
            <main><h1>In pictures: the storm on the coast</h1>
            <div class="c-7t3b">\(story.map { "<p>\($0)</p>" }.joined())</div>
            <div class="c-2r8w">\(slides.joined())</div></main>
            """)
        #expect(article.text.hasPrefix("The storm reached the coast"))
        #expect(article.text.contains("the cost of the sea wall."))
        #expect(!article.text.contains("Volunteers fill sandbags"))
        #expect(!article.text.contains("1 of 10"))
    }

    // MARK: 3. Related stories beside the body (precision 0.33)

    /// A block of four teasers of other stories of the same site, under a heading.
    private static func teasers(_ heading: String, _ topic: String) -> String {
        let cards = (1...4).map { index in
            """
            <div class="c-card"><a href="/2024/05/\(topic)-\(index)"><img src="/img/\(topic)\(index).jpg" alt=""></a>\
            <h3><a href="/2024/05/\(topic)-\(index)">The \(topic) story number \(index) of the week</a></h3>\
            <p>What happened to the \(topic) this week, and what the council, the residents and the \
            shopkeepers said about it.</p><span>3 hours ago</span></div>
            """
        }
        return "<div class=\"c-b2\"><h2>\(heading)</h2>\(cards.joined())</div>"
    }

    @Test func relatedStoriesBesideTheBodyAreLeftOut() throws {
        let body = (0..<4).map(Self.paragraph).joined()
        let article = try Self.extract(
            """
            <main><div class="c-7f"><div class="c-a1"><h1>A week in the valley</h1>\(body)</div>
            \(Self.teasers("More from the Valley News", "ferry"))
            \(Self.teasers("Most read", "harbour"))</div></main>
            """)
        #expect(article.text.contains("Paragraph 4. "))
        #expect(!article.text.contains("ferry story"))
        #expect(!article.text.contains("harbour story"))
        #expect(!article.text.contains("Most read"))
        #expect(!article.text.contains("hours ago"))
    }

    @Test func aListicleOfProductsIsStillNotTakenForTeasers() throws {
        // Points whose headings link to the shops that sell them: another site, not teasers.
        let points = (0..<5).map { index in
            """
            <div class="c-pt"><img src="/p/\(index).jpg" alt=""><h3><a href="https://shop.example.com/\(index)">\
            \(index + 1). The kettle model \(index)</a></h3><p>\(Self.sentence(index)).</p></div>
            """
        }
        let article = try Self.extract("<main><h1>The best kettles</h1>\(points.joined())</main>")
        for index in 1...5 { #expect(article.text.contains("The kettle model \(index - 1)"), "\(index)") }
    }

    @Test func theSitesOwnAddressesAreToldApart() {
        let host = "www.valley.example"
        #expect(CardStrips.isOnSite("/2024/05/story", host))
        #expect(CardStrips.isOnSite("story.html", host))
        #expect(CardStrips.isOnSite("  https://valley.example/story", host))
        #expect(CardStrips.isOnSite("HTTP://WWW.Valley.Example:8080/story", host))
        #expect(CardStrips.isOnSite("//www.valley.example/story", host))
        #expect(!CardStrips.isOnSite("https://shop.example.com/kettle", host))
        #expect(!CardStrips.isOnSite("https://valley.example.evil.org/", host))
        #expect(!CardStrips.isOnSite("mailto:desk@valley.example", host))
        #expect(!CardStrips.isOnSite("https://valley.example/story", nil))
        #expect(CardStrips.isOnSite("#comments", nil))
    }

    // MARK: 4. A short post loses half of its text

    @Test func aShortPostKeepsItsParagraphOfLinks() throws {
        // The second paragraph credits its sources with links, in a block of its own that the
        // first pass cleans away as a list of links; a later pass keeps it, and it is prose.
        let article = try Self.extract(
            """
            <div class="c-wrap"><h1>A note on the new library</h1><div class="c-body"><p>The new library \
            opened on the square this week, and I spent an afternoon there reading old maps of the town, \
            which show the river where the car park is now.</p><div class="c-q"><p>The maps were scanned by \
            <a href="https://archive.example.org/maps">the county archive</a> last year, and \
            <a href="https://blog.example.net/maps">another blog</a> wrote about them first.</p></div></div></div>
            <footer>Notes, written by hand.</footer>
            """)
        #expect(article.text.contains("reading old maps"))
        #expect(article.text.contains("wrote about them first."))
        #expect(!article.text.contains("written by hand"))
    }

    @Test func aShortPostKeepsItsLeadWrittenInABlockOfItsOwn() throws {
        // The lead is a block of text without a paragraph element, beside the body.
        let article = try Self.extract(
            """
            <div class="c-art"><h1>The ferry</h1><div class="c-lead">The ferry to the island sails again \
            from Monday, after a winter in the yard, with a new engine and room for more bicycles.</div>
            <div class="c-text">\((0..<3).map(Self.paragraph).joined())</div></div>
            """)
        #expect(article.text.hasPrefix("The ferry to the island sails again"))
        #expect(article.text.contains("Paragraph 3. "))
    }

    // MARK: 5. A long blog post loses a third of its paragraphs

    @Test func aLongPostInSectionsOfOneClassKeepsEveryParagraph() throws {
        // Sections of one class, each with an id of its own, some of a single paragraph.
        var index = 0
        let sections = [5, 1, 1, 1, 1, 3].enumerated().map { number, count in
            let paragraphs = (0..<count).map { _ in
                defer { index += 1 }
                return Self.paragraph(index)
            }
            return
                "<div class=\"c-93kd\" id=\"s-\(number + 1)\"><div class=\"c-93kd__in\">\(paragraphs.joined())</div></div>"
        }
        let article = try Self.extract(
            """
            <header><a href="/">My travel blog</a><nav><a href="/archive">Archive</a></nav></header>
            <div id="w"><h1>A week in the valley</h1><div class="c-1x7q">\(sections.joined())</div>
            <div class="c-side"><h3>About me</h3><p>I write about slow travel.</p></div></div>
            """)
        for number in 1...12 { #expect(article.text.contains("Paragraph \(number). "), "\(number)") }
        #expect(!article.text.contains("slow travel"))
    }

    // MARK: Structured data, a vote and never the answer

    /// A page whose JSON-LD says what its article's text is.
    private static func jsonLD(articleBody: String) -> String {
        let body = articleBody.replacingOccurrences(of: "\"", with: "\\\"")
        return """
            <script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", \
            "headline": "The ferry", "articleBody": "\(body)"}</script>
            """
    }

    @Test func theArticleBodyOfTheStructuredDataChoosesAmongTheCandidates() throws {
        // Two blocks of prose of the same weight: the one the page's own data names is the article.
        let story = (0..<3).map { "Story \($0 + 1). \(Self.sentence($0))." }
        let other = (3..<6).map { "Other \($0 - 2). \(Self.sentence($0))." }
        let article = try Self.extract(
            """
            <div class="c-x"><div class="c-y">\(other.map { "<p>\($0)</p>" }.joined())</div></div>
            <div class="c-x"><div class="c-z">\(story.map { "<p>\($0)</p>" }.joined())</div></div>
            """,
            head: Self.jsonLD(articleBody: story.joined(separator: " ")))
        #expect(article.text.contains("Story 3. "))
        #expect(!article.text.contains("Other 1. "))
    }

    @Test func theStructuredDataIsNeverTheOnlyAnswer() throws {
        // The page shows a teaser and a paywall; its data holds the whole article. Only what the
        // page shows is the article.
        let article = try Self.extract(
            """
            <article><h1>The ferry</h1>\(Self.paragraph(0))<div class="c-wall">Subscribe to read on.</div></article>
            """,
            head: Self.jsonLD(
                articleBody: "Paragraph 1. \(Self.sentence(0)). \(Self.sentence(1)). The hidden rest of it."))
        #expect(article.text.contains("Paragraph 1. "))
        #expect(!article.text.contains("hidden rest"))
    }

    @Test func aLeadThatThePageDescribesItselfWithIsKept() throws {
        // The standfirst is set as a heading in a block before the body, which no rule of prose
        // would join to it; the page's `og:description` repeats it, which tells that it belongs
        // to the article.
        let lead = "The ferry to the island sails again from Monday, with a new engine and room for bicycles"
        let article = try Self.extract(
            """
            <div class="c-art"><div class="c-lead"><h2>\(lead)</h2></div><div class="c-text">\
            \((0..<8).map(Self.paragraph).joined())</div></div>
            """,
            head: "<meta property=\"og:description\" content=\"\(lead).\">")
        #expect(article.text.hasPrefix(lead))
        #expect(article.text.contains("Paragraph 8. "))
    }
}
