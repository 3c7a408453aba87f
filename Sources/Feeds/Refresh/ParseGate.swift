#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Lets at most ``width`` feeds be parsed at once, while any number are being downloaded.
///
/// A refresh is bound by the store's one writer thread (see BENCHMARKS.md): every other stage
/// keeps up with it. On two cores, two feeds parsed at once beside the writer make three threads
/// share two cores, and the writer, whose work decides when the refresh ends, gets two thirds of
/// one. Parsing one feed at a time on the other core keeps ahead of the writer all the same. So
/// the width is the number of cores less one for the writer, and at least one.
///
/// Feeds waiting for a place go in by priority, then in the order they came: a refresh ends with
/// its longest chain of requests to one host, so that chain's feeds are parsed (and so written)
/// first rather than behind every other host's.
public actor ParseGate {
    public nonisolated let width: Int
    private var free: Int
    private var waiting = GateQueue<CheckedContinuation<Void, Never>>()
    /// The time spent parsing, feed after feed: the parsing stage's share of a refresh.
    public private(set) var busy: Duration = .zero

    public init(width: Int = ParseGate.defaultWidth) {
        self.width = max(1, width)
        free = self.width
    }

    /// The cores of the machine less one for the store's writer, at least one.
    public static var defaultWidth: Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    }

    /// Runs `parse` once a place is free (before those waiting with a lower `priority`), on the
    /// caller's executor, and frees the place after.
    public nonisolated func run<Value: Sendable>(priority: Int = 0, _ parse: @Sendable () -> Value) async
        -> Value
    {
        await enter(priority: priority)
        let clock = ContinuousClock()
        let started = clock.now
        let value = parse()
        await leave(after: clock.now - started)
        return value
    }

    private func enter(priority: Int) async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.insert($0, priority: priority) }
    }

    private func leave(after parsing: Duration) {
        busy += parsing
        if let next = waiting.removeFirst() {
            next.resume()
        } else {
            free += 1
        }
    }
}

/// Those waiting at a gate: the highest priority first, then the first come.
struct GateQueue<Element> {
    private var entries: [(priority: Int, element: Element)] = []

    var isEmpty: Bool { entries.isEmpty }

    mutating func insert(_ element: Element, priority: Int) {
        // After every entry of the same or a higher priority: a few dozen at most wait.
        let position = entries.firstIndex { $0.priority < priority } ?? entries.endIndex
        entries.insert((priority, element), at: position)
    }

    mutating func removeFirst() -> Element? {
        entries.isEmpty ? nil : entries.removeFirst().element
    }
}
