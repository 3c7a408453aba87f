import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// gzip and zlib bodies for tests, made by the system's zlib (the one libcurl decodes with).
/// No Swift module wraps zlib, so its functions are looked up by name in the loaded library.
public enum Zlib {
    /// zlib could not be loaded, or refused to compress.
    public struct Failure: Error {
        public let reason: String
    }

    /// `data` as a gzip stream (`Content-Encoding: gzip`).
    public static func gzip(_ data: Data) throws -> Data {
        try gzipFile { file, _ in try write(data, to: file) }
    }

    /// `data` as a zlib stream (`Content-Encoding: deflate`, as RFC 9110 defines it).
    public static func deflate(_ data: Data) throws -> Data {
        let bound = try function("compressBound", as: CompressBound.self)
        let compress = try function("compress2", as: Compress2.self)
        var length = bound(UInt(data.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = data.withUnsafeBytes { input in
            compress(&output, &length, input.bindMemory(to: UInt8.self).baseAddress!, UInt(data.count), 9)
        }
        guard status == 0 else { throw Failure(reason: "compress2 returned \(status)") }
        return Data(output.prefix(Int(length)))
    }

    /// A valid gzip stream of `mebibytes` MiB of zeros, about 1 KB per MiB, made without holding
    /// the zeros: after a full flush deflate starts afresh, so every MiB after the first compresses
    /// to the same bytes, and the CRC-32 of the whole is combined from that of one MiB.
    public static func gzipZeros(mebibytes: Int) throws -> Data {
        try gzipRepeating(0, mebibytes: mebibytes)
    }

    /// A valid gzip stream of `prefix` then `mebibytes` MiB of `byte` (a JSON body that never
    /// ends: `{"articles":[` and spaces), made as ``gzipZeros(mebibytes:)`` is.
    public static func gzipRepeating(_ byte: UInt8, mebibytes: Int, after prefix: Data = Data()) throws
        -> Data
    {
        let mebibyte = Data(repeating: byte, count: 1 << 20)
        let flush = try function("gzflush", as: GzFlush.self)
        var marks: [Int] = []
        let made = try gzipFile { file, descriptor in
            for round in 0..<2 {
                try write(round == 0 ? prefix + mebibyte : mebibyte, to: file)
                guard flush(file, 3) == 0 else { throw Failure(reason: "gzflush failed") }  // Z_FULL_FLUSH
                marks.append(Int(lseek(descriptor, 0, SEEK_CUR)))
            }
        }
        let (first, repeated, end) = (
            made[..<marks[0]], made[marks[0]..<marks[1]], made[marks[1]...].dropLast(8)
        )
        let crc = try function("crc32", as: CRC32.self)
        let combine = try function("crc32_combine", as: CRC32Combine.self)
        let crcOfOne = mebibyte.withUnsafeBytes { crc(0, $0.bindMemory(to: UInt8.self).baseAddress, 1 << 20) }
        let opening = prefix + mebibyte
        var crcOfAll = opening.withUnsafeBytes {
            crc(0, $0.bindMemory(to: UInt8.self).baseAddress, UInt32(opening.count))
        }
        var stream = Data(first)
        stream.reserveCapacity(first.count + repeated.count * mebibytes + 32)
        for _ in 1..<mebibytes {
            stream.append(repeated)
            crcOfAll = combine(crcOfAll, crcOfOne, 1 << 20)
        }
        stream.append(end)
        stream.append(littleEndian: UInt32(truncatingIfNeeded: crcOfAll))
        stream.append(littleEndian: UInt32(truncatingIfNeeded: (mebibytes << 20) + prefix.count))
        return stream
    }

    // MARK: - zlib's functions

    private typealias GzDOpen = @convention(c) (Int32, UnsafePointer<CChar>) -> OpaquePointer?
    private typealias GzWrite = @convention(c) (OpaquePointer, UnsafeRawPointer?, UInt32) -> Int32
    private typealias GzFlush = @convention(c) (OpaquePointer, Int32) -> Int32
    private typealias GzClose = @convention(c) (OpaquePointer) -> Int32
    private typealias CompressBound = @convention(c) (UInt) -> UInt
    private typealias Compress2 =
        @convention(c) (
            UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt>, UnsafePointer<UInt8>, UInt, Int32
        ) -> Int32
    private typealias CRC32 = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt
    private typealias CRC32Combine = @convention(c) (UInt, UInt, Int) -> UInt

    #if os(Linux)
        private static let library = "libz.so.1"
    #else
        private static let library = "libz.dylib"
    #endif

    private static func function<Function>(_ name: String, as type: Function.Type) throws -> Function {
        guard let handle = dlopen(library, RTLD_NOW), let symbol = dlsym(handle, name) else {
            throw Failure(reason: "\(name) not found in \(library)")
        }
        return unsafeBitCast(symbol, to: Function.self)
    }

    /// The bytes of a gzip file that `body` writes through zlib's `gz*` functions, into an
    /// unnamed temporary file whose descriptor it also gets.
    private static func gzipFile(_ body: (OpaquePointer, Int32) throws -> Void) throws -> Data {
        let open = try function("gzdopen", as: GzDOpen.self)
        let close = try function("gzclose", as: GzClose.self)
        guard let temporary = tmpfile() else { throw Failure(reason: "no temporary file") }
        defer { fclose(temporary) }
        let descriptor = fileno(temporary)
        guard let file = open(dup(descriptor), "wb9") else { throw Failure(reason: "gzdopen failed") }
        do {
            try body(file, descriptor)
        } catch {
            _ = close(file)
            throw error
        }
        guard close(file) == 0 else { throw Failure(reason: "gzclose failed") }
        lseek(descriptor, 0, SEEK_SET)
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readDataToEndOfFile()
    }

    private static func write(_ data: Data, to file: OpaquePointer) throws {
        let write = try function("gzwrite", as: GzWrite.self)
        let written = data.withUnsafeBytes { write(file, $0.baseAddress, UInt32(data.count)) }
        guard written == Int32(data.count) else { throw Failure(reason: "gzwrite wrote \(written)") }
    }
}

extension Data {
    fileprivate mutating func append(littleEndian value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
