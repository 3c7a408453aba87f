/// An element's start tag as libxml2's SAX2 parser reports it; valid during the callback only.
struct XMLStartTag {
    let name: XMLName
    /// The prefix as written (`dc` in `dc:creator`), nil when none.
    let prefix: UnsafePointer<UInt8>?
    /// The namespace the name is in, nil when none (or when its prefix was never declared).
    let namespaceURI: UnsafePointer<UInt8>?
    let attributes: XMLAttributes
}

/// The attributes of a start tag: libxml2's array of (local name, prefix, URI, value start,
/// value end) per attribute.
struct XMLAttributes {
    fileprivate let fields: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    let count: Int
    fileprivate let entities: XMLEntityTable

    init(fields: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int, entities: XMLEntityTable) {
        self.fields = fields
        self.count = count
        self.entities = entities
    }

    /// The value of the attribute whose local name is `name` (lower case, matched ignoring
    /// case) and whose prefix is `prefix` (nil: an attribute without one), entities resolved.
    func value(_ name: StaticString, prefix: StaticString? = nil) -> String? {
        rawValue(name, prefix: prefix).map(entities.attributeValue)
    }

    /// True when the attribute's value is one of the keywords `ascii` (lower case), ignoring case
    /// and surrounding white space; compared in place, no `String` made.
    func value(_ name: StaticString, is ascii: StaticString) -> Bool {
        guard let raw = rawValue(name, prefix: nil) else { return false }
        return ASCIIBytes(raw).trimmed.equals(ascii)
    }

    /// True when the attribute's value contains `ascii` (lower case), ignoring case.
    func value(_ name: StaticString, contains ascii: StaticString) -> Bool {
        guard let raw = rawValue(name, prefix: nil) else { return false }
        return ASCIIBytes(raw).contains(ascii)
    }

    /// True when the attribute is present and not only white space.
    func hasValue(_ name: StaticString) -> Bool {
        guard let raw = rawValue(name, prefix: nil) else { return false }
        return !ASCIIBytes(raw).trimmed.bytes.isEmpty
    }

    /// The value's bytes as libxml2 left them (see ``XMLEntityTable/attributeValue(_:)``).
    private func rawValue(_ name: StaticString, prefix: StaticString?) -> UnsafeBufferPointer<UInt8>? {
        guard let fields else { return nil }
        for index in 0..<count {
            let field = fields + index * 5
            guard let local = field[0], XMLName(bytes: local).matches(name) else { continue }
            if let prefix {
                guard field[1].isEqual(to: prefix) else { continue }
            } else if field[1] != nil {
                continue
            }
            guard let start = field[3], let end = field[4] else {
                return UnsafeBufferPointer(start: nil, count: 0)
            }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }
}

extension XMLAttributes: Sequence {
    /// Each attribute's qualified name (`prefix:local`) and value, in document order.
    struct Iterator: IteratorProtocol {
        fileprivate let attributes: XMLAttributes
        fileprivate var index = 0

        mutating func next() -> (name: String, value: String)? {
            guard let fields = attributes.fields else { return nil }
            while index < attributes.count {
                let field = fields + index * 5
                index += 1
                guard let local = field[0], let start = field[3], let end = field[4] else { continue }
                var name = String(cString: local)
                if let prefix = field[1] { name = String(cString: prefix) + ":" + name }
                let value = attributes.entities.attributeValue(
                    UnsafeBufferPointer(start: start, count: end - start))
                return (name, value)
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(attributes: self) }
}
