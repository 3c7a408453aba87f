/// Why a feed's command (`exec:`, `filter:`) gave no feed, one sentence.
public enum CommandFailure: Error, Sendable, Equatable {
    /// It could not be started: not found, not executable; the C library's reason.
    case couldNotStart(String)
    /// It ran longer than its time limit and was stopped.
    case timedOut(seconds: Int)
    /// It wrote more than `limit` bytes and was stopped.
    case tooMuchOutput(limit: Int)
    /// It exited with a status other than 0; the first line it wrote on standard error, if any.
    case exited(status: Int32, message: String?)
    /// A signal stopped it.
    case signalled(Int32)
    /// The refresh was cancelled while it ran, and it was stopped.
    case cancelled

    public var sentence: String {
        switch self {
        case .couldNotStart(let reason):
            return "The command could not be started (\(reason))."
        case .timedOut(let seconds):
            return
                "The command did not finish within \(seconds) second\(seconds == 1 ? "" : "s") and was stopped."
        case .tooMuchOutput(let limit):
            return "The command wrote more than \(limit >> 20) MiB and was stopped."
        case .exited(let status, let message):
            let said = message.map { ": \($0)" } ?? ""
            return "The command exited with status \(status)\(said)."
        case .signalled(let signal):
            return "The command was stopped by signal \(signal)."
        case .cancelled:
            return "The command was stopped: the refresh was cancelled."
        }
    }
}
