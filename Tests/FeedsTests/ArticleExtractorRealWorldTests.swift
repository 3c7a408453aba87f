import Foundation
import Testing

@testable import Feeds

/// Reader mode on four kinds of page whose shape makes text easy to lose: each page is made here
/// after the shape of real ones.
@Suite struct ArticleExtractorRealWorldTests {
    private static func extract(_ body: String, head: String = "") throws -> ExtractedArticle {
        try ArticleExtractorTests.extract(body, head: head)
    }

    /// A sentence of prose about `subject`, about 150 characters.
    private static func prose(_ subject: String) -> String {
        "The \(subject) was tested for a week in a kitchen, a garden and an office, and it did what the "
            + "maker says, though not always quickly or quietly."
    }

    @Test func aListicleWhosePointsAreEachAContainerKeepsEveryPoint() throws {
        let names = ["kettle", "toaster", "blender", "fan", "lamp", "radio", "heater", "clock"]
        let points = names.enumerated().map { index, name in
            // Some points are a heading and one short paragraph; the heading links to a shop.
            let lid = "<p>\(Self.prose("\(name)'s lid")) It costs less than last year.</p>"
            let more = index % 3 == 0 ? lid : ""
            return """
                <div class="point"><h2><a href="https://shop.example.org/\(name)">\(index + 1). The \(name)</a></h2>
                <p>\(Self.prose(name))</p>\(more)</div>
                """
        }
        let article = try Self.extract(
            """
            <nav><a href="/">Home</a> <a href="/reviews">Reviews</a></nav>
            <main><h1>The best small appliances</h1><div class="intro"><p>\(Self.prose("intro"))</p></div>
            \(points.joined(separator: "\n"))</main>
            """)
        for name in names {
            #expect(article.text.contains("The \(name) was tested"), "\(name)")
        }
        #expect(!article.text.contains("Reviews"))
    }

    @Test func aPostWhoseTopicsSoundLikeFurnitureIsStillTheArticle() throws {
        // A blog's post classes name its category and tags; "community" and "social" are also the
        // words of a comment section and a share bar. Beside it, a strip of promotions long enough
        // (over 500 characters) to pass for an article once the post is taken for furniture.
        let body = (1...4).map { "<p>\(Self.prose("camera \($0)")) The rest of the story follows.</p>" }
            .joined()
        let promotions = (1...4).map { index in
            """
            <div class="card"><h3>Launch \(index)</h3><p>Missed the main event? Learn more about everything \
            that launched on day \(index), from the phone to the archive.</p><a href="/recap/\(index)">Read \
            the recap</a></div>
            """
        }
        let article = try Self.extract(
            """
            <main><article class="post hentry category-community tag-social"><h1>Leader spotlight</h1>
            <div class="post__content">\(body)</div></article>
            <div class="cta">\(promotions.joined())</div></main>
            """)
        #expect(article.text.contains("camera 4 was tested"))
        #expect(!article.text.contains("Missed the main event"))
        #expect(
            ReaderAttributes.withoutTaxonomy("post category-community tag-social hentry") == "post hentry")
    }

    @Test func aLongReadInSectionsOfEveryLengthKeepsEverySection() throws {
        let long = (1...4).map { "<p>\(Self.prose("engine \($0)")) Then the crew met again.</p>" }.joined()
        let sections = [
            "<section><h2>The start</h2>\(long)</section>",
            "<section><h2>A short middle</h2><p>\(Self.prose("middle"))</p></section>",
            "<section><h2>The end</h2><p>\(Self.prose("ending"))</p><p>\(Self.prose("coda"))</p></section>",
        ]
        let article = try Self.extract("<article><h1>A long read</h1>\(sections.joined())</article>")
        for phrase in ["engine 4 was tested", "middle was tested", "coda was tested", "A short middle"] {
            #expect(article.text.contains(phrase), "\(phrase)")
        }
    }

    @Test func aStripOfCaptionedPicturesIsNotTheArticle() throws {
        let figures = (1...50).map { index in
            """
            <figure><img src="/p/\(index).jpg" alt=""><figcaption><p>Photograph \(index): people, boats and \
            bridges, seen from the hill at dawn, after the storm.</p></figcaption></figure>
            """
        }
        let article = try Self.extract(
            """
            <div class="story">\(ArticleExtractorTests.story)</div>
            <div class="pictures"><h2>In pictures</h2>\(figures.joined())</div>
            """)
        #expect(article.text.hasPrefix("The river crested"))
        #expect(!article.text.contains("Photograph 12"))
    }

    @Test func mathMLIsKeptAsText() throws {
        let article = try Self.extract(
            """
            <article>\(ArticleExtractorTests.story)
            <p>The energy is <math alttext="E = mc^2"><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math>, \
            and the sum is <math><semantics><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow>\
            <annotation encoding="application/x-tex">a+b</annotation></semantics></math> in both frames.</p></article>
            """)
        #expect(article.text.contains("The energy is E = mc^2, and the sum is a+b in both frames."))
    }

    @Test func aPageOfUTF8BytesThatDeclaresGB2312IsReadAsUTF8() throws {
        let chinese =
            "<p>新华社北京电，国务院总理今天主持召开国务院常务会议，部署进一步做好防汛抗旱工作，"
            + "确保人民群众生命财产安全。会议指出，今年以来各地区各部门认真落实党中央决策部署。</p>"
        let page = """
            <html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"></head>
            <body><article>\(String(repeating: chinese, count: 4))</article></body></html>
            """
        let article = try ArticleExtractor.extract(html: Data(page.utf8), url: nil, contentType: "text/html")
        #expect(article.text.hasPrefix("新华社北京电，国务院总理"))
        #expect(!article.text.contains("\u{FFFD}"))
    }

    @Test func aPageOfProseInBareBlocksStillGivesItsText() throws {
        // No paragraph scores (each line is under 25 characters), yet a person sees a poem.
        let lines = [
            "Rain on the roof", "and rain on the hill,", "the river is rising", "the road is still.",
        ]
        let article = try Self.extract(
            "<nav><a href=\"/\">Home</a></nav><div>\(lines.map { "<div>\($0)</div>" }.joined())</div>")
        #expect(article.text.contains("the river is rising"))
        #expect(!article.text.contains("Home"))
    }
}
