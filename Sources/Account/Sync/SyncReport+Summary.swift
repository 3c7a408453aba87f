import NewsModels
import Sync

extension SyncReport {
    /// `Synced with host: 3 changes sent · 20 feeds · 10,000 new items · 12 marks changed in 1.2 s`.
    public func summary(service: String) -> String {
        var parts: [String] = []
        let changes = sent + alreadyThere
        if changes > 0 { parts.append("\(Amount.grouped(changes)) change\(changes == 1 ? "" : "s") sent") }
        var feedCount = feeds == 1 ? "1 feed" : "\(Amount.grouped(feeds)) feeds"
        if feedsAdded > 0 || feedsRemoved > 0 {
            var feedChanges: [String] = []
            if feedsAdded > 0 { feedChanges.append("\(feedsAdded) new") }
            if feedsRemoved > 0 { feedChanges.append("\(feedsRemoved) removed") }
            feedCount += " (" + feedChanges.joined(separator: ", ") + ")"
        }
        parts.append(feedCount)
        parts.append("\(Amount.grouped(newItems)) new item\(newItems == 1 ? "" : "s")")
        if marksChanged > 0 {
            parts.append(
                "\(Amount.grouped(marksChanged)) mark\(marksChanged == 1 ? "" : "s") changed there"
            )
        }
        if skippedItems > 0 {
            parts.append("\(Amount.grouped(skippedItems)) unreadable items skipped")
        }
        if keptSaved > 0 {
            parts.append(
                "\(Amount.grouped(keptSaved)) saved item\(keptSaved == 1 ? "" : "s") kept here"
                    + " (gone from the service)")
        }
        let elapsed =
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return "Synced with \(service): " + parts.joined(separator: " · ")
            + String(printf: " in %.1f s", elapsed)
    }
}
