/// A pass over a document's bytes as they arrive in chunks (``AmpersandRepair``,
/// ``TagBalancer``): bytes at the end of a chunk that cannot be judged yet (`&eac`, `<![CD`, half
/// a tag) are held back in ``carried`` and read again with the next chunk.
protocol ChunkFilter {
    /// The bytes held back from the previous chunk.
    var carried: [UInt8] { get set }

    /// Reads `bytes` (the carried bytes, then the new ones), handing on what it can judge and
    /// leaving the rest in ``carried``; with `isFinal`, nothing is held back.
    mutating func process(
        _ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void)
}

extension ChunkFilter {
    /// Reads the next chunk.
    mutating func filter(_ input: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard !carried.isEmpty else {
            process(input, isFinal: false, emit: emit)
            return
        }
        let joined = carried + input
        carried = []
        joined.withUnsafeBufferPointer { process($0, isFinal: false, emit: emit) }
    }

    /// Reads what was held back: the document's end.
    mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let rest = carried
        carried = []
        rest.withUnsafeBufferPointer { process($0, isFinal: true, emit: emit) }
    }
}
