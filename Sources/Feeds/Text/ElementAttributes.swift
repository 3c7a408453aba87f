/// The attributes of a start tag that the conversion reads, found in one pass over libxml2's
/// NULL-terminated array of name and value pairs (names lowercase, values with entities decoded).
struct ElementAttributes {
    /// Whether the element has the `hidden` attribute, which drops it like `display: none`.
    private(set) var hidden = false
    /// The value of the attribute the element wants (see ``HTMLElement/wantedAttribute``).
    private(set) var wanted: UnsafePointer<UInt8>?

    /// Attributes read already: `wanted`'s value (NUL-terminated) and whether the element is hidden.
    init(wanted: UnsafePointer<UInt8>?, hidden: Bool = false) {
        self.wanted = wanted
        self.hidden = hidden
    }

    init(_ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, wanted name: StaticString?) {
        guard let attributes else { return }
        var index = 0
        while let attribute = attributes[index] {
            if Self.equals(attribute, "hidden") {
                hidden = true
            } else if let name, wanted == nil, Self.equals(attribute, name) {
                wanted = attributes[index + 1]
            }
            index += 2
        }
    }

    /// The bytes of a NUL-terminated string, without the NUL.
    static func bytes(of text: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var count = 0
        while text[count] != 0 { count += 1 }
        return UnsafeBufferPointer(start: text, count: count)
    }

    private static func equals(_ text: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
        let expected = name.utf8Start
        for index in 0..<name.utf8CodeUnitCount where text[index] != expected[index] { return false }
        return text[name.utf8CodeUnitCount] == 0
    }
}

extension HTMLElement {
    /// The one attribute the conversion reads from this element, if any.
    var wantedAttribute: StaticString? {
        switch self {
        case .link, .base: "href"
        case .image: "alt"
        case .orderedList: "start"
        default: nil
        }
    }
}
