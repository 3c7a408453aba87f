import Logging
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A swift-log handler writing one line per event to a ``LogFile``:
/// `2026-11-24T03:12:05.123Z warning feeds: the feed did not answer url=https://…`.
///
/// Messages and metadata are made safe for a later `cat` in a terminal (control characters and
/// escape sequences removed) and every secret the handler was given, such as the NewsAPI key, is
/// replaced by `[redacted]` wherever it appears, as a last line of defence: no code logs the key.
public struct FileLogHandler: LogHandler {
    public let file: LogFile
    /// Strings never written to the file.
    public let secrets: [String]
    public let label: String
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    public init(file: LogFile, label: String, level: Logger.Level, secrets: [String] = []) {
        self.file = file
        self.label = label
        logLevel = level
        self.secrets = secrets.filter { !$0.isEmpty }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        var line = "\(Timestamp.format(Date())) \(event.level) \(label): \(event.message)"
        for key in merged.keys.sorted() {
            line += " \(key)=\(Self.quoted("\(merged[key]!)"))"
        }
        file.append(redacted(TextSanitizer.clean(line)))
    }

    private func redacted(_ line: String) -> String {
        secrets.reduce(line) { $1.isEmpty ? $0 : $0.replacing($1, with: "[redacted]") }
    }

    /// A metadata value, quoted when it holds a space or a quote.
    public static func quoted(_ value: String) -> String {
        guard value.contains(where: { $0 == " " || $0 == "\"" }) || value.isEmpty else { return value }
        return "\"" + value.replacing("\"", with: "\\\"") + "\""
    }
}
