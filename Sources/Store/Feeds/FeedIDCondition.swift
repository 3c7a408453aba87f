/// The SQL condition that an item belongs to one of a set of feeds, by their ids in `feed`.
///
/// Ids of feeds added together are consecutive, so a set is usually a few runs: it is written as
/// ranges (`a.feedID BETWEEN 1 AND 199`), two comparisons an item, when it has at most
/// ``maximumRanges`` of them, and as `a.feedID IN (…)` otherwise, a search of a list SQLite builds
/// for the statement, which costs more per item than two comparisons (see BENCHMARKS.md,
/// “Measurements behind the code”). The ids are the store's own integers, written into the text.
enum FeedIDCondition {
    static let maximumRanges = 8

    /// `column` holds one of `ids`; `0` (never) when there are none.
    static func sql(_ column: String, in ids: some Collection<Int64>) -> String {
        let sorted = Array(Set(ids)).sorted()
        guard let first = sorted.first else { return "0" }
        var ranges: [ClosedRange<Int64>] = []
        var low = first
        var high = first
        for id in sorted.dropFirst() {
            if id == high + 1 {
                high = id
            } else {
                ranges.append(low...high)
                low = id
                high = id
            }
        }
        ranges.append(low...high)
        guard ranges.count <= maximumRanges else {
            return "\(column) IN (\(sorted.map(String.init).joined(separator: ",")))"
        }
        let parts = ranges.map { range in
            range.lowerBound == range.upperBound
                ? "\(column) = \(range.lowerBound)"
                : "\(column) BETWEEN \(range.lowerBound) AND \(range.upperBound)"
        }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " OR ") + ")"
    }
}
