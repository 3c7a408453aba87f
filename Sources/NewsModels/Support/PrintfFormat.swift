#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// `arguments` formatted by libc's `printf` family, as Foundation's `String(format:)` for
    /// numbers (`%.1f`, `%02d`, `%02X`), without linking Foundation's formatter and, with it, ICU.
    package init(printf format: String, _ arguments: any CVarArg...) {
        self = withVaList(arguments) { first in
            let length = Int(vsnprintf(nil, 0, format, first))
            guard length > 0 else { return "" }
            return withVaList(arguments) { list in
                String(unsafeUninitializedCapacity: length + 1) { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { characters in
                        Int(vsnprintf(characters.baseAddress, length + 1, format, list))
                    }
                }
            }
        }
    }
}
