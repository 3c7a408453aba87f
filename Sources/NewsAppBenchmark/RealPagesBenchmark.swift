import Feeds
import Foundation

/// Reader mode on real pages that `Scripts/real-pages` fetches at benchmark time (never
/// committed). Each source is a folder of `NAME.html` pages, each with either `NAME.txt`, the
/// whole expected text (scored by word F1), or `NAME.phrases`, phrases a person chose that must
/// be there and phrases that must not (`{"url", "present", "absent"}`, scored by phrase recall
/// and by the share of furniture left out). The article's text is scored, not its title: the
/// expected texts and phrases are the body's. What was extracted is written beside each page, as
/// `NAME.extracted`.
enum RealPagesBenchmark {
    struct Page {
        var name: String
        var html: Data
        var url: URL
        var expected: Expected
        var folder: URL
    }

    enum Expected {
        case text(String)
        case phrases(present: [String], absent: [String])
    }

    struct PageScore {
        var name: String
        var f1: Double?
        var phrases: PhraseScore?
    }

    /// One source's pages: their scores and the time to extract one.
    struct Source {
        var name: String
        var scores: [PageScore]
        var perPage: Samples

        var f1Pages: [Double] { scores.compactMap(\.f1) }
        var phrasePages: [PhraseScore] { scores.compactMap(\.phrases) }
        var meanF1: Double { mean(f1Pages) }
        var meanRecall: Double { mean(phrasePages.map(\.recall)) }
        var meanRejection: Double { mean(phrasePages.map(\.rejection)) }

        /// What the source's row says of its scores.
        var summary: String {
            var parts: [String] = []
            if !f1Pages.isEmpty { parts.append("mean word F1 " + String(format: "%.3f", meanF1)) }
            if !phrasePages.isEmpty {
                parts.append(
                    "article phrases found " + String(format: "%.3f", meanRecall) + ", furniture left out "
                        + String(format: "%.3f", meanRejection))
            }
            return "\(scores.count) pages, " + parts.joined(separator: ", ")
        }

        private func mean(_ values: [Double]) -> Double {
            values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
        }
    }

    struct PhraseFile: Decodable {
        var url: String?
        var present: [String]
        var absent: [String]
    }

    /// The sources in `folder`: each of its subfolders that holds pages, or `folder` itself.
    @MainActor
    static func run(folder: URL, rounds: Int) throws -> [Source] {
        let manager = FileManager.default
        let entries = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        var sources: [Source] = []
        for entry in entries {
            let sub = folder.appendingPathComponent(entry, isDirectory: true)
            var isFolder: ObjCBool = false
            if manager.fileExists(atPath: sub.path, isDirectory: &isFolder), isFolder.boolValue {
                let pages = try self.pages(in: sub)
                if !pages.isEmpty { sources.append(measure(pages, name: entry, rounds: rounds)) }
            }
        }
        let own = try pages(in: folder)
        if !own.isEmpty { sources.append(measure(own, name: folder.lastPathComponent, rounds: rounds)) }
        guard !sources.isEmpty else {
            throw ExtractBenchmark.MissingCorpus(
                description: "no real pages in \(CheckoutPath.display(folder)) (Scripts/real-pages)")
        }
        return sources
    }

    /// Every `NAME.html` of `folder` that has its expected text or phrases.
    static func pages(in folder: URL) throws -> [Page] {
        let names =
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".html") }.sorted()
        var pages: [Page] = []
        for file in names {
            let name = String(file.dropLast(5))
            let html = try Data(contentsOf: folder.appendingPathComponent(file))
            let text = folder.appendingPathComponent(name + ".txt")
            let phrases = folder.appendingPathComponent(name + ".phrases")
            if let expected = try? String(contentsOf: text, encoding: .utf8) {
                pages.append(
                    Page(
                        name: name, html: html, url: ExtractBenchmark.url, expected: .text(expected),
                        folder: folder))
            } else if let data = try? Data(contentsOf: phrases) {
                let file = try JSONDecoder().decode(PhraseFile.self, from: data)
                let url = file.url.flatMap(URL.init(string:)) ?? ExtractBenchmark.url
                pages.append(
                    Page(
                        name: name, html: html, url: url,
                        expected: .phrases(present: file.present, absent: file.absent), folder: folder))
            }
        }
        return pages
    }

    @MainActor
    private static func measure(_ pages: [Page], name: String, rounds: Int) -> Source {
        var scores: [PageScore] = []
        for page in pages {
            let text =
                (try? ArticleExtractor.extract(html: page.html, url: page.url, contentType: "text/html"))?
                .text
                ?? ""
            // Beside the page, for a person to see what was lost or kept.
            try? text.write(
                to: page.folder.appendingPathComponent(page.name + ".extracted"), atomically: true,
                encoding: .utf8)
            switch page.expected {
            case .text(let expected):
                scores.append(
                    PageScore(name: page.name, f1: ExtractionScore(extracted: text, expected: expected).f1))
            case .phrases(let present, let absent):
                scores.append(
                    PageScore(
                        name: page.name,
                        phrases: PhraseScore(extracted: text, present: present, absent: absent)))
            }
        }
        var perPage = Samples()
        let clock = ContinuousClock()
        for round in 0..<(rounds + 2) {
            for page in pages {
                let duration = clock.measure {
                    _ = try? ArticleExtractor.extract(
                        html: page.html, url: page.url, contentType: "text/html")
                }
                if round >= 2 { perPage.append(duration) }
            }
        }
        return Source(name: name, scores: scores, perPage: perPage)
    }
}

// MARK: - Reporting

extension RealPagesBenchmark.PageScore {
    /// One line of the per-page log.
    var line: String {
        var parts: [String] = []
        if let f1 { parts.append("word F1 " + String(format: "%.3f", f1)) }
        if let phrases {
            parts.append(
                "article phrases \(phrases.found)/\(phrases.present) found, furniture "
                    + "\(phrases.kept)/\(phrases.absent) kept")
        }
        return "\(name): " + parts.joined(separator: ", ")
    }
}
