extension Array {
    /// The array in consecutive pieces of at most ``statementChunkSize`` elements, each bound as
    /// the `?` of one statement (`id IN (?, ?, …)`), so that a statement stays far below SQLite's
    /// limit on bound values (32,766) and its list stays short to build and search.
    public var statementChunks: [[Element]] {
        stride(from: 0, to: count, by: statementChunkSize).map {
            Array(self[$0..<Swift.min($0 + statementChunkSize, count)])
        }
    }
}

/// How many values one statement binds at most when a list is split (``Swift/Array/statementChunks``):
/// the one place the store's bound on SQL variables is written.
public let statementChunkSize = 500
