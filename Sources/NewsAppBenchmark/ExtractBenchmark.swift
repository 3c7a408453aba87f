import Feeds
import Foundation

/// Reader mode: extraction time per page over the corpus in
/// Tests/FeedsTests/Fixtures/reader, its mean word F1 against the expected texts, and the time for
/// a generated 2 MB page.
enum ExtractBenchmark {
    struct Result {
        var pages: Int
        var perPage: Samples
        var meanF1: Double
        var large: Samples
        var largeBytes: Int
    }

    struct MissingCorpus: Error, CustomStringConvertible {
        var description: String
    }

    static let url = URL(string: "https://news.example.org/2024/03/05/story.html")!

    /// Pages of a folder and how well and how fast they are extracted.
    struct PagesResult {
        var pages: Int
        var perPage: Samples
        var meanF1: Double
    }

    @MainActor
    static func run(corpus folder: URL, rounds: Int) throws -> Result {
        let measured = try run(pages: folder, rounds: rounds)
        let large = largePage(bytes: 2_000_000)
        let largeSamples = measure(runs: 20, warmup: 2) {
            _ = try? ArticleExtractor.extract(html: large, url: url, contentType: "text/html")
        }
        return Result(
            pages: measured.pages, perPage: measured.perPage, meanF1: measured.meanF1, large: largeSamples,
            largeBytes: large.count)
    }

    /// Every `NAME.html` of `folder` with its expected text `NAME.txt`: the mean word F1 of what
    /// is extracted (the title and the text) against it, and the time per page over `rounds` rounds.
    /// (Real pages, whose expected texts have no title, are `RealPagesBenchmark`'s.)
    @MainActor
    static func run(pages folder: URL, rounds: Int) throws -> PagesResult {
        let names =
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".html") }.sorted()
        guard !names.isEmpty else {
            throw MissingCorpus(
                description: "no pages in \(CheckoutPath.display(folder)) (run from the repository)")
        }
        var pages: [(name: String, html: Data, expected: String)] = []
        for name in names {
            let html = try Data(contentsOf: folder.appendingPathComponent(name))
            let expected = try String(
                contentsOf: folder.appendingPathComponent(String(name.dropLast(5)) + ".txt"), encoding: .utf8)
            pages.append((String(name.dropLast(5)), html, expected))
        }
        var scores: [Double] = []
        for page in pages {
            let article = try? ArticleExtractor.extract(html: page.html, url: url, contentType: "text/html")
            let text = article.map { $0.title + "\n\n" + $0.text } ?? ""
            scores.append(ExtractionScore(extracted: text, expected: page.expected).f1)
        }
        var perPage = Samples()
        let clock = ContinuousClock()
        for round in 0..<(rounds + 2) {
            for page in pages {
                let duration = clock.measure {
                    _ = try? ArticleExtractor.extract(html: page.html, url: url, contentType: "text/html")
                }
                if round >= 2 { perPage.append(duration) }
            }
        }
        let mean = scores.reduce(0, +) / Double(scores.count)
        return PagesResult(pages: pages.count, perPage: perPage, meanF1: mean)
    }

    /// A long-read of about `bytes`: navigation, a sidebar of links, hundreds of paragraphs with
    /// links, figures and ads between them, and a long comment thread.
    static func largePage(bytes: Int) -> Data {
        var page =
            "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>A long read | Site</title></head><body>"
        page += "<nav>" + (1...50).map { "<a href=\"/s/\($0)\">Section \($0)</a>" }.joined() + "</nav>"
        page +=
            "<aside class=\"sidebar\"><ul>"
            + (1...100).map { "<li><a href=\"/r/\($0)\">Related story \($0)</a></li>" }.joined()
            + "</ul></aside>"
        page += "<main><article><h1>A long read</h1><div class=\"story-body\">"
        var index = 0
        while page.utf8.count < bytes * 7 / 10 {
            index += 1
            page +=
                "<p>Paragraph \(index) of the story, in which the council, the builders and the residents "
                + "argue about <a href=\"/t/\(index)\">the new bridge</a>, its cost, its delays and its "
                + "colour, while the river goes on as it always has.</p>"
            if index % 10 == 0 {
                page +=
                    "<figure><img src=\"/i/\(index).jpg\" alt=\"Picture \(index)\"><figcaption>Caption "
                    + "\(index).</figcaption></figure><div class=\"ad\">Advertisement</div>"
            }
        }
        page += "</div></article></main><section class=\"comments\"><ol>"
        while page.utf8.count < bytes {
            index += 1
            page +=
                "<li class=\"comment\"><p>Comment \(index): I disagree, strongly, with the council, "
                + "and with the builders, and with most of the residents too.</p></li>"
        }
        page += "</ol></section></body></html>"
        return Data(page.utf8)
    }
}
