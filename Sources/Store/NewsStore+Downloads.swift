import Foundation
import GRDB

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
            if let existing = try Row.fetchOne(db, sql: "SELECT * FROM download WHERE url = ?", arguments: [url.absoluteString]) {
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
                    id: db.lastInsertedRowID, url: url, title: title, feedTitle: feedTitle, type: type, length: length,
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

    /// Takes the oldest queued download (or one left `downloading` by a run that stopped more than
    /// `staleAfter` seconds ago) for this run: it becomes `downloading`. Nil when none is waiting.
    public func takeNextDownload(staleAfter: TimeInterval = 3_600) async throws(StoreError) -> StoredDownload? {
        let now = clock().timeIntervalSince1970
        return try await write { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT * FROM download
                        WHERE state = 'queued' OR (state = 'downloading' AND coalesce(finishedAt, queuedAt) < ?)
                        ORDER BY queuedAt, id LIMIT 1
                        """,
                    arguments: [now - staleAfter])
            else { return nil }
            var download = Self.download(row)
            try db.execute(
                sql: "UPDATE download SET state = 'downloading', error = NULL, finishedAt = ? WHERE id = ?",
                arguments: [now, download.id])
            download.state = .downloading
            return download
        }
    }

    /// Records where download `id` is: its file, bytes received and expected.
    public func updateDownload(id: Int64, path: String?, received: Int64, total: Int64?) async throws(StoreError) {
        let now = clock().timeIntervalSince1970
        try await write { db in
            try db.execute(
                sql: "UPDATE download SET path = ?, received = ?, total = ?, finishedAt = ? WHERE id = ?",
                arguments: [path, received, total, now, id])
        }
    }

    /// Ends download `id`: done at `path`, or failed with `error` (its partial file kept at
    /// `path`, for the next run to resume).
    public func finishDownload(id: Int64, path: String?, received: Int64, error: String?) async throws(StoreError) {
        let now = clock().timeIntervalSince1970
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE download SET state = ?, path = ?, received = ?, error = ?, finishedAt = ?,
                        total = CASE WHEN ? IS NULL THEN ? ELSE total END
                    WHERE id = ?
                    """,
                arguments: [error == nil ? "done" : "failed", path, received, error, now, error, received, id])
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
            finishedAt: (row["finishedAt"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
}
