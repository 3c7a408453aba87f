import Foundation
import Testing

@testable import Networking
@testable import NewsModels

/// Decoding NewsAPI's bodies with every quirk real responses show.
@Suite("Decoding NewsAPI responses")
struct DecodingTests {
    static func articles(_ fixture: String) throws -> ArticlesPayload {
        let envelope = try JSONDecoder().decode(
            NewsAPIEnvelope<ArticlesPayload>.self, from: Fixture.data(fixture))
        guard case .ok(let payload) = envelope else {
            Issue.record("\(fixture) decoded as an error: \(envelope)")
            throw CancellationError()
        }
        return payload
    }

    static func article(_ json: String) throws -> Article {
        try JSONDecoder().decode(Article.self, from: Data(json.utf8))
    }

    @Test("a page with every quirk keeps six articles, skips four entries and drops one duplicate")
    func quirksPage() throws {
        let payload = try Self.articles("top-headlines-quirks.json")
        #expect(payload.totalResults == 38)
        #expect(payload.skippedCount == 4)
        #expect(
            payload.articles.map(\.url.absoluteString) == [
                "https://pietralunga.example/vendemmia/2026-estate-calda",
                "https://harbourledger.example/2026/09/14/ferry-timetable-cut",
                "https://yamanami.example/articles/20260914/library",
                "https://zarechye.example/news/2840226-stadium",
                "https://alsahil.example/ar/2026/09/park-opening",
                "https://cafe-societe.example/ete-montreal",
            ])
    }

    @Test("empty author, null source id, typographic quotes and a [+N chars] tail")
    func italianArticle() throws {
        let article = try #require(try Self.articles("top-headlines-quirks.json").articles.first)
        #expect(article.source == ArticleSource(id: nil, name: "Gazzetta di Pietralunga"))
        #expect(article.author == nil)
        // The first of the two entries with this URL wins.
        #expect(
            article.title == "Perché l’estate “più calda” ha cambiato la vendemmia - Gazzetta di Pietralunga")
        #expect(article.summary?.contains("«una vendemmia storica»") == true)
        #expect(article.imageURL?.absoluteString == "https://img.pietralunga.example/vendemmia.jpg")
        #expect(article.publishedAt == Date(timeIntervalSince1970: 1_789_381_800))
        #expect(article.omittedCharacterCount == 2887)
        #expect(article.isContentTruncated)
        let content = try #require(article.content)
        #expect(content.hasPrefix("Giusto Ferretti\r\n14 settembre"))
        #expect(content.hasSuffix("vent’anni…"))
    }

    @Test("surrounding white space of every kind is trimmed, and white space alone is absent")
    func whiteSpaceIsTrimmed() throws {
        let article = try Self.article(
            #"""
            {"source": {"id": " \t", "name": "\u00a0 Harbour Ledger\u3000"},
             "author": "\r\n", "title": "\t Ferry \u2003 cut \u2028",
             "description": "  Two  words  ", "url": "  https://harbourledger.example/a  ",
             "urlToImage": "\u3000", "publishedAt": " 2026-11-22T14:05:00Z\n",
             "content": "  Body text\u00a0 [+120 chars]"}
            """#)
        #expect(article.source == ArticleSource(id: nil, name: "Harbour Ledger"))
        #expect(article.author == nil)
        #expect(article.title == "Ferry \u{2003} cut")
        #expect(article.summary == "Two  words")
        #expect(article.url.absoluteString == "https://harbourledger.example/a")
        #expect(article.imageURL == nil)
        #expect(article.publishedAt == Date(timeIntervalSince1970: 1_795_356_300))
        #expect(article.content == "Body text")
        #expect(article.omittedCharacterCount == 120)
        #expect("e\u{301}".trimmingWhitespace() == "e\u{301}")
        #expect(" \u{301}x ".trimmingWhitespace() == "\u{301}x")
    }

    @Test("null author, empty description and image, null content, milliseconds")
    func emptyStrings() throws {
        let article = try Self.articles("top-headlines-quirks.json").articles[1]
        #expect(article.source == ArticleSource(id: "harbour-ledger", name: "The Harbour Ledger"))
        #expect(article.author == nil)
        #expect(article.summary == nil)
        #expect(article.imageURL == nil)
        #expect(article.content == nil)
        #expect(article.omittedCharacterCount == nil)
        #expect(!article.isContentTruncated)
        let published = try #require(article.publishedAt)
        #expect(abs(published.timeIntervalSince1970 - 1_789_377_389.024) < 0.000_01)
    }

    @Test("Japanese text, null description, image and content, seven fractional digits")
    func japaneseArticle() throws {
        let article = try Self.articles("top-headlines-quirks.json").articles[2]
        #expect(article.title == "新しい図書館が駅前に開館、初日に三千人が来場 - 山並新聞")
        #expect(article.summary == nil)
        #expect(article.imageURL == nil)
        #expect(article.content == nil)
        let published = try #require(article.publishedAt)
        #expect(abs(published.timeIntervalSince1970 - 1_789_374_195.958_602_2) < 0.000_01)
    }

    @Test("Cyrillic text, content stripped by the service, +00:00 offset")
    func cyrillicArticle() throws {
        let article = try Self.articles("top-headlines-quirks.json").articles[3]
        #expect(article.title == "«Локомотив» открыл новый стадион — билеты распроданы за час")
        #expect(article.author == "vestnik")
        #expect(article.publishedAt == Date(timeIntervalSince1970: 1_789_372_245))
        #expect(article.omittedCharacterCount == 135)
        #expect(article.content?.hasPrefix("«» 14 16:46") == true)
        #expect(article.content?.hasSuffix("1,8 …") == true)
    }

    @Test("Arabic text with emoji and a +03:00 offset")
    func arabicArticle() throws {
        let article = try Self.articles("top-headlines-quirks.json").articles[4]
        #expect(article.source.id == "al-sahil")
        #expect(article.author == "مريم الحسيني")
        #expect(
            Array(article.title.unicodeScalars)
                == Array("افتتاح أكبر حديقة عامة في المدينة 🌳🎉".unicodeScalars))
        #expect(article.summary == "يضم المشروع أكثر من ٥٠٠٠ شجرة ومسارات للدراجات 🚲")
        // 06:00 at +03:00 is 03:00 UTC.
        #expect(article.publishedAt == Date(timeIntervalSince1970: 1_789_354_800))
        #expect(article.content == "افتتحت البلدية اليوم أكبر حديقة عامة في تاريخ المدينة")
        #expect(article.omittedCharacterCount == 412)
    }

    @Test("accents, guillemets and emoji sequences survive; an unreadable date becomes nil")
    func accentedArticle() throws {
        let article = try Self.articles("top-headlines-quirks.json").articles[5]
        #expect(article.source.name == "Café Société")
        #expect(article.author == "Zoë Lefèvre-Ångström")
        #expect(article.title == "L’été à Montréal : « résumé » d’une saison record ✨")
        #expect(article.summary?.contains("👩🏽‍🍳") == true)
        #expect(article.summary?.contains("🇨🇦") == true)
        #expect(article.publishedAt == nil)
        #expect(article.content == "Un été « hors norme » : la ville a accueilli 11 millions de visiteurs…")
        #expect(article.omittedCharacterCount == 1234)
    }

    @Test(
        "an entry without a usable title or URL is refused",
        arguments: [
            (#"{"url":"https://a.example/1"}"#, Article.Rejection.missingTitle),
            (#"{"title":null,"url":"https://a.example/1"}"#, .missingTitle),
            (#"{"title":" \n ","url":"https://a.example/1"}"#, .missingTitle),
            (#"{"title":"T"}"#, .missingURL),
            (#"{"title":"T","url":null}"#, .missingURL),
            (#"{"title":"T","url":"  "}"#, .missingURL),
        ])
    func rejections(json: String, rejection: Article.Rejection) {
        #expect(throws: rejection) { try Self.article(json) }
    }

    @Test("the smallest article: a title and a URL")
    func minimalArticle() throws {
        let article = try Self.article(#"{"title":"  Padded title  ","url":"https://a.example/1"}"#)
        #expect(article.title == "Padded title")
        #expect(article.source == ArticleSource(name: ""))
        #expect(article.author == nil && article.summary == nil && article.imageURL == nil)
        #expect(article.publishedAt == nil && article.content == nil && article.omittedCharacterCount == nil)
    }

    @Test("a field of the wrong type fails the article, and the page skips it")
    func wrongTypes() throws {
        #expect(throws: DecodingError.self) {
            try Self.article(#"{"title":"T","url":"https://a.example/1","author":42}"#)
        }
        let page = #"""
            {"status":"ok","totalResults":2,"articles":[
              {"title":"T","url":"https://a.example/1","author":42},
              {"title":"U","url":"https://a.example/2"}, 17, "text", null]}
            """#
        let envelope = try JSONDecoder().decode(NewsAPIEnvelope<ArticlesPayload>.self, from: Data(page.utf8))
        guard case .ok(let payload) = envelope else {
            Issue.record("expected ok, got \(envelope)")
            return
        }
        #expect(payload.articles.map(\.title) == ["U"])
        #expect(payload.skippedCount == 4)
    }

    @Test("encoding then decoding an article gives it back")
    func roundTrip() throws {
        var articles = try Self.articles("top-headlines-quirks.json").articles
        articles.append(
            Article(
                source: ArticleSource(id: "x", name: "X"), author: "A", title: "T", summary: "S",
                url: URL(string: "https://x.example/é?q=1&r=ü")!,
                imageURL: URL(string: "https://x.example/i.png"),
                publishedAt: Date(timeIntervalSince1970: 1_789_381_800.125), content: "Body",
                omittedCharacterCount: 0))
        let decoded = try JSONDecoder().decode([Article].self, from: JSONEncoder().encode(articles))
        // Dates go through the wire with millisecond precision.
        expectSameArticles(decoded, articles)
    }

    @Test("an article encodes in NewsAPI's wire format")
    func wireFormat() throws {
        let article = Article(
            source: ArticleSource(id: nil, name: "Nobody"), title: "T",
            url: URL(string: "https://x.example/1")!,
            publishedAt: Date(timeIntervalSince1970: 1_789_381_800), content: "Start",
            omittedCharacterCount: 1234)
        let data = try JSONEncoder().encode(article)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "source", "author", "title", "description", "url", "urlToImage", "publishedAt", "content",
            ])
        #expect(object["author"] is NSNull)
        #expect(object["description"] is NSNull)
        #expect(object["urlToImage"] is NSNull)
        #expect(object["publishedAt"] as? String == "2026-09-14T10:30:00Z")
        #expect(object["content"] as? String == "Start [+1234 chars]")
        let source = try #require(object["source"] as? [String: Any])
        #expect(source["name"] as? String == "Nobody")
        #expect(source["id"] is NSNull, "NewsAPI sends \"id\": null")
    }

    @Test(
        "TruncatedContent splits off NewsAPI's [+N chars] marker",
        arguments: [
            (nil, nil, nil), ("", nil, nil), ("   ", nil, nil), ("Start [+12 chars]", "Start", 12),
            ("Start… [+0 chars]", "Start…", 0), ("[+7 chars]", nil, 7), ("  padded  ", "padded", nil),
            ("Start [+x chars]", "Start [+x chars]", nil), ("Start [+-5 chars]", "Start [+-5 chars]", nil),
            ("Start [+12 chars] and more", "Start [+12 chars] and more", nil),
            ("a [+1 chars] b [+2 chars]", "a [+1 chars] b", 2), ("Start [+12 char]", "Start [+12 char]", nil),
            ("Start[+3 chars]", "Start", 3),
        ] as [(String?, String?, Int?)])
    func truncatedContent(wire: String?, text: String?, omitted: Int?) {
        let content = TruncatedContent(wire)
        #expect(content.text == text)
        #expect(content.omittedCharacterCount == omitted)
    }

    @Test("TruncatedContent writes the marker back")
    func truncatedContentWire() {
        #expect(TruncatedContent.wire(nil, omitted: 5) == nil)
        #expect(TruncatedContent.wire("Body", omitted: nil) == "Body")
        #expect(TruncatedContent.wire("Body…", omitted: 42) == "Body… [+42 chars]")
        #expect(
            TruncatedContent(TruncatedContent.wire("Body…", omitted: 42))
                == TruncatedContent("Body… [+42 chars]"))
    }

    @Test("the envelope tells success from error by its status", arguments: Fixture.errorCodes)
    func errorBodies(code: String) throws {
        let envelope = try JSONDecoder().decode(
            NewsAPIEnvelope<ArticlesPayload>.self, from: Fixture.data("errors/\(code).json"))
        guard case .error(let decodedCode, let message) = envelope else {
            Issue.record("expected an error, got \(envelope)")
            return
        }
        #expect(decodedCode == code)
        #expect(message == (try Fixture.errorMessage(code)))
        #expect(!message.isEmpty)
    }

    @Test("an error body without code or message still decodes")
    func bareErrorBody() throws {
        let envelope = try JSONDecoder().decode(
            NewsAPIEnvelope<ArticlesPayload>.self, from: Data(#"{"status":"error"}"#.utf8))
        guard case .error(let code, let message) = envelope else {
            Issue.record("expected an error, got \(envelope)")
            return
        }
        #expect(code == "unknownError")
        #expect(message == "")
    }

    @Test(
        "a body with no or an unknown status is not an envelope",
        arguments: [#"{}"#, #"{"status":"maybe"}"#, #"{"status":null}"#, #"[]"#, #"{"status":200}"#])
    func notAnEnvelope(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NewsAPIEnvelope<ArticlesPayload>.self, from: Data(json.utf8))
        }
    }

    @Test("ok without articles or total is an empty page")
    func emptyOK() throws {
        let envelope = try JSONDecoder().decode(
            NewsAPIEnvelope<ArticlesPayload>.self, from: Data(#"{"status":"ok"}"#.utf8))
        guard case .ok(let payload) = envelope else {
            Issue.record("expected ok, got \(envelope)")
            return
        }
        #expect(payload.articles.isEmpty && payload.totalResults == 0 && payload.skippedCount == 0)
    }

    @Test("sources: a source without an id is skipped, blanks become nil, unknown categories nil")
    func sources() throws {
        let envelope = try JSONDecoder().decode(
            NewsAPIEnvelope<SourcesPayload>.self, from: Fixture.data("sources.json"))
        guard case .ok(let payload) = envelope else {
            Issue.record("expected ok, got \(envelope)")
            return
        }
        #expect(
            payload.sources == [
                NewsSource(
                    id: "harbour-ledger", name: "The Harbour Ledger",
                    summary: "Shipping, ports and the people who work them.",
                    url: URL(string: "https://harbourledger.example"), category: .business, language: "en",
                    country: "gb"),
                NewsSource(
                    id: "yamanami-shimbun", name: "山並新聞", url: URL(string: "https://yamanami.example"),
                    category: .general, language: "jp", country: "jp"),
                NewsSource(
                    id: "odd-category", name: "Odd Category", summary: "A category NewsAPI does not have.",
                    language: "en", country: "us"),
            ])
    }
}
