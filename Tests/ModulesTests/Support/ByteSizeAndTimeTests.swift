import Foundation
import Testing

@testable import Modules

@Suite("ByteSize and dates")
struct ByteSizeAndTimeTests {
    @Test("One way of writing sizes: 300,000 bytes is 293 KB everywhere")
    func sizes() {
        #expect(ByteSize.text(300_000) == "293 KB")
        #expect(ByteSize.text(1) == "1 byte")
        #expect(ByteSize.text(0) == "0 bytes")
        #expect(ByteSize.text(12_400_000) == "11.8 MB")
    }

    @Test("A compact date of another year says the year")
    func compactDates() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let now = Date(timeIntervalSince1970: 1_796_000_000)  // the end of November 2026
        let time = TimeFormatting(now: now, timeZone: utc)
        let episode = Date(timeIntervalSince1970: 1_548_892_800)  // 31 January 2019
        #expect(time.compact(episode) == "Jan 2019")
        let thisYear = Date(timeIntervalSince1970: 1_785_000_000)  // August 2026
        #expect(!time.compact(thisYear).contains("2026"))
    }
}
