import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A task that any thread may hold. URLSessionTask is thread-safe; FoundationNetworking just does
/// not say so to the compiler.
struct RunningTask: @unchecked Sendable {
    let task: URLSessionTask
    var id: Int { task.taskIdentifier }

    init(_ task: URLSessionTask) {
        self.task = task
    }
}

/// A deadline that fires once on a Dispatch thread unless cancelled first. DispatchWorkItem is
/// thread-safe, though not marked Sendable.
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
