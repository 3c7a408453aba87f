/// Where a refresh of the feeds is, for a progress line: `Refreshing 37/199 feeds · 4,210 new`, or
/// what a sync with a feed service is doing (``label``). The refresh engine and the sync report it
/// and the screens draw it.
public struct RefreshProgress: Sendable, Hashable {
    public var total: Int
    /// Feeds answered, failed or skipped so far.
    public var done: Int
    /// Items stored as new so far.
    public var newItems: Int
    /// The line to show instead of the counts: `Syncing with rss.example.org · 2,000 new items`.
    public var label: String?
    /// The hosts a request has been waiting on for long (a hung server, a slow body), the
    /// longest-waiting first.
    public var waitingFor: [String]

    public init(total: Int, done: Int, newItems: Int, label: String? = nil, waitingFor: [String] = []) {
        self.total = total
        self.done = done
        self.newItems = newItems
        self.label = label
        self.waitingFor = waitingFor
    }

    /// The progress line the command line and the screens both show: ``label`` when there is one,
    /// else `Refreshing 37/199 feeds · 4,210 new`, and `· waiting for slow.example` when a host is
    /// long in answering.
    public var line: String {
        if let label { return label }
        return
            "Refreshing \(Amount.grouped(done))/\(Amount.grouped(total)) feeds · \(Amount.grouped(newItems)) new"
            + (waitingNote.map { " · " + $0 } ?? "")
    }

    /// `waiting for slow.example, hung.example and 3 more`; nil when no host is waited for.
    public var waitingNote: String? {
        guard let first = waitingFor.first else { return nil }
        let shown = waitingFor.prefix(2).joined(separator: ", ")
        if waitingFor.count <= 2 { return "waiting for " + (waitingFor.count == 1 ? first : shown) }
        return "waiting for \(shown) and \(waitingFor.count - 2) more"
    }
}
