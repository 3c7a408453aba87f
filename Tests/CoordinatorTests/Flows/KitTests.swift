import Coordinators
import CoordinatorsTesting
import Testing

/// The navigation-testing kit itself: it must fail tests that should fail.
@MainActor
@Suite("CoordinatorsTesting")
struct KitTests {
    @Test("Exhaustive mode fails when a test types with navigation unasserted")
    func unassertedBeforeTyping() async {
        await withKnownIssue {
            let router = RecordingRouter()
            router.setRoot(TextScreen("Root"))
            await router.type("x")
        } matching: { issue in
            issue.description.contains("unasserted: setRoot(Root)")
        }
    }

    @Test("Exhaustive mode fails when the router is released with navigation unasserted")
    func unassertedAtTheEnd() {
        withKnownIssue {
            let router = RecordingRouter()
            router.setRoot(TextScreen("Root"))
            router.push(TextScreen("Detail"))
            router.expect(.setRoot("Root"))
        } matching: { issue in
            issue.description.contains("did not assert: push(Detail)")
        }
    }

    @Test("A wrong expectation fails and names what happened")
    func wrongExpectation() {
        withKnownIssue {
            let router = RecordingRouter()
            router.setRoot(TextScreen("Root"))
            router.expect(.setRoot("Elsewhere"))
        } matching: { issue in
            issue.description.contains("Expected setRoot(Elsewhere), but navigation was setRoot(Root)")
        }
    }

    @Test("Popping the root is reported as misuse, not ignored")
    func misuse() {
        withKnownIssue {
            let router = RecordingRouter(exhaustive: false)
            router.setRoot(TextScreen("Root"))
            router.pop()
        } matching: { issue in
            issue.description.contains("pop at the root")
        }
    }

    @Test("replaceTop is recorded with the new screen's title; replacing the root is misuse")
    func replaceTop() {
        let router = RecordingRouter()
        router.setRoot(TextScreen("Root"))
        router.push(TextScreen("First"))
        router.replaceTop(with: TextScreen("Second"))
        router.expect(.setRoot("Root"), .push("First"), .replaceTop("Second"))
        #expect(router.titles == ["Root", "Second"])
        withKnownIssue {
            let misused = RecordingRouter(exhaustive: false)
            misused.setRoot(TextScreen("Root"))
            misused.replaceTop(with: TextScreen("Other"))
        } matching: { issue in
            issue.description.contains("pop at the root")
        }
    }

    @Test("Non-exhaustive mode lets unasserted navigation pass and still records it")
    func nonExhaustive() {
        let router = RecordingRouter(exhaustive: false)
        router.setRoot(TextScreen("Root"))
        router.push(TextScreen("Detail"))
        router.present(TextScreen("Modal"))
        #expect(router.events == [.setRoot("Root"), .push("Detail"), .present("Modal")])
        #expect(router.titles == ["Root", "Detail", "Modal"])
    }

    @Test("Typed commands reach the modal first, then the top screen, then the globals")
    func typingOrder() async {
        let router = RecordingRouter(exhaustive: false)
        let root = TextScreen("Root")
        root.understands = ["x"]
        router.setRoot(root)
        #expect(await router.type("x"))
        #expect(!(await router.type("y")))
        #expect(root.received == ["x"])
    }

    @Test("A released screen's work is cancelled")
    func releaseCancels() async {
        let router = RecordingRouter(exhaustive: false)
        let root = TextScreen("Root")
        let detail = TextScreen("Detail")
        router.setRoot(root)
        router.push(detail)
        let started = AsyncStream.makeStream(of: Void.self)
        let task = detail.activity.run("Waiting") {
            started.continuation.yield()
            while !Task.isCancelled { await Task.yield() }
        }
        var iterator = started.stream.makeAsyncIterator()
        await iterator.next()
        router.pop()
        await task.value
        #expect(task.isCancelled)
    }
}
