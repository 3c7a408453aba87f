import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The podcast download queue: what to download, where it is, and how it went. Several instances
/// can share it: a download is taken by moving it from `queued` to `downloading` in one write.
extension NewsStore {
    /// Queues the enclosure at `url`; returns it, and whether it was queued now (false: it was in
    /// the queue already, and stays as it is, unless it had failed, which queues it again).
    @discardableResult
    public func queueDownload(
        url: URL, title: String, feedTitle: String?, type: String?, length: Int64?
    ) async throws(StoreError) -> (download: StoredDownload, queued: Bool) {
        let now = clock().timeIntervalSince1970
        return try await write { db in
            if let existing = try Row.fetchOne(
                db, sql: "SELECT * FROM download WHERE url = ?", arguments: [url.absoluteString])
            {
                var download = Self.download(existing)
                guard download.state == .failed else { return (download, false) }
                try db.execute(
                    sql: "UPDATE download SET state = 'queued', error = NULL, queuedAt = ? WHERE id = ?",
                    arguments: [now, download.id])
                download.state = .queued
                download.error = nil
                return (download, true)
            }
            try db.execute(
                sql: """
                    INSERT INTO download (url, title, feedTitle, type, length, state, queuedAt)
                    VALUES (?, ?, ?, ?, ?, 'queued', ?)
                    """,
                arguments: [url.absoluteString, title, feedTitle, type, length, now])
            return (
                StoredDownload(
                    id: db.lastInsertedRowID, url: url, title: title, feedTitle: feedTitle, type: type,
                    length: length,
                    queuedAt: Date(timeIntervalSince1970: now)), true
            )
        }
    }

    /// Every download, oldest queued first.
    public func downloads() async throws(StoreError) -> [StoredDownload] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM download ORDER BY queuedAt, id").map(Self.download)
        }
    }

    /// The download of the enclosure at `url`, if it is in the queue.
    public func download(of url: URL) async throws(StoreError) -> StoredDownload? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM download WHERE url = ?", arguments: [url.absoluteString])
                .map(Self.download)
        }
    }

    /// Takes the oldest queued download for this process: it becomes `downloading`. A download
    /// left `downloading` is taken too when the process that had it is gone, or has not said where
    /// it is for `staleAfter` seconds (``updateDownload(id:path:received:total:)``, every few
    /// seconds), and so is a failed one (it resumes from its partial file), unless it is among
    /// `excluding` (those this run tried already). Nil when none is waiting.
    public func takeNextDownload(staleAfter: TimeInterval = 30, excluding: Set<Int64> = [])
        async throws(StoreError)
        -> StoredDownload?
    {
        let now = clock().timeIntervalSince1970
        let me = Int64(getpid())
        let skipped =
            excluding.isEmpty ? "" : "AND id NOT IN (\(excluding.map(String.init).joined(separator: ",")))"
        return try await write { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM download WHERE state <> 'done' \(skipped)
                    ORDER BY state = 'failed', queuedAt, id
                    """)
            let row = rows.first { row in
                switch row["state"] as String {
                case "downloading":
                    let owner: Int64? = row["owner"]
                    let heard: Double = row["finishedAt"] ?? row["queuedAt"]
                    return heard < now - staleAfter || owner.map { !Self.isRunning($0) } ?? true
                default:
                    return true
                }
            }
            guard let row else { return nil }
            var download = Self.download(row)
            try db.execute(
                sql:
                    "UPDATE download SET state = 'downloading', error = NULL, finishedAt = ?, owner = ? WHERE id = ?",
                arguments: [now, me, download.id])
            download.state = .downloading
            download.interrupted = false
            return download
        }
    }

    /// True when process `pid` runs (and is not this one's ended predecessor: `kill` with no
    /// signal asks without touching it).
    private static func isRunning(_ pid: Int64) -> Bool {
        guard pid > 0, pid <= Int64(Int32.max) else { return false }
        return kill(pid_t(pid), 0) == 0 || errno == EPERM
    }

    /// Records where download `id` is: its file, bytes received and expected.
    public func updateDownload(id: Int64, path: String?, received: Int64, total: Int64?)
        async throws(StoreError)
    {
        let now = clock().timeIntervalSince1970
        try await write { db in
            try db.execute(
                sql: "UPDATE download SET path = ?, received = ?, total = ?, finishedAt = ? WHERE id = ?",
                arguments: [path, received, total, now, id])
        }
    }

    /// Ends download `id`: done at `path`, or failed with `error` (its partial file kept at
    /// `path`, for the next run to resume).
    public func finishDownload(id: Int64, path: String?, received: Int64, error: String?)
        async throws(StoreError)
    {
        let now = clock().timeIntervalSince1970
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE download SET state = ?, path = ?, received = ?, error = ?, finishedAt = ?,
                        total = CASE WHEN ? IS NULL THEN ? ELSE total END
                    WHERE id = ?
                    """,
                arguments: [
                    error == nil ? "done" : "failed", path, received, error, now, error, received, id,
                ])
        }
    }

    /// Removes download `id` from the queue (its file stays).
    public func removeDownload(id: Int64) async throws(StoreError) {
        try await write { db in try db.execute(sql: "DELETE FROM download WHERE id = ?", arguments: [id]) }
    }

    private static func download(_ row: Row) -> StoredDownload {
        StoredDownload(
            id: row["id"], url: URL(string: row["url"]) ?? URL(string: "about:blank")!, title: row["title"],
            feedTitle: row["feedTitle"], type: row["type"], length: row["length"],
            state: StoredDownload.State(rawValue: row["state"]) ?? .failed, path: row["path"],
            received: row["received"], total: row["total"], error: row["error"],
            queuedAt: Date(timeIntervalSince1970: row["queuedAt"]),
            finishedAt: (row["finishedAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
            interrupted: row["state"] == "downloading" && !((row["owner"] as Int64?).map(isRunning) ?? false))
    }
}
