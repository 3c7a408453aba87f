import Foundation
import Testing

@testable import Feeds

/// Extraction stops when its deadline passes or its task is cancelled, looked at between each
/// 256 KiB libxml2 reads and between the passes over the page; the nesting libxml2 holds open
/// counts left-out elements too.
@Suite struct ExtractionDeadlineTests {
    static let page = Data(
        ("<article>"
            + String(repeating: "<p>A paragraph of the article, long enough to count.</p>", count: 40)
            + "</article>").utf8)

    @Test func aDeadlinePassedStopsExtraction() throws {
        let article = try ArticleExtractor.extract(
            html: Self.page, url: nil, contentType: nil, until: .now + .seconds(3_600))
        #expect(article.text.hasPrefix("A paragraph"))
        #expect(throws: ArticleExtractionError.interrupted) {
            try ArticleExtractor.extract(
                html: Self.page, url: nil, contentType: nil, until: .now - .seconds(1))
        }
    }

    @Test func aCancelledTaskStopsExtraction() async {
        let task = Task { () -> ArticleExtractionError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(ArticleExtractionError) {
                _ = try ArticleExtractor.extract(html: Self.page, url: nil, contentType: nil, until: nil)
                return nil
            } catch {
                return error
            }
        }
        #expect(await task.value == .interrupted)
    }

    @Test func elementsLeftOutCountTowardsTheDepthLimit() {
        let depth = ReaderDocument.depthLimit
        let nested = "<div hidden>" + String(repeating: "<b>", count: depth) + "</div>"
        let document = Array((nested + "<p>after</p>").utf8).withUnsafeBufferPointer {
            ReaderDocument.parse($0)
        }
        #expect(document.wasCut)
        let shallow = "<div hidden>" + String(repeating: "<b>", count: depth - 10) + "</div>"
        let read = Array((shallow + "<p>after</p>").utf8).withUnsafeBufferPointer { ReaderDocument.parse($0) }
        #expect(!read.wasCut)
    }
}
