import Foundation

/// JPEG decoding through the CJPEG shim (libjpeg-turbo, with its `longjmp` errors caught in C), in
/// full and scaled for a box, then drawn in half blocks. See `ImageChecks`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    ImageChecks.run(FuzzInput(data, size).data, magic: [0xFF, 0xD8, 0xFF])
    return 0
}
