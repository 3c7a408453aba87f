import CoordinatorsTesting
import Modules
import Testing

/// The navigation-testing kit itself: it must fail tests that should fail.
@MainActor
@Suite("CoordinatorsTesting")
struct KitTests {
    @Test("Exhaustive mode fails a real flow whose last navigation is not asserted, naming it")
    func unassertedAtTheEndOfAFlow() async {
        await withKnownIssue {
            await withRecordingRouter { router in
                router.start(FeedCoordinator(router: router, modules: TestFixtures.modules()))
                router.expect(.setRoot("Front page"))
                await router.type("1")
                router.expect(.push("Article"))
                await router.type("b")
            }
        } matching: { issue in
            issue.description.contains("Navigation was not asserted by the end of the test: .pop")
        }
    }

    @Test("Exhaustive mode fails when a test types with navigation unasserted")
    func unassertedBeforeTyping() async {
        await withKnownIssue {
            await withRecordingRouter { router in
                router.setRoot(TextScreen("Root"))
                await router.type("x")
            }
        } matching: { issue in
            issue.description.contains(#"unasserted: .setRoot("Root")"#)
        }
    }

    @Test("Exhaustive mode names every event unasserted at the end, in order")
    func unassertedEventsAreListed() async {
        await withKnownIssue {
            await withRecordingRouter { router in
                router.setRoot(TextScreen("Root"))
                router.push(TextScreen("Detail"))
                router.present(TextScreen("Help"))
                router.expect(.setRoot("Root"))
            }
        } matching: { issue in
            issue.description.contains(#"end of the test: .push("Detail"), .present("Help")"#)
        }
    }

    @Test("The coordinator started and the router are freed when the body ends")
    func releasedAtTheEnd() async {
        weak var started: FeedCoordinator?
        weak var recorder: RecordingRouter?
        await withRecordingRouter(exhaustive: false) { router in
            let feed = FeedCoordinator(router: router, modules: TestFixtures.modules())
            router.start(feed)
            started = feed
            recorder = router
        }
        #expect(started == nil, "the router must let go of the coordinator it started")
        #expect(recorder == nil, "the coordinator and the router must not keep each other alive")
    }

    @Test("Work still in flight when the body ends is cancelled")
    func endCancelsWork() async {
        let started = AsyncStream.makeStream(of: Void.self)
        let task = await withRecordingRouter(exhaustive: false) { router in
            let root = TextScreen("Root")
            router.setRoot(root)
            let task = root.activity.run("Waiting") {
                started.continuation.yield()
                while !Task.isCancelled { await Task.yield() }
            }
            var iterator = started.stream.makeAsyncIterator()
            await iterator.next()
            return task
        }
        await task.value
        #expect(task.isCancelled)
    }

    @Test("Navigation through a router kept past the end of its test fails")
    func navigationAfterTheEnd() async {
        let escaped = await withRecordingRouter { $0 }
        withKnownIssue {
            escaped.setRoot(TextScreen("Late"))
        } matching: { issue in
            issue.description.contains(#"Navigation after the test ended: .setRoot("Late")"#)
        }
    }

    @Test("A wrong expectation fails and names what happened")
    func wrongExpectation() async {
        await withKnownIssue {
            await withRecordingRouter { router in
                router.setRoot(TextScreen("Root"))
                router.expect(.setRoot("Elsewhere"))
            }
        } matching: { issue in
            issue.description.contains(
                #"Expected .setRoot("Elsewhere"), but navigation was .setRoot("Root")"#)
        }
    }

    @Test("Popping the root is reported as misuse, not ignored")
    func misuse() async {
        await withKnownIssue {
            await withRecordingRouter(exhaustive: false) { router in
                router.setRoot(TextScreen("Root"))
                router.pop()
            }
        } matching: { issue in
            issue.description.contains("pop at the root")
        }
    }

    @Test("replaceTop is recorded with the new screen's title; replacing the root is misuse")
    func replaceTop() async {
        await withRecordingRouter { router in
            router.setRoot(TextScreen("Root"))
            router.push(TextScreen("First"))
            router.replaceTop(with: TextScreen("Second"))
            router.expect(.setRoot("Root"), .push("First"), .replaceTop("Second"))
            #expect(router.titles == ["Root", "Second"])
        }
        await withKnownIssue {
            await withRecordingRouter(exhaustive: false) { misused in
                misused.setRoot(TextScreen("Root"))
                misused.replaceTop(with: TextScreen("Other"))
            }
        } matching: { issue in
            issue.description.contains("replaceTop at the root")
        }
    }

    @Test("Non-exhaustive mode lets unasserted navigation pass and still records it")
    func nonExhaustive() async {
        await withRecordingRouter(exhaustive: false) { router in
            router.setRoot(TextScreen("Root"))
            router.push(TextScreen("Detail"))
            router.present(TextScreen("Modal"))
            #expect(router.events == [.setRoot("Root"), .push("Detail"), .present("Modal")])
            #expect(router.titles == ["Root", "Detail", "Modal"])
        }
    }

    @Test("Typed commands reach the modal first, then the top screen, then the globals")
    func typingOrder() async {
        await withRecordingRouter(exhaustive: false) { router in
            let root = TextScreen("Root")
            root.understands = ["x"]
            router.setRoot(root)
            #expect(await router.type("x"))
            #expect(!(await router.type("y")))
            #expect(root.received == ["x"])
        }
    }

    @Test("A modal that closes itself declining a command leaves it to the screen below, as the shell does")
    func declinedCommandReachesTheScreenBelow() async {
        await withRecordingRouter { router in
            let root = TextScreen("Root")
            root.understands = ["x"]
            let picker = TextScreen("Picker")
            picker.onDecline = { [weak router] in router?.dismiss() }
            router.setRoot(root)
            router.present(picker)
            router.expect(.setRoot("Root"), .present("Picker"))
            #expect(await router.type("x"))
            router.expect(.dismiss)
            #expect(root.received == ["x"])
        }
    }

    @Test("A released screen's work is cancelled")
    func releaseCancels() async {
        await withRecordingRouter(exhaustive: false) { router in
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
}
