import Foundation
import NewsModels
import Testing

@testable import Feeds

@Suite("Parse gate")
struct ParseGateTests {
    /// Many feeds arrive at once; no more than the gate's width are parsed at a time, and every one
    /// is parsed.
    @Test(arguments: [1, 3])
    func noMoreThanItsWidthRunAtOnce(width: Int) async {
        let gate = ParseGate(width: width)
        let running = Locked((now: 0, most: 0))
        let results = await withTaskGroup(of: Int.self) { group in
            for index in 0..<40 {
                group.addTask {
                    await gate.run {
                        running.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        // Work long enough for the others to pile up at the gate.
                        var sum = 0
                        for step in 0..<20_000 { sum &+= step &* index }
                        running.withLock { $0.now -= 1 }
                        return index + (sum == -1 ? 1 : 0)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.sorted() == Array(0..<40))
        #expect(running.withLock { $0.most } <= width)
        #expect(running.withLock { $0.now } == 0)
        #expect(await gate.busy > .zero)
    }

    @Test func itsWidthIsAtLeastOne() {
        #expect(ParseGate(width: 0).width == 1)
        #expect(ParseGate.defaultWidth >= 1)
        #expect(ParseGate.defaultWidth == max(1, ProcessInfo.processInfo.activeProcessorCount - 1))
    }
}

@Suite("Parse gate's queue")
struct GateQueueTests {
    @Test func theHighestPriorityGoesFirstThenTheFirstCome() {
        var queue = GateQueue<String>()
        for (name, priority) in [("a", 0), ("b", 2), ("c", 1), ("d", 2), ("e", 0)] {
            queue.insert(name, priority: priority)
        }
        var order: [String] = []
        while let next = queue.removeFirst() { order.append(next) }
        #expect(order == ["b", "d", "c", "a", "e"])
        #expect(queue.isEmpty)
    }
}
