/// How a typed command finds what performs it, in one place: the ``Shell`` dispatches with it,
/// and so does `CoordinatorsTesting`'s recording router, so a flow test types exactly as a user.
///
/// The command is offered to the screens on display in input order (the modal, the focused pane,
/// the other pane), then to the app's global commands. A screen that declines may have closed
/// itself (a picker does, leaving the command to what is below it), so the screens on display are
/// asked for again after each one declines; none is asked twice.
@MainActor
public enum CommandDispatch {
    /// Offers `command` to the screens `screens` returns, then to `globals`.
    ///
    /// - Parameter screens: The screens on display now, in input order; called again after a
    ///   screen declines.
    /// - Returns: Whether a screen or the globals performed the command.
    public static func dispatch(
        _ command: Command, toScreens screens: () -> [any Presentable],
        thenTo globals: (any CommandResponder)?
    ) -> Bool {
        // Held, not just identified: a screen that closed itself cannot be freed and its address
        // reused by a screen opened meanwhile, which would then be skipped.
        var declined: [any Presentable] = []
        while let screen = screens().first(where: { screen in !declined.contains { $0 === screen } }) {
            if screen.handle(command) { return true }
            declined.append(screen)
        }
        return globals?.handle(command) ?? false
    }
}
