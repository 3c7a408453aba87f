import CReadline

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The prompt's history, kept across sessions in `$XDG_STATE_HOME/newsapp/history`
/// (`~/.local/state/newsapp/history` by default) and bounded to ``limit`` lines. Each line is
/// appended as it is entered, so a killed session loses nothing.
struct HistoryFile {
    static let limit: Int32 = 1000
    let url: URL

    /// The history file for `environment`, or nil when there is no home to put it in.
    static func standard(environment: [String: String]) -> HistoryFile? {
        let base: URL
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = URL(fileURLWithPath: state)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home).appendingPathComponent(".local/state")
        } else {
            return nil
        }
        return HistoryFile(url: base.appendingPathComponent("newsapp/history"))
    }

    /// Reads the saved history into readline, creating the file (private to the user) if needed.
    func load() {
        stifle_history(Self.limit)
        let directory = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(
                atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        read_history(url.path)
    }

    /// Appends the newest entry to the file.
    func didAdd() {
        append_history(1, url.path)
    }

    /// Trims the file to the limit.
    func save() {
        history_truncate_file(url.path, Self.limit)
    }
}
