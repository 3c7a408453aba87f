import Foundation
import NewsAPIStub
import Testing

/// Reader mode on hostile markup: any page up to the 8 MiB cap is extracted within 150 MB, measured
/// on the binary (`newsapp extract`). The shapes are those whose work was not linear in the page:
/// 2 million unclosed `<p>`, end tags libxml2 looks for
/// among hundreds of open elements, a tag of a million attributes, furniture nested hundreds deep,
/// millions of tiny elements. Their time goes to the benchmark (`Scripts/benchmark --only hostile`).
@Suite(
    .timeLimit(.minutes(10)), .serialized,
    .disabled(if: PeakMemory.isDistortedBySanitizer, "peak memory under a sanitizer is not the app's"))
struct ReaderBoundsTests {
    let sandbox: Sandbox

    init() throws {
        sandbox = try Sandbox()
    }

    /// The most `newsapp extract` may peak at on any page, in KiB (docs/bounded-input.md).
    static let budget = 150 << 10

    @Test(arguments: HostilePage.allCases)
    func anyPageIsExtractedWithinBudget(_ page: HostilePage) async throws {
        let html = page.html
        #expect(html.utf8.count > 7 << 20 && html.utf8.count <= 8 << 20, "\(html.utf8.count) bytes")
        let file = try sandbox.directory.write(html, to: "\(page).html")
        let run = try await PeakMemory.run(["extract", file], environment: sandbox.environment)
        // An article, or the sentence that there is none: never a crash, never the cap.
        #expect(
            run.output.status == 0 || run.output.err.contains("No article text was found"),
            "\(run.output.status): \(run.output.err.prefix(300))")
        #expect(run.peak < Self.budget, "\(page) peaked at \(run.peak >> 10) MiB")
    }
}
