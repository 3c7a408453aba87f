import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the store could not do what it was asked. Each case has a one-line ``sentence`` for the
/// screen; reasons are short, lowercase and contain no article text.
public enum StoreError: Error, Sendable, Equatable {
    /// No store could be opened or created at `path`, e.g. the directory is read-only. The app
    /// runs without a store.
    case unavailable(path: String, reason: String)
    /// The file at `path` is damaged, but it could not be moved out of the way.
    case cannotSetAside(path: String, reason: String)
    /// A read or a write failed; the store itself is still open.
    case failed(reason: String)
    /// The calling task was cancelled.
    case cancelled
    /// A filter's regular expressions ran longer than `seconds` over the stored items.
    case filterTimedOut(seconds: Int)

    /// A one-line description for the screen.
    public var sentence: String {
        switch self {
        case .unavailable(let path, let reason):
            "Could not open the news store at \(path) (\(reason)), so articles will not be kept this time."
        case .cannotSetAside(let path, let reason):
            "The news store at \(path) is damaged and could not be moved aside (\(reason)), "
                + "so articles will not be kept this time."
        case .failed(let reason):
            "The news store could not be read or written (\(reason))."
        case .cancelled:
            "Cancelled."
        case .filterTimedOut(let seconds):
            "The filter took more than \(seconds) seconds over the stored items and was stopped; a simpler "
                + "regular expression, or a condition on tags, age or unread, narrows it faster."
        }
    }

    /// Wraps any error a store call can throw, for callers that lost its type.
    public init(failed error: any Error) {
        self.init(error)
    }

    /// Wraps an error thrown by SQLite or the task machinery.
    init(_ error: any Error) {
        switch error {
        case let error as StoreError: self = error
        case is CancellationError: self = .cancelled
        case let error as DatabaseError: self = .failed(reason: Self.reason(error))
        default: self = .failed(reason: String(describing: error))
        }
    }

    /// True when `error` says the file itself is damaged: not a database, malformed, or shorter
    /// than its header says.
    static func isDamage(_ error: DatabaseError) -> Bool {
        [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT].contains(error.resultCode)
            || error.extendedResultCode == .SQLITE_IOERR_SHORT_READ
    }

    /// SQLite's message, or its result code when there is none.
    static func reason(_ error: DatabaseError) -> String {
        error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
    }

    /// The C library's description of `code`, e.g. "permission denied".
    static func reason(errno code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

extension StoreError {
    /// The reason part, for wrapping into another case.
    var reasonText: String {
        switch self {
        case .unavailable(_, let reason), .cannotSetAside(_, let reason), .failed(let reason): reason
        case .cancelled: "cancelled"
        case .filterTimedOut(let seconds): "a filter ran longer than \(seconds) seconds"
        }
    }
}
