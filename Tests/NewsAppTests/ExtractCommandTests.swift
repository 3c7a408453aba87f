import Foundation
import Testing

/// `newsapp extract`, run as the built binary.
@Suite(.timeLimit(.minutes(10)), .serialized)
struct ExtractCommandTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    static let page = """
        <!DOCTYPE html><html><head><title>Rivers rise | The Daily Example</title>
        <meta name="author" content="Jane Doe">
        <meta property="article:published_time" content="2024-03-05T08:30:00Z"></head>
        <body><nav><a href="/">Home</a> <a href="/world">World</a></nav>
        <article><h1>Rivers rise</h1>
        <p>The river crested at nine metres on Tuesday, the highest level in forty years, as a slow storm \
        dumped rain across the valley, flooding farms, roads and the lower town.</p>
        <p>Officials said more than two thousand people had left their homes, and that \
        <a href="/shelters">shelters</a> were open through the weekend, in the school and the hall.</p>
        </article><footer>Copyright 2024</footer></body></html>
        """

    static let expected = """
        Rivers rise
        Jane Doe · 2024-03-05

        The river crested at nine metres on Tuesday, the highest level in forty years, as a slow storm \
        dumped rain across the valley, flooding farms, roads and the lower town.

        Officials said more than two thousand people had left their homes, and that shelters [1] were \
        open through the weekend, in the school and the hall.

        [1] https://news.example.org/shelters

        """

    @Test func aFilePrintsTitleCreditTextAndLinks() async throws {
        let file = try sandbox.directory.write(Self.page, to: "page.html")
        let run = try await sandbox.run(["extract", "--url", "https://news.example.org/2024/story", file])
        #expect(run.status == 0)
        #expect(run.err == "")
        #expect(run.out == Self.expected)
    }

    @Test func noLinksLeavesLinksAsPlainText() async throws {
        let run = try await sandbox.run(["extract", "--no-links"], input: Self.page)
        #expect(run.status == 0)
        #expect(run.out.contains("that shelters were open"))
        #expect(!run.out.contains("[1]"))
    }

    @Test func jsonGivesEveryPartOfTheArticle() async throws {
        let page = Self.page.replacingOccurrences(of: "<html>", with: "<html lang=\"en-GB\">")
            .replacingOccurrences(
                of: "</head>",
                with: "<meta property=\"og:site_name\" content=\"The Daily \u{1B}[31mExample\"></head>"
            )
            .replacingOccurrences(
                of: "<h1>Rivers rise</h1>", with: "<h1>Rivers rise</h1><img src=\"/r.jpg\" alt=\"\">")
        let run = try await sandbox.run(
            ["extract", "--json", "--url", "https://news.example.org/2024/story"], input: page)
        #expect(run.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == ["title", "byline", "date", "site", "language", "text", "links", "pictures"])
        #expect(object["title"] as? String == "Rivers rise")
        #expect(object["byline"] as? String == "Jane Doe")
        #expect(object["date"] as? String == "2024-03-05T08:30:00Z")
        #expect(object["site"] as? String == "The Daily Example")
        #expect(object["language"] as? String == "en-GB")
        #expect((object["text"] as? String)?.contains("shelters [1] were") == true)
        #expect(object["links"] as? [String] == ["https://news.example.org/shelters"])
        #expect(object["pictures"] as? [String] == ["https://news.example.org/r.jpg"])
        #expect(!run.out.contains("\u{1B}"))
    }

    @Test func standardInputIsReadWithoutAFile() async throws {
        let run = try await sandbox.run(["extract", "--url", "https://news.example.org/x"], input: Self.page)
        #expect(run.status == 0)
        #expect(run.out == Self.expected)
    }

    @Test func failuresAreOneLineAndUsageErrorsExit2() async throws {
        let missing = try await sandbox.run(["extract", sandbox.home + "/nope.html"])
        #expect(missing.status == 1)
        #expect(missing.err.hasPrefix("newsapp: Could not read “"))
        #expect(missing.err.split(separator: "\n").count == 1)
        let empty = try await sandbox.run(["extract"], input: "<nav><a href=\"/\">Home</a></nav>")
        #expect(empty.status == 1)
        #expect(empty.err == "newsapp: No article text was found on the page.\n")
        let badURL = try await sandbox.run(["extract", "--url", "ftp://example.org/", "x.html"])
        #expect(badURL.status == 2)
        #expect(badURL.err.contains("--url takes an http or https address"))
        let otherOption = try await sandbox.run(["extract", "--offline", "x.html"])
        #expect(otherOption.status == 2)
    }

    @Test func aPageOver8MiBIsRefused() async throws {
        let file = try sandbox.directory.write(
            String(repeating: "<p>x</p>", count: (8 << 20) / 8 + 1), to: "big.html")
        let run = try await sandbox.run(["extract", file])
        #expect(run.status == 1)
        #expect(run.err == "newsapp: The page is 8.0 MiB, larger than the 8 MiB reader mode reads.\n")
    }

    /// Extracting a 5 MiB page takes at most 64 MB more than extracting a small one.
    @Test(
        .disabled(
            if: PeakMemory.isDistortedBySanitizer, "peak memory under a sanitizer is not the app's"))
    func aFiveMebibytePageStaysWithinItsMemoryBudget() async throws {
        let small = try sandbox.directory.write(Self.page, to: "small.html")
        var big = "<html><body><nav><a href=\"/\">Home</a></nav><article>"
        var index = 0
        while big.utf8.count < 5 << 20 {
            index += 1
            big +=
                "<div class=\"block\"><p>Paragraph \(index), about <a href=\"/t/\(index)\">the bridge</a>, "
                + "its cost, its delays and its colour, as the river goes on.</p></div>"
        }
        big += "</article></body></html>"
        let large = try sandbox.directory.write(big, to: "large.html")
        let idle = try await PeakMemory.run(["extract", small], environment: sandbox.environment)
        let loaded = try await PeakMemory.run(["extract", large], environment: sandbox.environment)
        #expect(idle.output.status == 0)
        #expect(loaded.output.status == 0)
        #expect(loaded.peak - idle.peak < 64 << 10, "the peak grew by \((loaded.peak - idle.peak) >> 10) MiB")
    }
}
