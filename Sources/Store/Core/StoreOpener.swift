import NewsModels
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

extension NewsStore {
    /// Opens the store at `url` (the app's is `$XDG_CACHE_HOME/newsapp/news.sqlite`, by default
    /// `~/.cache/newsapp/news.sqlite`), creating its directory and a new store when there is none,
    /// and migrating an older one.
    ///
    /// A file that is not a usable store (not a database, truncated, damaged, or holding a
    /// schema the migrations cannot bring up to date) is never used and never deleted: it is
    /// renamed to `news.sqlite.corrupt-<yyyyMMdd-HHmmss>` (UTC, from `clock`) with its `-wal`
    /// and `-shm` files, a new store is created, and `notice` is one sentence for the user that
    /// names the renamed file. Errors that say nothing about the file (busy, read-only, disk
    /// full) are thrown instead, leaving it in place.
    ///
    /// - Throws: ``StoreError`` with a one-line sentence when no store can be opened or created,
    ///   e.g. in a read-only directory; the app then runs without one.
    public static func open(at url: URL, clock: @escaping @Sendable () -> Date = { Date() })
        throws(StoreError)
        -> (NewsStore, notice: String?)
    {
        try StoreOpener(url: url, clock: clock).open()
    }
}

/// Opening, creating, checking and setting aside store files.
struct StoreOpener {
    let path: String
    let clock: @Sendable () -> Date

    init(url: URL, clock: @escaping @Sendable () -> Date) {
        path = url.standardizedFileURL.path
        self.clock = clock
    }

