import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An `Encodable` whose every string is written as the screen shows it: through
/// ``TerminalText/TextSanitizer`` (escape sequences, control characters, bidi controls and byte
/// order marks removed; line breaks kept). `--json` output says what the screen says, so a script
/// never receives `\u202E` that the screen would have dropped.
public struct Sanitized<Value: Encodable>: Encodable {
    public var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: SanitizingEncoder(base: encoder))
    }

    public static func clean(_ text: String) -> String {
        TextSanitizer.clean(text, lineBreaks: .keep)
    }

    /// A string cleaned; `value` itself when it holds no string (numbers, booleans) or its encoder
    /// writes it in a form of its own (URLs, dates, data); else `value` wrapped so that its strings
    /// are cleaned.
    public static func wrapped<T: Encodable>(_ value: T) -> any Encodable {
        if let text = value as? String { return clean(text) }
        if value is any BinaryInteger || value is any BinaryFloatingPoint || value is Bool || value is URL
            || value is Date || value is Data || value is Decimal
        {
            return value
        }
        return Sanitized<T>(value)
    }
}

/// Hands the containers of `base` wrapped, so that strings are cleaned at every depth.
private struct SanitizingEncoder: Encoder {
    public let base: any Encoder

    public var codingPath: [any CodingKey] { base.codingPath }
    public var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(SanitizingKeyedContainer(base: base.container(keyedBy: type)))
    }

    public func unkeyedContainer() -> any UnkeyedEncodingContainer {
        SanitizingUnkeyedContainer(base: base.unkeyedContainer())
    }

    public func singleValueContainer() -> any SingleValueEncodingContainer {
        SanitizingSingleValueContainer(base: base.singleValueContainer())
    }
}

private struct SanitizingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    public var base: KeyedEncodingContainer<Key>
    public var codingPath: [any CodingKey] { base.codingPath }

    public mutating func encodeNil(forKey key: Key) throws { try base.encodeNil(forKey: key) }

    public mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try base.encode(Sanitized<T>.wrapped(value), forKey: key)
    }

    public mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    )
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            SanitizingKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType, forKey: key)))
    }

    public mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        SanitizingUnkeyedContainer(base: base.nestedUnkeyedContainer(forKey: key))
    }

    public mutating func superEncoder() -> any Encoder { SanitizingEncoder(base: base.superEncoder()) }

    public mutating func superEncoder(forKey key: Key) -> any Encoder {
        SanitizingEncoder(base: base.superEncoder(forKey: key))
    }
}

private struct SanitizingUnkeyedContainer: UnkeyedEncodingContainer {
    public var base: any UnkeyedEncodingContainer
    public var codingPath: [any CodingKey] { base.codingPath }
    public var count: Int { base.count }

    public mutating func encodeNil() throws { try base.encodeNil() }

    public mutating func encode<T: Encodable>(_ value: T) throws {
        try base.encode(Sanitized<T>.wrapped(value))
    }

    public mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            SanitizingKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType)))
    }

    public mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        SanitizingUnkeyedContainer(base: base.nestedUnkeyedContainer())
    }

    public mutating func superEncoder() -> any Encoder { SanitizingEncoder(base: base.superEncoder()) }
}

private struct SanitizingSingleValueContainer: SingleValueEncodingContainer {
    public var base: any SingleValueEncodingContainer
    public var codingPath: [any CodingKey] { base.codingPath }

    public mutating func encodeNil() throws { try base.encodeNil() }

    public mutating func encode<T: Encodable>(_ value: T) throws {
        try base.encode(Sanitized<T>.wrapped(value))
    }
}
