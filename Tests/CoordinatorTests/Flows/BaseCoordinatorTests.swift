import Coordinators
import Testing

@MainActor
@Suite("BaseCoordinator")
struct BaseCoordinatorTests {
    final class Flow: BaseCoordinator {
        private(set) var started: [String] = []
        override func start() { started.append("start") }
        override func start(with link: DeepLink) { started.append(link.description) }
    }

    @Test("A started child is held until it finishes, then released with its own children")
    func childLifecycle() {
        let parent = Flow()
        weak var weakChild: Flow?
        weak var weakGrandchild: Flow?
        do {
            let child = Flow()
            let grandchild = Flow()
            weakChild = child
            weakGrandchild = grandchild
            parent.startChild(child)
            child.startChild(grandchild)
            #expect(child.started == ["start"])
        }
        #expect(weakChild != nil)
        #expect(weakGrandchild != nil)
        weakChild?.finish()
        #expect(parent.children.isEmpty)
        #expect(weakChild == nil)
        #expect(weakGrandchild == nil)
    }

    @Test("A deep link goes to start(with:) and a parent's onFinish still runs")
    func deepLinkAndFinish() {
        let parent = Flow()
        let child = Flow()
        var finished = false
        child.onFinish = { finished = true }
        parent.startChild(child, with: DeepLink(["category", "science"], parameters: ["q": "x"]))
        #expect(child.started == ["category/science?q=x"])
        child.finish()
        #expect(finished)
        #expect(parent.children.isEmpty)
    }

    @Test("Starting a running child again neither adds nor restarts it")
    func noDuplicates() {
        let parent = Flow()
        let child = Flow()
        parent.startChild(child)
        parent.startChild(child)
        #expect(parent.children.count == 1)
        #expect(child.started == ["start"])
    }

    /// A flow that logs when its screens close.
    final class ScreenFlow: BaseCoordinator {
        let name: String
        let log: Log

        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
        }

        override func closeScreens() { log.entries.append(name) }
    }

    final class Log {
        var entries: [String] = []
    }

    @Test("Finishing ends the children first, the newest first, then closes the flow's own screens, once")
    func finishClosesScreensOnce() {
        let log = Log()
        let parent = Flow()
        let flow = ScreenFlow("flow", log: log)
        parent.startChild(flow)
        flow.startChild(ScreenFlow("older child", log: log))
        flow.startChild(ScreenFlow("newer child", log: log))
        var told = 0
        flow.onFinish = { [previous = flow.onFinish] in
            told += 1
            previous?()
        }
        flow.finish()
        #expect(log.entries == ["newer child", "older child", "flow"])
        #expect(flow.children.isEmpty && parent.children.isEmpty)
        flow.finish()
        #expect(log.entries.count == 3)
        #expect(told == 1)
    }

    @Test("A child that finishes on its own closes its screens and is released; its parent stays")
    func childFinishingOnItsOwn() {
        let log = Log()
        let parent = ScreenFlow("parent", log: log)
        weak var weakChild: ScreenFlow?
        do {
            let child = ScreenFlow("child", log: log)
            weakChild = child
            parent.startChild(child)
        }
        weakChild?.finish()
        #expect(log.entries == ["child"])
        #expect(weakChild == nil)
        #expect(parent.children.isEmpty)
    }
}
