/// How connections are opened.
public struct Configuration: Sendable {
    /// What a statement does when another connection holds the lock it needs.
    public enum BusyMode: Sendable {
        /// Fails at once with `SQLITE_BUSY`.
        case immediateError
        /// Retries for up to this many seconds, then fails with `SQLITE_BUSY`.
        case timeout(Double)
    }

    public var busyMode: BusyMode = .immediateError
    public var foreignKeysEnabled = true
    public var readonly = false
    /// A name for the connections' dispatch queues, seen in debuggers.
    public var label: String?
    /// The most reader connections a ``DatabasePool`` opens.
    public var maximumReaderCount = 5
    var preparations: [@Sendable (Database) throws -> Void] = []

    public init() {}

    /// Runs `preparation` on every new connection, after the ones added before it.
    public mutating func prepareDatabase(_ preparation: @escaping @Sendable (Database) throws -> Void) {
        preparations.append(preparation)
    }
}
