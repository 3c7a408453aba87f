import Testing

/// Runs `body` with a new ``RecordingRouter`` and, when it returns, checks that the test asserted
/// all the navigation: in exhaustive mode, any event still unasserted fails the test with a
/// message naming each one (`.pop`). Then the router lets go of the coordinator it started and
/// of its screens, cancelling their work, so nothing of the test outlives it.
///
/// ```swift
/// await withRecordingRouter { router in
///     router.start(FeedCoordinator(router: router, modules: modules))
///     router.expect(.setRoot("Top stories"))
///     await router.type("1")
///     router.expect(.push("Article"))
/// }
/// ```
///
/// The check runs at the end of the body, as swift-nio's `EmbeddedChannel.finish()` does, rather
/// than when the router is freed: a started coordinator holds its router, and the router its
/// coordinator, so a check on release would never run. When `body` throws, the test has already
/// failed and the check is skipped; the router lets go all the same.
///
/// - Parameters:
///   - exhaustive: Whether navigation the test did not assert fails it, before each
///     ``RecordingRouter/type(_:sourceLocation:)`` and at the end.
///   - sourceLocation: Where failures that belong to no single call are reported: the unasserted
///     navigation at the end, and navigation misuse.
@MainActor
public func withRecordingRouter<Value, Failure: Error>(
    exhaustive: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @MainActor (RecordingRouter) async throws(Failure) -> Value
) async throws(Failure) -> Value {
    let router = RecordingRouter(exhaustive: exhaustive, sourceLocation: sourceLocation)
    let value: Value
    do {
        value = try await body(router)
    } catch {
        router.end(checkingAssertions: false)
        throw error
    }
    router.end(checkingAssertions: true)
    return value
}
