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

    @Test("Adding the same child twice keeps one")
    func noDuplicates() {
        let parent = Flow()
        let child = Flow()
        parent.addChild(child)
        parent.addChild(child)
        #expect(parent.children.count == 1)
        parent.removeAllChildren()
        #expect(parent.children.isEmpty)
    }
}
