import Foundation
import NewsModels
import Testing

/// Expects two article lists to be the same, allowing `publishedAt` to differ by the half
/// millisecond the wire format rounds to.
func expectSameArticles(
    _ actual: [Article], _ expected: [Article], sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual.map(\.url) == expected.map(\.url), sourceLocation: sourceLocation)
    for (got, want) in zip(actual, expected) {
        var gotUndated = got
        var wantUndated = want
        gotUndated.publishedAt = nil
        wantUndated.publishedAt = nil
        #expect(gotUndated == wantUndated, sourceLocation: sourceLocation)
        switch (got.publishedAt, want.publishedAt) {
        case (nil, nil):
            break
        case (let gotDate?, let wantDate?):
            let gap = abs(gotDate.timeIntervalSince(wantDate))
            #expect(gap < 0.000_5, "publishedAt of \(want.url)", sourceLocation: sourceLocation)
        default:
            Issue.record(
                "publishedAt of \(want.url): \(String(describing: got.publishedAt))",
                sourceLocation: sourceLocation)
        }
    }
}
