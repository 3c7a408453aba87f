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
struct Sanitized<Value: Encodable>: Encodable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: SanitizingEncoder(base: encoder))
    }

    static func clean(_ text: String) -> String {
        TextSanitizer.clean(text, lineBreaks: .keep)
    }

    /// A string cleaned; `value` itself when it holds no string (numbers, booleans) or its encoder
    /// writes it in a form of its own (URLs, dates, data); else `value` wrapped so that its strings
    /// are cleaned.
    static func wrapped<T: Encodable>(_ value: T) -> any Encodable {
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
    let base: any Encoder

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(SanitizingKeyedContainer(base: base.container(keyedBy: type)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        SanitizingUnkeyedContainer(base: base.unkeyedContainer())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SanitizingSingleValueContainer(base: base.singleValueContainer())
    }
}

private struct SanitizingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<Key>
    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try base.encodeNil(forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try base.encode(Sanitized<T>.wrapped(value), forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            SanitizingKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType, forKey: key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        SanitizingUnkeyedContainer(base: base.nestedUnkeyedContainer(forKey: key))
    }

    mutating func superEncoder() -> any Encoder { SanitizingEncoder(base: base.superEncoder()) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        SanitizingEncoder(base: base.superEncoder(forKey: key))
    }
}

private struct SanitizingUnkeyedContainer: UnkeyedEncodingContainer {
    var base: any UnkeyedEncodingContainer
    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int { base.count }

    mutating func encodeNil() throws { try base.encodeNil() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try base.encode(Sanitized<T>.wrapped(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            SanitizingKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        SanitizingUnkeyedContainer(base: base.nestedUnkeyedContainer())
    }

    mutating func superEncoder() -> any Encoder { SanitizingEncoder(base: base.superEncoder()) }
}

private struct SanitizingSingleValueContainer: SingleValueEncodingContainer {
    var base: any SingleValueEncodingContainer
    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil() throws { try base.encodeNil() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try base.encode(Sanitized<T>.wrapped(value))
    }
}
