import Foundation

/// The size of the `newsapp` binary measured, and whether it carries symbols or debug
/// information: `Scripts/benchmark` measures the one `Scripts/install` puts in place, stripped.
struct BinarySize {
    /// Bytes on disk.
    var bytes: Int
    /// The ELF sections' sizes in bytes by name, from its section headers (empty when it is not a
    /// 64-bit ELF file).
    var sectionSizes: [String: Int]

    var sections: Set<String> { Set(sectionSizes.keys) }

    var isStripped: Bool { !sections.contains(".symtab") && !sections.contains(".debug_info") }

    /// The protocol conformance records the Swift runtime scans when a cast or a generic lookup
    /// first asks for a conformance: the `swift5_protocol_conformances` section holds one 4-byte
    /// relative pointer per record. Nil when the section is not found.
    var conformanceRecords: Int? { sectionSizes["swift5_protocol_conformances"].map { $0 / 4 } }

    init(of path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        bytes = data.count
        sectionSizes = Self.sectionSizes(data)
    }

    /// The sizes of an ELF64 little-endian file's sections by name.
    private static func sectionSizes(_ data: Data) -> [String: Int] {
        guard data.count >= 64, data.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]), data[4] == 2, data[5] == 1
        else { return [:] }
        func integer(_ offset: Int, _ size: Int) -> Int {
            guard offset >= 0, offset + size <= data.count else { return 0 }
            var value = 0
            for index in (0..<size).reversed() {
                value = value << 8 | Int(data[data.startIndex + offset + index])
            }
            return value
        }
        let headers = integer(0x28, 8)
        let headerSize = integer(0x3A, 2)
        let count = integer(0x3C, 2)
        let namesIndex = integer(0x3E, 2)
        guard headerSize >= 64, count > namesIndex else { return [:] }
        let names = integer(headers + namesIndex * headerSize + 0x18, 8)
        var result: [String: Int] = [:]
        for section in 0..<count {
            let header = headers + section * headerSize
            let start = names + integer(header, 4)
            guard start >= 0, start < data.count else { continue }
            let end = data[start...].firstIndex(of: 0) ?? data.endIndex
            result[String(decoding: data[start..<end], as: UTF8.self), default: 0] += integer(
                header + 0x20, 8)
        }
        return result
    }
}
