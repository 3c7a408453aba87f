// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The result codes keep SQLite's own names, as in its documentation and error messages.

import CSQLite

/// An SQLite result code, primary (`SQLITE_CORRUPT`) or extended (`SQLITE_IOERR_SHORT_READ`).
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: CInt

    public init(rawValue: CInt) {
        self.rawValue = rawValue
    }

    /// The primary code of an extended one (its low byte); a primary code is its own.
    public var primaryResultCode: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    public var description: String { "\(rawValue) (\(String(cString: sqlite3_errstr(rawValue))))" }

    public static let SQLITE_OK = ResultCode(rawValue: CSQLite.SQLITE_OK)
    public static let SQLITE_ERROR = ResultCode(rawValue: CSQLite.SQLITE_ERROR)
    public static let SQLITE_INTERNAL = ResultCode(rawValue: CSQLite.SQLITE_INTERNAL)
    public static let SQLITE_PERM = ResultCode(rawValue: CSQLite.SQLITE_PERM)
    public static let SQLITE_ABORT = ResultCode(rawValue: CSQLite.SQLITE_ABORT)
    public static let SQLITE_BUSY = ResultCode(rawValue: CSQLite.SQLITE_BUSY)
    public static let SQLITE_LOCKED = ResultCode(rawValue: CSQLite.SQLITE_LOCKED)
    public static let SQLITE_NOMEM = ResultCode(rawValue: CSQLite.SQLITE_NOMEM)
    public static let SQLITE_READONLY = ResultCode(rawValue: CSQLite.SQLITE_READONLY)
    public static let SQLITE_INTERRUPT = ResultCode(rawValue: CSQLite.SQLITE_INTERRUPT)
    public static let SQLITE_IOERR = ResultCode(rawValue: CSQLite.SQLITE_IOERR)
    public static let SQLITE_CORRUPT = ResultCode(rawValue: CSQLite.SQLITE_CORRUPT)
    public static let SQLITE_NOTFOUND = ResultCode(rawValue: CSQLite.SQLITE_NOTFOUND)
    public static let SQLITE_FULL = ResultCode(rawValue: CSQLite.SQLITE_FULL)
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: CSQLite.SQLITE_CANTOPEN)
    public static let SQLITE_PROTOCOL = ResultCode(rawValue: CSQLite.SQLITE_PROTOCOL)
    public static let SQLITE_SCHEMA = ResultCode(rawValue: CSQLite.SQLITE_SCHEMA)
    public static let SQLITE_TOOBIG = ResultCode(rawValue: CSQLite.SQLITE_TOOBIG)
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: CSQLite.SQLITE_CONSTRAINT)
    public static let SQLITE_MISMATCH = ResultCode(rawValue: CSQLite.SQLITE_MISMATCH)
    public static let SQLITE_MISUSE = ResultCode(rawValue: CSQLite.SQLITE_MISUSE)
    public static let SQLITE_RANGE = ResultCode(rawValue: CSQLite.SQLITE_RANGE)
    public static let SQLITE_FORMAT = ResultCode(rawValue: CSQLite.SQLITE_FORMAT)
    public static let SQLITE_NOTADB = ResultCode(rawValue: CSQLite.SQLITE_NOTADB)
    /// `SQLITE_IOERR_SHORT_READ`: the file ended before a page SQLite expected.
    public static let SQLITE_IOERR_SHORT_READ = ResultCode(rawValue: CSQLite.SQLITE_IOERR | (2 << 8))
}

/// An error SQLite reported: its result codes, its message, and the SQL it ran.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The extended result code, e.g. `SQLITE_IOERR_SHORT_READ`.
    public let extendedResultCode: ResultCode
    /// SQLite's message, e.g. "database disk image is malformed".
    public let message: String?
    /// The statement that failed, when there was one.
    public let sql: String?

    public init(resultCode: ResultCode = .SQLITE_ERROR, message: String? = nil, sql: String? = nil) {
        extendedResultCode = resultCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code, e.g. `SQLITE_IOERR`.
    public var resultCode: ResultCode { extendedResultCode.primaryResultCode }

    public var description: String {
        var text = "SQLite error \(extendedResultCode.rawValue)"
        if let message { text += ": " + message }
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }

    /// The error `code` is on `connection`, with the connection's message.
    init(code: CInt, connection: OpaquePointer?, sql: String? = nil) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's last error may belong to another call when `code` came from elsewhere.
        let matches = extended & 0xFF == code & 0xFF
        let message =
            matches ? connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } : nil
        self.init(
            resultCode: ResultCode(rawValue: matches ? extended : code),
            message: message ?? String(cString: sqlite3_errstr(code)), sql: sql)
    }
}
