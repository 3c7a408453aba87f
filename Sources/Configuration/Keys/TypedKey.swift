/// A key of the config file as a typed value: its declaration (``ConfigurationKey``), the type its
/// value is read as, and the value it has when neither the command line nor the file sets it.
/// ``ConfigurationKeys`` declares each key once as one of these; ``Configuration`` and
/// ``Settings`` are read through them (`settings[\.pageSize]`), so a new key is its declaration
/// and its use, nothing else.
@dynamicMemberLookup
public struct TypedKey<Value: Sendable>: Sendable {
    public let declaration: ConfigurationKey
    /// The value when nothing sets it: the declared default, or nil for a key without one.
    public let fallback: Value
    /// The value a ``Configuration`` keeps for the key, read as `Value`.
    let decode: @Sendable (TOMLValue) -> Value?
    /// `Value` as a ``Configuration`` keeps it; nil for none (an optional key's nil).
    let encode: @Sendable (Value) -> TOMLValue?

    init(
        _ name: String, _ kind: ConfigurationKey.Kind, fallback: Value, example: Value, help: String,
        decode: @escaping @Sendable (TOMLValue) -> Value?,
        encode: @escaping @Sendable (Value) -> TOMLValue?
    ) {
        declaration = ConfigurationKey(
            name: name, kind: kind, defaultValue: encode(fallback), example: encode(example), help: help)
        self.fallback = fallback
        self.decode = decode
        self.encode = encode
    }

    /// The declaration's name, kind, range and descriptions, as `key.name`.
    public subscript<Property>(dynamicMember property: KeyPath<ConfigurationKey, Property>)
        -> Property
    {
        declaration[keyPath: property]
    }
}

/// A key's declaration, whether it is read through a typed value or, as the rule tables are, by
/// the loader alone.
public protocol ConfigurationKeyDeclaring: Sendable {
    var declaration: ConfigurationKey { get }
}

extension TypedKey: ConfigurationKeyDeclaring {}

extension ConfigurationKey: ConfigurationKeyDeclaring {
    public var declaration: ConfigurationKey { self }
}

extension TypedKey where Value == Int {
    init(
        _ name: String, _ kind: ConfigurationKey.Kind, default fallback: Int, example: Int, help: String
    ) {
        self.init(
            name, kind, fallback: fallback, example: example, help: help, decode: { $0.int },
            encode: { .integer(Int64($0)) })
    }
}

extension TypedKey where Value == String {
    init(
        _ name: String, _ kind: ConfigurationKey.Kind, default fallback: String, example: String,
        help: String
    ) {
        self.init(
            name, kind, fallback: fallback, example: example, help: help, decode: { $0.string },
            encode: { .string($0) })
    }
}

extension TypedKey where Value == String? {
    /// A key without a default.
    init(_ name: String, _ kind: ConfigurationKey.Kind, example: String, help: String) {
        self.init(
            name, kind, fallback: nil, example: example, help: help,
            decode: { $0.string.map { .some($0) } },
            encode: { $0.map { .string($0) } })
    }
}

extension TypedKey where Value: CaseIterable & RawRepresentable<String> {
    /// A key of one of `Value`'s cases.
    init(_ name: String, default fallback: Value, example: Value, help: String) {
        self.init(
            name, .choice(Value.allCases.map(\.rawValue)), fallback: fallback, example: example,
            help: help,
            decode: { $0.string.flatMap(Value.init(rawValue:)) }, encode: { .string($0.rawValue) })
    }
}
