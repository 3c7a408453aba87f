/// When a stored page answers in place of a request (`newsapi_refresh` in the config file).
public enum NewsAPIRefresh: String, Sendable, CaseIterable {
    /// A page stored less than the refresh interval ago answers; older ones are asked again.
    case auto
    /// Every page is asked for; stored copies stand in only when the network fails.
    case always
    /// Any stored copy answers; the network is asked for pages never stored and on `r`.
    case manual
}
