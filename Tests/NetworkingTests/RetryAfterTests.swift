import Foundation
import Testing

@testable import Networking

/// `Retry-After` in both its forms, HTTP-dates in all three of theirs, and header lookup.
@Suite("Retry-After and HTTP-dates")
struct RetryAfterTests {
    /// Mon, 14 Sep 2026 15:33:20 GMT.
    static let now = Date(timeIntervalSince1970: 1_789_400_000)

    static func response(retryAfter: String?) -> HTTPResponse {
        HTTPResponse(
            status: 503, headers: HTTPHeaders(retryAfter.map { ["Retry-After": $0] } ?? [:]), body: Data(),
            url: URL(string: "http://feeds.example/")!)
    }

    static func retryAfter(_ value: String?) -> TimeInterval? {
        response(retryAfter: value).retryAfter(now: now).map { $0.timeIntervalSince(now) }
    }

    @Test(
        "seconds are a delay from now, capped at a day",
        arguments: [
            ("120", 120.0), ("0", 0), (" 30 ", 30), ("86400", 86_400), ("86401", 86_400),
            ("99999999999999999999999", 86_400),
        ])
    func seconds(value: String, delay: TimeInterval) {
        #expect(Self.retryAfter(value) == delay)
    }

    @Test(
        "an HTTP-date in each of its three forms",
        arguments: [
            "Mon, 14 Sep 2026 16:33:20 GMT", "Monday, 14-Sep-26 16:33:20 GMT", "Mon Sep 14 16:33:20 2026",
        ])
    func dates(value: String) {
        #expect(Self.retryAfter(value) == 3_600)
    }

    @Test("a date past is now, a date more than a day ahead is a day")
    func clamped() {
        #expect(Self.retryAfter("Mon, 14 Sep 2026 15:32:20 GMT") == 0)
        #expect(Self.retryAfter("Mon, 21 Sep 2026 15:33:20 GMT") == 86_400)
    }

    @Test(
        "absent or unreadable is nil",
        arguments: [
            nil, "", "soon", "-5", "1.5", "12 s", "Mon, 14 Sep 2026 16:33:20 PST",
            "Mon, 31 Feb 2026 10:00:00 GMT",
            "Mon, 14 Sep 2026 24:00:00 GMT", "Mon, 14 Foo 2026 16:33:20 GMT", "Mon, 14 Sep 2026 16:33 GMT",
            "14 Sep 2026 16:33:20 GMT",
        ])
    func unreadable(value: String?) {
        #expect(Self.retryAfter(value) == nil)
    }

    @Test("HTTP-dates on either side of 1970 and on a leap day")
    func calendar() {
        let cases: [(String, TimeInterval)] = [
            ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777), ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
            ("Wed, 31 Dec 1969 23:59:59 GMT", -1), ("Thu, 29 Feb 2024 12:00:00 GMT", 1_709_208_000),
            ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777), ("Sun Nov  6 08:49:37 1994", 784_111_777),
        ]
        for (text, seconds) in cases {
            #expect(HTTPDate.parse(text, now: Self.now)?.timeIntervalSince1970 == seconds, "\(text)")
        }
    }

    @Test("an RFC 850 year is never more than 50 years ahead")
    func twoDigitYears() {
        let in2076 = HTTPDate.parse("Tuesday, 01-Sep-76 00:00:00 GMT", now: Self.now)
        let in1977 = HTTPDate.parse("Wednesday, 01-Sep-77 00:00:00 GMT", now: Self.now)
        #expect(in2076 == Date(timeIntervalSince1970: 3_366_144_000))
        #expect(in1977 == Date(timeIntervalSince1970: 241_920_000))
    }

    @Test("headers are found in any case; names differing only in case are joined")
    func headers() {
        let headers = HTTPHeaders(["ETag": "\"v1\"", "Content-Type": "text/xml", "Vary": "a", "vary": "b"])
        #expect(headers["etag"] == "\"v1\"")
        #expect(headers["ETAG"] == "\"v1\"")
        #expect(headers["content-type"] == "text/xml")
        #expect(headers["Vary"] == "a, b")
        #expect(headers["Last-Modified"] == nil)
        #expect(headers.count == 3)
        #expect(headers == HTTPHeaders(["etag": "\"v1\"", "CONTENT-TYPE": "text/xml", "Vary": "a, b"]))
    }
}
