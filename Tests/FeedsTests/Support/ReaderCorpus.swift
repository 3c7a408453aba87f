import Feeds
import Foundation
import TestSupport
import Testing

/// Reader mode's corpus: `Fixtures/reader/NN-name.html` and the text expected from it in
/// `NN-name.txt`, written by Scripts/generate-reader-corpus.py.
enum ReaderCorpus {
    /// The address every page is read as coming from.
    static let url = URL(string: "https://news.example.org/2024/03/05/story.html")!

    struct Page {
        var name: String
        var html: Data
        var expected: String
    }

    static func pages() throws -> [Page] {
        let folder = try FixtureFolder(in: .module).url("reader")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".html") }.sorted()
        return try names.map { name in
            let base = String(name.dropLast(".html".count))
            return Page(
                name: base, html: try Data(contentsOf: folder.appendingPathComponent(name)),
                expected: try String(
                    contentsOf: folder.appendingPathComponent(base + ".txt"), encoding: .utf8))
        }
    }

    /// How close the extracted title and text are to the page's expected text.
    static func score(_ page: Page) throws -> ExtractionScore {
        let article = try ArticleExtractor.extract(html: page.html, url: url, contentType: "text/html")
        return ExtractionScore(extracted: article.title + "\n\n" + article.text, expected: page.expected)
    }
}
