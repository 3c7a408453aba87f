#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON document as `JSONSerialization` gave it, decoded with `JSONDecoder` (which refuses
/// nesting deeper than 512): objects as `[String: Any]`, arrays as `[Any]`, strings as `String`,
/// numbers as `Double`, booleans as `Bool`, and null as `Optional<Any>.none`, so that a reader of
/// loosely typed JSON-LD asks `as? String` and `as? [String: Any]` of any value.
struct JSONTree: Decodable {
    let value: Any

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = Optional<Any>.none as Any
        } else if let bool = try? container.decode(Bool.self) {
            value = bool
        } else if let number = try? container.decode(Double.self) {
            value = number
        } else if let string = try? container.decode(String.self) {
            value = string
        } else if let array = try? container.decode([JSONTree].self) {
            value = array.map(\.value)
        } else {
            value = try container.decode([String: JSONTree].self).mapValues(\.value)
        }
    }
}
