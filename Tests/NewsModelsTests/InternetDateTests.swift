import Foundation
import NewsModels
import Testing

/// ``InternetDate``: the one reader of RFC 5322 and HTTP dates, and its one rule for two-digit
/// years (RFC 9110 §5.6.7), read at a given clock.
@Suite("Internet dates")
struct InternetDateTests {
    static func now(_ year: Int) -> Date {
        Timestamp.date(year: year, month: 9, day: 14, hour: 15, minute: 33, second: 20)!
    }

    @Test(
        "a two-digit year is in the clock's century unless more than 50 years ahead",
        arguments: [
            // Read in 2026: 00–76 ahead or near, 77–99 a century back.
            (2026, 0, 2000), (2026, 26, 2026), (2026, 49, 2049), (2026, 50, 2050), (2026, 70, 2070),
            (2026, 76, 2076), (2026, 77, 1977), (2026, 99, 1999),
            // From 2050, RFC 5322's fixed table would read these a century back.
            (2050, 50, 2050), (2060, 55, 2055), (2060, 99, 2099), (2060, 10, 2010),
            // About a century's turn: never ahead by more than 50 years, never put forward.
            (2099, 49, 2049), (2099, 50, 2050), (2100, 0, 2100), (2100, 50, 2150), (2100, 51, 2051),
            (1999, 49, 1949), (1999, 50, 1950),
        ])
    func twoDigitYears(clock: Int, twoDigits: Int, year: Int) {
        #expect(InternetDate.year(twoDigits: twoDigits, now: Self.now(clock)) == year)
    }

    @Test("the rule holds wherever a two-digit year is written, and a three-digit one is 1900 plus it")
    func writtenYears() {
        let now = Self.now(2026)
        let cases: [(String, String)] = [
            ("Sat, 01 May 99 10:00:00 GMT", "1999-05-01T10:00:00Z"),
            ("Fri, 01 May 26 10:00:00 GMT", "2026-05-01T10:00:00Z"),
            ("Fri, 01 May 76 10:00:00 GMT", "2076-05-01T10:00:00Z"),
            ("Sat, 01 May 77 10:00:00 GMT", "1977-05-01T10:00:00Z"),
            ("Thursday, 01-Jan-70 00:00:00 GMT", "2070-01-01T00:00:00Z"),
            ("Sat, 01 May 099 10:00:00 GMT", "1999-05-01T10:00:00Z"),
            ("01 May 124 10:00:00 +0000", "2024-05-01T10:00:00Z"),
        ]
        for (text, instant) in cases {
            #expect(InternetDate.parse(text, now: now) == Timestamp.parse(instant), "\(text)")
        }
        #expect(
            InternetDate.parse("Tue, 01 May 55 10:00:00 GMT", now: Self.now(2060))
                == Timestamp.parse(
                    "2055-05-01T10:00:00Z"))
    }

    @Test("HTTP's three forms are read with the shape a stricter reader checks")
    func httpForms() throws {
        let now = Self.now(2026)
        let imf = try #require(InternetDate.fields("Sun, 06 Nov 1994 08:49:37 GMT", now: now))
        let rfc850 = try #require(InternetDate.fields("Sunday, 06-Nov-94 08:49:37 GMT", now: now))
        let asctime = try #require(InternetDate.fields("Sun Nov  6 08:49:37 1994", now: now))
        for fields in [imf, rfc850, asctime] {
            #expect(fields.date == Date(timeIntervalSince1970: 784_111_777))
            #expect(
                fields.hasWeekday && fields.hasPlainSeconds && !fields.hasNumericZone && !fields.hasComment)
        }
        #expect(imf.zoneName == "gmt" && !imf.yearAfterTime)
        #expect(rfc850.zoneName == "gmt" && !rfc850.yearAfterTime)
        #expect(asctime.zoneName == nil && asctime.yearAfterTime)
    }

    @Test("the shapes only a lenient reader takes are told apart")
    func lenientShapes() throws {
        let loose = try #require(
            InternetDate.fields("01 May 2024 10:00:00.250 PM EST +0200 (local)", now: Self.now(2026)))
        #expect(!loose.hasWeekday)
        #expect(!loose.hasPlainSeconds)
        #expect(loose.zoneName == "est")
        #expect(loose.hasNumericZone)
        #expect(loose.hasComment)
        #expect(loose.date == Timestamp.parse("2024-05-01T20:00:00Z"))
    }

    @Test("text that is no date is nil", arguments: ["", "soon", "May 2024", "Wed, 30 Feb 2024 10:00 GMT"])
    func unreadable(text: String) {
        #expect(InternetDate.parse(text, now: Self.now(2026)) == nil)
    }
}
