import Foundation
import NewsModels
import Testing

/// ``Timestamp``: every shape NewsAPI sends, and nothing else.
@Suite("Timestamp")
struct TimestampTests {
    /// 2026-09-14T10:30:00Z.
    static let base = 1_789_381_800.0

    @Test(
        "the shapes NewsAPI sends",
        arguments: [
            ("2026-09-14T10:30:00Z", base),
            ("2026-09-14T10:30:00.024Z", base + 0.024),
            ("2026-09-14T10:30:00.9586022Z", base + 0.958_602_2),
            ("2026-09-14T10:30:00+00:00", base),
            ("2026-09-14T10:30:00.5+00:00", base + 0.5),
            ("2026-09-14T16:00:00+05:30", base),
            ("2026-09-14T16:00:00+0530", base),
            ("2026-09-14T06:30:00-04:00", base),
            ("2026-09-14T06:30:00-0400", base),
            ("2026-09-14T12:30:00+02", base),
            ("2026-09-14T10:30:00", base),
            ("2026-09-14T10:30Z", base),
            ("2026-09-14t10:30:00z", base),
            ("2026-09-14 10:30:00Z", base),
            ("2026-09-14T10:30:00,25Z", base + 0.25),
            ("2026-09-14T10:30:00.123456789Z", base + 0.123_456_789),
            ("2024-02-29T12:00:00Z", 1_709_208_000),
            ("1969-12-31T23:59:59Z", -1),
            ("1970-01-01T00:00:00Z", 0),
            ("2026-09-15T00:30:00+14:00", base),
        ])
    func parses(text: String, seconds: Double) throws {
        let date = try #require(Timestamp.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001)
    }

    @Test(
        "anything else is refused",
        arguments: [
            "", "2026", "2026-09-14", "yesterday", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z",
            "2026-09-00T00:00:00Z", "2026-09-32T00:00:00Z", "2026-09-14T24:00:00Z", "2026-09-14T10:60:00Z",
            "2026-09-14T10:30:61Z", "2026-09-14T10:30:00Zjunk", "2026-09-14T10:30:00Z ",
            " 2026-09-14T10:30:00Z",
            "2026-09-14T10:30:00.Z", "2026-09-14T10:30:00+5:30", "2026-09-14T10:30:00+",
            "2026-9-14T10:30:00Z",
            "2026-09-14T1:30:00Z", "2026-09-14X10:30:00Z", "abcd-ef-ghTij:kl:mnZ", "２０２６-09-14T10:30:00Z",
            "٢٠٢٦-09-14T10:30:00Z", "2026-09-14T10:30:00 Z", "2026-09-14T10:30:00GMT",
        ])
    func refuses(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test(
        "days that do not exist in their month are refused",
        arguments: [
            "2026-02-29T00:00:00Z", "2026-02-30T00:00:00Z", "2026-04-31T00:00:00Z", "2100-02-29T00:00:00Z",
        ])
    func impossibleDays(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test(
        "formatting: whole seconds plain, fractions as milliseconds, always UTC",
        arguments: [
            (base, "2026-09-14T10:30:00Z"), (base + 0.024, "2026-09-14T10:30:00.024Z"),
            (base + 0.5, "2026-09-14T10:30:00.500Z"), (base + 0.9586, "2026-09-14T10:30:00.959Z"),
            (0, "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"), (-0.25, "1969-12-31T23:59:59.750Z"),
            (1_709_208_000, "2024-02-29T12:00:00Z"), (951_782_400, "2000-02-29T00:00:00Z"),
        ])
    func formats(seconds: Double, text: String) {
        #expect(Timestamp.format(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test("a fraction that rounds up to a whole second carries into the seconds")
    func roundingCarries() {
        #expect(Timestamp.format(Date(timeIntervalSince1970: Self.base + 59.9996)) == "2026-09-14T10:31:00Z")
    }

    @Test("parse(format(date)) gives the date back to the millisecond")
    func roundTrip() throws {
        for offset in stride(from: -86_400.0 * 400, to: 86_400.0 * 400, by: 86_400.0 * 7 + 3_661.237) {
            let date = Date(timeIntervalSince1970: Self.base + offset)
            let parsed = try #require(Timestamp.parse(Timestamp.format(date)))
            #expect(abs(parsed.timeIntervalSince(date)) < 0.000_5, "\(Timestamp.format(date))")
        }
    }

    @Test("parse agrees with ISO8601DateFormatter on whole-second UTC timestamps")
    func agreesWithFoundation() throws {
        let formatter = ISO8601DateFormatter()
        for offset in stride(from: 0.0, to: 86_400.0 * 3_000, by: 86_400.0 * 37 + 4_567) {
            let date = Date(timeIntervalSince1970: 946_684_800 + offset)
            let text = formatter.string(from: date)
            #expect(Timestamp.parse(text) == date, "\(text)")
            #expect(Timestamp.format(date) == text)
        }
    }

    /// The one calendar against Foundation's: every field, the weekday, offsets east and west, dates
    /// before 1970 and leap days.
    @Test("Civil agrees with Foundation's Gregorian calendar")
    func civilAgreesWithCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        var state: UInt64 = 0x5DEE_CE66_D1CE_4E5B
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Int(state >> 34) % 8_000_000_000 - 3_000_000_000
            let offset = (Int(state >> 20) % 57 - 28) * 1_800
            let date = Date(timeIntervalSince1970: Double(seconds) + 0.75)
            calendar.timeZone = TimeZone(secondsFromGMT: offset)!
            let expected = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
            let civil = Timestamp.Civil(date, offsetSeconds: offset)
            let fields: [Int?] = [
                civil.year, civil.month, civil.day, civil.hour, civil.minute, civil.second, civil.weekday,
            ]
            let foundation = [
                expected.year, expected.month, expected.day, expected.hour, expected.minute, expected.second,
                expected.weekday,
            ]
            #expect(fields == foundation, "\(seconds) at \(offset)")
        }
        let leapDay = Timestamp.Civil(Timestamp.parse("2024-02-29T23:59:59Z")!)
        #expect([leapDay.month, leapDay.day, leapDay.weekday] == [Int]([2, 29, 5]))
        #expect(leapDay.dateAndTime(dateSeparator: "", between: "-", timeSeparator: "") == "20240229-235959")
    }
}
