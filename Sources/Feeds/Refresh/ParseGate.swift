#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Lets at most ``width`` feeds be parsed at once, while any number are being downloaded.
///
/// A refresh is bound by the store's one writer thread (see BENCHMARKS.md): every other stage
/// keeps up with it. On two cores, two feeds parsed at once beside the writer made three threads
/// share two cores, and the writer, whose work decides when the refresh ends, got two thirds of
/// one. Parsing one feed at a time on the other core keeps ahead of the writer all the same. So
/// the width is the number of cores less one for the writer, and at least one.
public actor ParseGate {
    public nonisolated let width: Int
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
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

    /// Runs `parse` once a place is free, on the caller's executor, and frees the place after.
    public nonisolated func run<Value: Sendable>(_ parse: @Sendable () -> Value) async -> Value {
        await enter()
        let clock = ContinuousClock()
        let started = clock.now
        let value = parse()
        await leave(after: clock.now - started)
        return value
    }

    private func enter() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave(after parsing: Duration) {
        busy += parsing
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
