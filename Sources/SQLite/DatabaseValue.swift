#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A value as SQLite stores it: NULL, an integer, a real, text or a blob.
public enum DatabaseValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var isNull: Bool { self == .null }
}

/// A Swift type stored as one SQLite value and read back from one.
///
/// Reading follows SQLite's own conversions (an integer column read as text gives its digits, a
/// real read as an integer is truncated), so a value is never refused for its storage class; only
/// NULL is refused by a type that is not optional, and that is a programming error.
public protocol DatabaseValueConvertible: Sendable {
    var databaseValue: DatabaseValue { get }
    /// The value `value` holds, or nil when it cannot be this type (NULL, for a non-optional one).
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }

    public static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        return Wrapped.fromDatabaseValue(value).map { .some($0) }
    }
}

extension Int64: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self) }

    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
        switch value {
        case .null: nil
        case .integer(let number): number
        case .real(let number): number.isFinite ? Int64(exactly: number.rounded(.towardZero)) ?? 0 : 0
        case .text(let text):
            Int64(text) ?? Double(text).flatMap { Int64(exactly: $0.rounded(.towardZero)) } ?? 0
        case .blob(let bytes): Int64(String(decoding: bytes, as: UTF8.self)) ?? 0
        }
    }
}

extension Int: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int? {
        Int64.fromDatabaseValue(value).map { Int(truncatingIfNeeded: $0) }
    }
}

extension Int32: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int32? {
        Int64.fromDatabaseValue(value).map { Int32(truncatingIfNeeded: $0) }
    }
}

extension Bool: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        switch value {
        case .null: nil
        case .real(let number): number != 0
        default: Int64.fromDatabaseValue(value).map { $0 != 0 }
        }
    }
}

extension Double: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .real(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case .null: nil
        case .integer(let number): Double(number)
        case .real(let number): number
        case .text(let text): Double(text) ?? 0
        case .blob(let bytes): Double(String(decoding: bytes, as: UTF8.self)) ?? 0
        }
    }
}

extension String: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        switch value {
        case .null: nil
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text(let text): text
        case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }
}

extension Data: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .blob([UInt8](self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
        switch value {
        case .null: nil
        case .blob(let bytes): Data(bytes)
        case .text(let text): Data(text.utf8)
        case .integer, .real: String.fromDatabaseValue(value).map { Data($0.utf8) }
        }
    }
}
