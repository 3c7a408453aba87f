/// Durations of one measurement, in milliseconds, with nearest-rank percentiles.
struct Samples: Sendable {
    private(set) var values: [Double] = []

    init(_ values: [Double] = []) {
        self.values = values
    }

    var count: Int { values.count }
    var isEmpty: Bool { values.isEmpty }

    mutating func append(_ duration: Duration) {
        values.append(duration.milliseconds)
    }

    mutating func append(milliseconds: Double) {
        values.append(milliseconds)
    }

    /// The nearest-rank percentile: the smallest sample with at least `fraction` of the samples at
    /// or below it. With 30 samples, p99 is the largest.
    func percentile(_ fraction: Double) -> Double {
        precondition(!values.isEmpty, "no samples")
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    var p50: Double { percentile(0.50) }
    var p99: Double { percentile(0.99) }
    var max: Double { values.max() ?? 0 }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}

/// Runs `body` `warmup + runs` times and keeps the durations of the last `runs`.
@MainActor
func measure(runs: Int, warmup: Int, _ body: () throws -> Void) rethrows -> Samples {
    var samples = Samples()
    let clock = ContinuousClock()
    for index in 0..<(warmup + runs) {
        let duration = try clock.measure(body)
        if index >= warmup { samples.append(duration) }
    }
    return samples
}

/// Runs `body` `warmup + runs` times and keeps the durations of the last `runs`.
@MainActor
func measure(runs: Int, warmup: Int, _ body: () async throws -> Void) async rethrows -> Samples {
    var samples = Samples()
    let clock = ContinuousClock()
    for index in 0..<(warmup + runs) {
        let start = clock.now
        try await body()
        if index >= warmup { samples.append(start.duration(to: clock.now)) }
    }
    return samples
}
