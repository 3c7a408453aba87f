import Feeds
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RefreshReport {
    /// `199 feeds: 197 updated, 2 failed (newsapp feeds shows why) · 99,500 new in 2.4 s`.
    public func summary(whereFailuresAre: String = "newsapp feeds shows why") -> String {
        let feedCount = feeds.count == 1 ? "1 feed" : "\(Amount.grouped(feeds.count)) feeds"
        var parts: [String] = []
        if updatedCount > 0 { parts.append("\(Amount.grouped(updatedCount)) updated") }
        if unchangedCount > 0 { parts.append("\(Amount.grouped(unchangedCount)) unchanged") }
        if skippedCount > 0 {
            parts.append("\(Amount.grouped(skippedCount)) skipped (asked to wait)")
        }
        if failedCount > 0 {
            parts.append("\(Amount.grouped(failedCount)) failed (\(whereFailuresAre))")
        }
        let time = String(printf: "%.1f", seconds)
        return
            "\(feedCount): \(parts.joined(separator: ", ")) · \(Amount.grouped(newItems)) new in \(time) s"
    }
}
