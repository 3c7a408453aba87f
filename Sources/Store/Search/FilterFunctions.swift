internal import CSQLite
import FilterLanguage
import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SQL functions that ``FilterSQL`` uses, registered on every connection of the store: the same
/// Swift code that evaluates a filter in memory, so the two cannot read a value differently.
///
/// - `filter_regexp(pattern, value, budget)`: 1 when the POSIX extended regular expression matches
///   `value` (see ``FilterPattern``), else 0. The compiled pattern is kept with the statement
///   (SQLite's auxiliary data), so it is compiled once per query, not per row, and the value's bytes
///   are read where SQLite holds them. `budget` seconds after its first value the statement stops
///   with ``timeoutMessage``: a regular expression over 100,000 long texts cannot hold a read for
///   ever. The clock starts with the first value, not when the statement was written, so a
///   statement that waited for its turn (a busy machine, another part of a split pass) has its
///   whole budget; it is read now and then, not for every row (``RegexpState``).
/// - `filter_number(value)`: the number newsboat reads from text (``FilterNumber``).
/// - `filter_date(seconds)`: newsboat's form of a date (``FilterDate``).
enum FilterFunctions {
    static let timeoutMessage = "newsapp filter deadline passed"

    static func register(_ db: Database) {
        guard let connection = db.sqliteConnection else { return }
        let flags = SQLITE_UTF8
        sqlite3_create_function_v2(connection, "filter_regexp", 3, flags, nil, regexp, nil, nil, nil)
        sqlite3_create_function_v2(
            connection, "filter_number", 1, flags | SQLITE_DETERMINISTIC, nil, number, nil, nil, nil)
        sqlite3_create_function_v2(
            connection, "filter_date", 1, flags | SQLITE_DETERMINISTIC, nil, date, nil, nil, nil)
    }

    private static let regexp:
        @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void =
            { context, _, values in
                guard let context, let values else { return }
                if let cached = sqlite3_get_auxdata(context, 0) {
                    // The statement holds the pattern: it is used without a retain and release a row.
                    Unmanaged<RegexpState>.fromOpaque(cached)._withUnsafeGuaranteedRef { state in
                        state.match(values, context)
                    }
                    return
                }
                let pattern: FilterPattern
                do throws(FilterPattern.Problem) {
                    pattern = try FilterPattern(FilterFunctions.text(values[0]))
                } catch {
                    sqlite3_result_error(context, "not a regular expression: \(error.reason)", -1)
                    return
                }
                let state = RegexpState(pattern)
                sqlite3_set_auxdata(context, 0, Unmanaged.passRetained(state).toOpaque()) { pointer in
                    guard let pointer else { return }
                    Unmanaged<RegexpState>.fromOpaque(pointer).release()
                }
                state.match(values, context)
            }

    /// What a statement keeps for one `filter_regexp` of it: the compiled pattern, its deadline
    /// (the first value's time and the budget), and when to look at the clock next.
    ///
    /// The deadline is looked at before the first value, after each value that went to the C
    /// library's matcher (whose time the value's length does not bound), and every
    /// ``rowsBetweenClocks`` values otherwise: a search for text in a value of at most
    /// ``FilterPattern/maximumValueBytes`` takes well under a millisecond, and reading the clock
    /// for each of 100,000 titles was a tenth of a query feed's pass.
    private final class RegexpState {
        static let rowsBetweenClocks = 64
        let pattern: FilterPattern
        private var deadline: Double?
        private var rowsToClock = 0

        init(_ pattern: FilterPattern) { self.pattern = pattern }

        func match(_ values: UnsafeMutablePointer<OpaquePointer?>, _ context: OpaquePointer) {
            if rowsToClock == 0 {
                let now = FilterFunctions.secondsSince1970()
                let deadline = self.deadline ?? now + sqlite3_value_double(values[2])
                self.deadline = deadline
                if now >= deadline {
                    sqlite3_result_error(context, FilterFunctions.timeoutMessage, -1)
                    return
                }
                rowsToClock = Self.rowsBetweenClocks
            }
            rowsToClock -= 1
            var reachedMatcher = false
            let matched = FilterFunctions.withBytes(values[1]) {
                pattern.matches(utf8: $0, reachedMatcher: &reachedMatcher)
            }
            if reachedMatcher { rowsToClock = 0 }
            sqlite3_result_int(context, matched ? 1 : 0)
        }
    }

    private static let number:
        @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void =
            { context, _, values in
                guard let context, let values else { return }
                let value = FilterFunctions.withBytes(values[0]) { FilterNumber.parse(utf8: $0) }
                sqlite3_result_int64(context, Int64(value))
            }

    private static let date:
        @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void =
            { context, _, values in
                guard let context, let values else { return }
                let text = FilterDate.text(seconds: sqlite3_value_double(values[0]))
                sqlite3_result_text(context, text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }

    /// The time of day from the kernel's coarse clock, to a few milliseconds: it is read for every
    /// row a regular expression looks at, so it is the clock that costs least.
    private static func secondsSince1970() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The UTF-8 bytes of a value, read in place; NULL is empty text.
    private static func withBytes<T>(_ value: OpaquePointer?, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T
    {
        guard let text = sqlite3_value_text(value) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return body(UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))))
    }

    private static func text(_ value: OpaquePointer?) -> String {
        withBytes(value) { String(decoding: $0, as: UTF8.self) }
    }
}
