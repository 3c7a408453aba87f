import Feeds
import Foundation
import Testing

/// Reader mode against its corpus of 45 news-like pages: the mean word F1 must not fall below the
/// floor, nor any page below the minimum.
@Suite struct ReaderCorpusTests {
    /// Just under the corpus's mean word F1 (BENCHMARKS.md's extract rows), and above the 0.96
    /// target for real pages.
    static let meanFloor = 0.99
    static let pageMinimum = 0.95

    @Test func theCorpusScoresAboveItsFloor() throws {
        let pages = try ReaderCorpus.pages()
        #expect(pages.count >= 40)
        var total = 0.0
        for page in pages {
            let score = try ReaderCorpus.score(page)
            total += score.f1
            #expect(
                score.f1 >= Self.pageMinimum,
                "\(page.name): F1 \(score.f1), precision \(score.precision), recall \(score.recall)")
        }
        let mean = total / Double(max(pages.count, 1))
        #expect(mean >= Self.meanFloor, "mean F1 \(mean)")
    }

    @Test func theScorerCountsWordsAsABag() {
        let same = ExtractionScore(
            extracted: "The cat sat [1] on the mat.", expected: "the mat, the CAT sat on")
        #expect(same.precision == 1 && same.recall == 1)
        let half = ExtractionScore(extracted: "one two", expected: "one two three four")
        #expect(half.precision == 1)
        #expect(half.recall == 0.5)
        #expect(abs(half.f1 - 2.0 / 3.0) < 1e-9)
        let extra = ExtractionScore(extracted: "one one two", expected: "one two")
        #expect(abs(extra.precision - 2.0 / 3.0) < 1e-9)
        // Each Han or kana character is a word; Cyrillic and Devanagari words stay whole.
        let east = ExtractionScore(extracted: "図書館 река पुस्तकालय", expected: "図書 река")
        #expect(east.recall == 1)
        #expect(east.precision == 0.6)
    }

    @Test func thePhraseScorerLooksForWordsInARow() {
        let text = "Die GEMA dreht völlig [2] am\nZeiger! Mehr dazu.\n\nÄhnliche Beiträge"
        let score = PhraseScore(
            extracted: text,
            present: ["Die GEMA dreht völlig am Zeiger!", "dreht am Zeiger", "Mehr dazu"],
            absent: ["Ähnliche Beiträge", "Impressum"])
        // "dreht am Zeiger" has its words, but not in a row.
        #expect(score.found == 2 && score.present == 3)
        #expect(score.kept == 1 && score.absent == 2)
        #expect(abs(score.recall - 2.0 / 3.0) < 1e-9)
        #expect(score.rejection == 0.5)
        let none = PhraseScore(extracted: "", present: [], absent: [])
        #expect(none.recall == 1 && none.rejection == 1)
    }
}
