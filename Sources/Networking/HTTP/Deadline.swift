import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A deadline that fires once on a Dispatch thread unless cancelled first: on time even when
/// every thread of the cooperative pool is busy. DispatchWorkItem is thread-safe, though not
/// marked Sendable.
final class Deadline: @unchecked Sendable {
    private let item: DispatchWorkItem

    init(_ fire: @escaping @Sendable () -> Void) {
        item = DispatchWorkItem(block: fire)
    }

    func start(after seconds: TimeInterval) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
    }

    func cancel() {
        item.cancel()
    }
}
