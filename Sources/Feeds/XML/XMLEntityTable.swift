import CXML2

/// The entities a document may refer to, resolved by us: libxml2 expands none itself.
///
/// A reference resolves to the document's own *simple* internal entity of that name (a plain
/// text value: no `&`, no `<`, at most 1 KiB; at most 64 of them), else to HTML's named entity
/// (RSS 0.91 feeds use `&nbsp;` and `&eacute;` without the DTD that declares them), else to
/// nothing. External entities are never read (XXE), entities built from other entities are never
/// declared (billion laughs), and what declared entities expand to is capped per document
/// (the quadratic blow-up of one 1 KiB entity referenced a million times).
final class XMLEntityTable {
    static let maximumCount = 64
    static let maximumLength = 1024
    static let expansionBudget = 1 << 20

    private var declared: [String: [UInt8]] = [:]
    private var expandedBytes = 0

    /// Records a declaration from the document's DTD when it is a simple internal entity; the
    /// first declaration of a name wins, as XML says.
    func declare(name: UnsafePointer<UInt8>, type: Int32, content: UnsafePointer<UInt8>?) {
        guard type == Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue), let content,
            declared.count < Self.maximumCount
        else { return }
        var length = 0
        while content[length] != 0 {
            length += 1
            guard length <= Self.maximumLength else { return }
        }
        let value = UnsafeBufferPointer(start: content, count: length)
        guard !value.contains(UInt8(ascii: "&")), !value.contains(UInt8(ascii: "<")) else { return }
        let key = String(cString: name)
        if declared[key] == nil { declared[key] = Array(value) }
    }

    /// What `&name;` stands for, as UTF-8; nil when it stands for nothing.
    func replacement(for name: UnsafePointer<UInt8>) -> [UInt8]? {
        if !declared.isEmpty, let value = declared[String(cString: name)] {
            guard expandedBytes + value.count <= Self.expansionBudget else { return nil }
            expandedBytes += value.count
            return value
        }
        guard let entity = htmlEntityLookup(name), let scalar = Unicode.Scalar(entity.pointee.value) else {
            return nil
        }
        return Array(String(Character(scalar)).utf8)
    }

    /// An attribute value as libxml2 leaves it when it expands no entity: a literal `&` arrives
    /// as `&#38;` and every other entity reference as `&name;`. Both are resolved here.
    func attributeValue(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        let ampersand = UInt8(ascii: "&")
        guard raw.contains(ampersand) else { return String(decoding: raw, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == ampersand,
                let semicolon = raw[(index + 1)...].firstIndex(of: UInt8(ascii: ";"))
            else {
                result.append(byte)
                index += 1
                continue
            }
            let name = UnsafeBufferPointer(rebasing: raw[(index + 1)..<semicolon])
            if name.elementsEqual("#38".utf8) {
                result.append(ampersand)
            } else if let replacement = replacement(forName: name) {
                result.append(contentsOf: replacement)
            }
            index = semicolon + 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    private func replacement(forName name: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count + 1) { buffer in
            _ = buffer.initialize(from: name)
            buffer[name.count] = 0
            return replacement(for: UnsafePointer(buffer.baseAddress!))
        }
    }
}
