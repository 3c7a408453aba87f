import CoordinatorsTesting
import Foundation
import Modules
import SampleEdition
import Testing

// README:begin
@Test @MainActor func openingAnArticleAndGoingBack() async throws {
    let edition = try SampleEdition.bundled()
    let modules = NewsModuleFactory(environment: AppEnvironment(service: SampleNewsService(edition: edition)))
    await withRecordingRouter { router in
        router.start(FeedCoordinator(router: router, modules: modules))
        router.expect(.setRoot("Front page"))
        await router.type("1")
        router.expect(.push("Article"))
        await router.type("b")
        router.expect(.pop)
    }
}
// README:end

@Test("docs/testing.md's flow-testing example is the one above, verbatim")
func readmeExampleIsCompiled() throws {
    let here = URL(fileURLWithPath: #filePath)
    let source = try String(contentsOf: here, encoding: .utf8)
    let readme = try String(
        contentsOf: here.deletingLastPathComponent().appendingPathComponent("../../../docs/testing.md")
            .standardizedFileURL,
        encoding: .utf8)
    let begin = try #require(source.range(of: "// README:begin\n"))
    let end = try #require(source.range(of: "// README:end"))
    let example = String(source[begin.upperBound..<end.lowerBound])
    #expect(readme.contains("```swift\n" + example + "```"))
}
