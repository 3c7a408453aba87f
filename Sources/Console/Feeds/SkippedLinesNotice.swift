import Feeds
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Says once which lines of the urls file NewsApp skips (newsboat's `query:`, `exec:` and
/// `filter:` feeds, other schemes, repeats): a line reported before, by any command, is not
/// reported again. What was reported is remembered in `$XDG_STATE_HOME/newsapp/urls-skipped`.
/// `newsapp feeds` lists them every time.
public struct SkippedLinesNotice {
    public let memory: URL?
    public let displayPath: String

    public init(environment: [String: String], displayPath: String) {
        memory = LogFile.standard(environment: environment).map {
            URL(fileURLWithPath: $0.path).deletingLastPathComponent().appendingPathComponent("urls-skipped")
        }
        self.displayPath = displayPath
    }

    /// The lines to print on standard error for `skipped`: none when each was reported before.
    public func lines(for skipped: [UrlsFile.SkippedLine]) -> [String] {
        let reported = Set(
            ((memory.flatMap { try? String(contentsOf: $0, encoding: .utf8) }) ?? "").split(separator: "\n")
                .map(String.init))
        // Kept with their passwords hidden: the file is not the subscriptions.
        let fresh = skipped.filter { !reported.contains(ShownAddress.hidingPasswords(in: $0.text)) }
        guard !fresh.isEmpty else { return [] }
        if let memory {
            let all =
                reported.union(skipped.map { ShownAddress.hidingPasswords(in: $0.text) }).sorted().joined(
                    separator: "\n") + "\n"
            try? FileManager.default.createDirectory(
                at: memory.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try? Data(all.utf8).write(to: memory, options: .atomic)
        }
        return fresh.map { "newsapp: \(displayPath) line \($0.line) skipped: \($0.reason)" }
    }
}
