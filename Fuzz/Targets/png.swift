import Foundation

/// PNG decoding through the CPNG shim (libpng's simplified API, errors caught in C), laid over a
/// background, then drawn in half blocks. See `ImageChecks`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    ImageChecks.run(FuzzInput(data, size).data, magic: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    return 0
}
