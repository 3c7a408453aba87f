#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Any encoding the C library's iconv knows (Shift_JIS, KOI8-R, GB18030…) to clean UTF-8. A byte
/// iconv cannot convert becomes U+FFFD; its UTF-8 output is cleaned like any other.
final class IconvDecoder: ByteDecoder {
    private let converter: iconv_t
    /// Input bytes that end in the middle of a character, kept for the next chunk.
    private var pending: [UInt8] = []
    private var converted: [UInt8] = []
    private var cleaner = UTF8Cleaner()

    /// Nil when iconv does not know `label`.
    init?(label: String) {
        let converter = iconv_open("UTF-8", label)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        self.converter = converter
    }

    deinit { iconv_close(converter) }

    func decode(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var bytes = pending
        bytes.append(contentsOf: input)
        pending.removeAll()
        convert(bytes, isFinal: false)
        converted.withUnsafeBufferPointer { cleaner.decode($0, emit: emit) }
    }

    func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let bytes = pending
        pending.removeAll()
        convert(bytes, isFinal: true)
        converted.withUnsafeBufferPointer { cleaner.decode($0, emit: emit) }
        cleaner.finish(emit: emit)
    }

    /// Converts `bytes` into ``converted``; an incomplete character at the end goes to
    /// ``pending``, or becomes U+FFFD when the input is final.
    private func convert(_ bytes: [UInt8], isFinal: Bool) {
        converted.removeAll(keepingCapacity: true)
        var bytes = bytes
        let total = bytes.count
        var outputChunk = [UInt8](repeating: 0, count: 4 * 1024)
        bytes.withUnsafeMutableBufferPointer { input in
            var inputPointer = UnsafeMutableRawPointer(input.baseAddress)?.assumingMemoryBound(to: CChar.self)
            var inputLeft = total
            while inputLeft > 0 {
                let (result, failure, produced) = outputChunk.withUnsafeMutableBufferPointer { output in
                    var outputPointer = UnsafeMutableRawPointer(output.baseAddress)?
                        .assumingMemoryBound(to: CChar.self)
                    var outputLeft = output.count
                    let result = iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
                    return (result, errno, output.count - outputLeft)
                }
                converted.append(contentsOf: outputChunk[..<produced])
                guard result == -1 else { continue }
                switch failure {
                case E2BIG:
                    continue
                case EINVAL where !isFinal:
                    pending = Array(input[(total - inputLeft)...])
                    return
                default:
                    converted.append(contentsOf: UTF8Output.replacement)
                    inputPointer = inputPointer.map { $0 + 1 }
                    inputLeft -= 1
                }
            }
        }
    }
}