    /// Every connection: a busy timeout, so two app instances take turns; synchronous NORMAL,
    /// which in WAL mode loses no committed transaction when the process is killed (only,
    /// possibly, the last ones on a power cut) and never corrupts the file; and the tokenizer
    /// that lets feed writes tokenize their items on other threads (``TokenReplay``).
    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.foreignKeysEnabled = true
        configuration.label = "NewsStore"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            FilterFunctions.register(db)
            // Before the connection first uses the full-text index.
            TokenReplay.install(on: db)
        }
        return configuration
    }

    /// The page size of new store files: 16 KiB pages write feed items with their full-text index
    /// rows faster than SQLite's default 4 KiB (see BENCHMARKS.md, “Measurements behind the
    /// code”). Files made with another size keep it.
    static let pageSize = 16_384

    private enum Outcome {
        case opened(DatabasePool)
        case damaged(reason: String)
    }

    func open() throws(StoreError) -> (NewsStore, notice: String?) {
        try createDirectory()
        removeAbandonedCreations()
        switch try attempt() {
        case .opened(let pool):
            return (NewsStore(writer: pool, clock: clock, path: path), nil)
        case .damaged(let reason):
            let aside = try setAside()
            guard case .opened(let pool) = try attempt() else {
                throw .unavailable(path: path, reason: "a new store could not be created")
            }
            let notice =
                "The news store could not be read (\(reason)), so it was moved aside to \(aside); "
                + "saved articles in it were not lost but set aside there, and a new store was started."
            return (NewsStore(writer: pool, clock: clock, path: path), notice)
        }
    }

    /// For a store found damaged after it was opened, whose pool is closed: moves the file
    /// aside and creates a new store in its place. Returns the new store's pool and where the old
    /// file went.
    ///
    /// `damaged` is the identity of the damaged file: when the file at the path is another one,
    /// another app instance already replaced it, and that store is opened instead (`aside` nil).
    func replaceDamaged(_ damaged: FileIdentity?) throws(StoreError) -> (DatabasePool, aside: String?) {
        try createDirectory()
        var aside: String?
        if let current = Self.identity(of: path), current == damaged {
            aside = try setAside()
        }
        guard case .opened(let pool) = try attempt() else {
            throw .unavailable(path: path, reason: "a new store could not be created")
        }
        return (pool, aside)
    }

    // MARK: - Opening

    private func attempt() throws(StoreError) -> Outcome {
        if !exists(path) {
            try createFresh()
        }
        if let damage = inspectFile() {
            return .damaged(reason: damage)
        }
        if case .damaged(let reason)? = try preflight() {
            return .damaged(reason: reason)
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: Self.configuration())
        } catch {
            return try classify(error, migrating: false)
        }
        do {
            if let mismatch = try migrate(pool) {
                try? pool.close()
                return .damaged(reason: Self.notOurTables(mismatch))
            }
            return .opened(pool)
        } catch {
            try? pool.close()
            return try classify(error, migrating: true)
        }
    }

    /// A read-only look before anything is written: a file that is not a store, or whose
    /// applied migrations left other tables than they make, is set aside exactly as it was.
    private func preflight() throws(StoreError) -> Outcome? {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            let problem = try queue.read { db -> String? in
                let tables = try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
                guard try db.tableExists("grdb_migrations") else {
                    return tables == 0 ? nil : "it holds tables NewsApp did not create"
                }
                let applied = try StoreSchema.migrator.appliedIdentifiers(db)
                return try StoreSchema.mismatch(in: db, applied: applied).map(Self.notOurTables)
            }
            return problem.map { .damaged(reason: $0) }
        } catch {
            return try classify(error, migrating: false)
        }
    }

    /// Runs the migrations not applied yet; returns why the schema is not the expected one
    /// afterwards, or nil.
    private func migrate(_ pool: DatabasePool) throws -> String? {
        let migrator = StoreSchema.migrator
        if try !pool.read(migrator.hasCompletedMigrations) {
            do {
                try migrator.migrate(pool)
            } catch {
                // Another instance may have been migrating the same file at the same moment: its
                // migration won, and ours then failed on the tables it had just created.
                guard try pool.read(migrator.hasCompletedMigrations) else { throw error }
            }
        }
        return try pool.read { try StoreSchema.mismatch(in: $0) }
    }

    private static func notOurTables(_ detail: String) -> String {
        "its tables are not the ones NewsApp expects: " + detail
    }

    /// Damage an error reveals, or the error itself when it says nothing about the file.
    private func classify(_ error: any Error, migrating: Bool) throws(StoreError) -> Outcome {
        guard let error = error as? DatabaseError else { throw .unavailable(path: path, reason: "\(error)") }
        let schemaTrouble: [ResultCode] = [
            .SQLITE_ERROR, .SQLITE_CONSTRAINT, .SQLITE_MISMATCH, .SQLITE_SCHEMA,
        ]
        if StoreError.isDamage(error) {
            return .damaged(reason: StoreError.reason(error))
        }
        if migrating, schemaTrouble.contains(error.resultCode) {
            return .damaged(reason: Self.notOurTables(StoreError.reason(error)))
        }
        throw .unavailable(path: path, reason: StoreError.reason(error))
    }

    /// Damage visible in the file's bytes without opening it, or nil.
    ///
    /// A store is never created in place (see ``createFresh()``), so an empty file is damage.
    /// When the header says the database is longer than the file and no write-ahead log could
    /// explain it, the file was truncated: that is confirmed with `PRAGMA quick_check`, whose
    /// cost is paid only then.
    private func inspectFile() -> String? {
        guard FileManager.default.isReadableFile(atPath: path) else { return "the file cannot be read" }
        guard let header = POSIXFile.readPrefix(ofFileAt: path, count: 100) else {
            return "the file cannot be read"
        }
        let size = fileSize(path)
        if size == 0 { return "the file is empty" }
        let magic = Array("SQLite format 3\0".utf8)
        guard header.count == 100, header.prefix(16).elementsEqual(magic) else {
            return "the file is not a database"
        }
        let bytes = header
        func bigEndian(_ offset: Int, _ count: Int) -> Int {
            bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
        }
        let rawPageSize = bigEndian(16, 2)
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return "the file is not a database" }
        guard fileSize(path + "-wal") == 0 else { return nil }
        let pageCount = bigEndian(28, 4)
        let headerSizeIsValid = pageCount > 0 && bigEndian(24, 4) == bigEndian(92, 4)
        guard headerSizeIsValid, Int64(pageCount) * Int64(pageSize) > size else { return nil }
        return quickCheckFails() ? "the file is truncated" : nil
    }

    /// True when SQLite itself finds the file damaged.
    private func quickCheckFails() -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            let result = try queue.read { try String.fetchAll($0, sql: "PRAGMA quick_check") }
            return result != ["ok"]
        } catch {
            return true
        }
    }

    // MARK: - Creating

    private func createDirectory() throws(StoreError) {
        let directory = path.deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .unavailable(path: path, reason: "its directory cannot be created")
        }
    }

    /// Creates a store beside the final path, migrates it, closes it and only then links it into
    /// place, so the store's path never holds a half-made store: a crash during creation leaves
    /// only a `.creating-` file, and two instances creating at once both end up on the one that
    /// was linked first.
    private func createFresh() throws(StoreError) {
        // A write-ahead log without its database would be replayed into the new one.
        if !exists(path) {
            for suffix in ["-wal", "-shm"] where exists(path + suffix) {
                unlink(path + suffix)
            }
        }
        let temporary = path + ".creating-" + UUID().uuidString
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) }
        }
        do {
            var configuration = Self.configuration()
            // Before the first page is written: WAL mode fixes the page size for good.
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA page_size = \(Self.pageSize)")
            }
            let pool = try DatabasePool(path: temporary, configuration: configuration)
            try StoreSchema.migrator.migrate(pool)
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            try pool.close()
        } catch let error as DatabaseError {
            throw .unavailable(path: path, reason: StoreError.reason(error))
        } catch {
            throw .unavailable(path: path, reason: "\(error)")
        }
        if link(temporary, path) == 0 { return }
        let failure = errno
        if failure == EEXIST { return }  // Another instance created it first; use theirs.
        guard [EPERM, EXDEV, ENOTSUP, EOPNOTSUPP, ENOSYS].contains(failure) else {
            throw .unavailable(path: path, reason: StoreError.reason(errno: failure))
        }
        // No hard links on this file system: rename, which is atomic but may replace.
        if !exists(path), rename(temporary, path) == 0 { return }
        if exists(path) { return }
        throw .unavailable(path: path, reason: StoreError.reason(errno: errno))
    }

    /// Removes `.creating-` files that a crash left behind more than an hour ago.
    private func removeAbandonedCreations() {
        let directory = path.deletingLastPathComponent
        let prefix = path.lastPathComponent + ".creating-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let limit = Date().addingTimeInterval(-3600)
        for name in names where name.hasPrefix(prefix) {
            let file = directory.appendingPathComponent(name)
            let modified =
                (try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate]) as? Date
            if let modified, modified < limit { unlink(file) }
        }
    }

    // MARK: - Setting aside

    /// Renames the store and its `-wal` and `-shm` files to `<path>.corrupt-<stamp>`, and returns
    /// the new path of the store file.
    private func setAside() throws(StoreError) -> String {
        let base = path + ".corrupt-" + Self.stamp(clock())
        var target = base
        var number = 2
        while exists(target) || exists(target + "-wal") {
            target = base + "-\(number)"
            number += 1
        }
        guard rename(path, target) == 0 else {
            throw .cannotSetAside(path: path, reason: StoreError.reason(errno: errno))
        }
        for suffix in ["-wal", "-shm"] where exists(path + suffix) {
            // A log left at the store's path would be replayed into the new store.
            if rename(path + suffix, target + suffix) != 0, unlink(path + suffix) != 0 {
                throw .cannotSetAside(path: path + suffix, reason: StoreError.reason(errno: errno))
            }
        }
        return target
    }

    /// `20261122-035300`, in UTC.
    static func stamp(_ date: Date) -> String {
        Timestamp.Civil(date).dateAndTime(dateSeparator: "", between: "-", timeSeparator: "")
    }

    // MARK: - Files

    /// Which file is at a path: it changes when the file is replaced.
    struct FileIdentity: Sendable, Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// The identity of the file at `file`, or nil when there is none.
    static func identity(of file: String) -> FileIdentity? {
        var status = stat()
        guard stat(file, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    private func exists(_ file: String) -> Bool {
        var status = stat()
        return lstat(file, &status) == 0
    }

    /// The size of `file` in bytes; 0 when it does not exist.
    private func fileSize(_ file: String) -> Int64 {
        var status = stat()
        return stat(file, &status) == 0 ? Int64(status.st_size) : 0
    }
}
