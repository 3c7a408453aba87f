/// `$XDG_STATE_HOME/newsapp` (by default `~/.local/state/newsapp`): the log, the history, the
/// sync account.
public enum StateDirectory {
    /// The folder for `environment`, or nil when there is no home to put it in.
    public static func path(environment: [String: String]) -> String? {
        let base: String
        if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
            base = stateHome
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = (home.hasSuffix("/") ? home : home + "/") + ".local/state"
        } else {
            return nil
        }
        return (base.hasSuffix("/") ? base : base + "/") + "newsapp"
    }
}
