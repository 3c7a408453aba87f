import Account
import Configuration
import Logging
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The loggers of a run: each writes to the ``LogFile`` at the level `--log-level` chose (info by
/// default), with the NewsAPI key and the sync token among the secrets never written. Without a home directory
/// nothing is logged.
public struct AppLog: Sendable {
    public let file: LogFile?
    public let level: Logger.Level
    public let secrets: [String]

    public init(environment: [String: String], level: LogLevelChoice?) {
        file = LogFile.standard(environment: environment)
        self.level = level.flatMap { Logger.Level(rawValue: $0.rawValue) } ?? .info
        // The sync token too, should any code ever log it.
        let token = (try? SyncAccountFile.standard(environment: environment)?.load())??.token
        secrets = [environment["NEWSAPI_KEY"], token].compactMap {
            $0?.trimmingWhitespace()
        }
        .filter { $0.count >= 8 }
    }

    /// A logger labelled `label` (`feeds`, `news`).
    public func logger(_ label: String) -> Logger {
        guard let file else { return Logger(label: label) { _ in SwiftLogNoOpLogHandler() } }
        let level = level
        let secrets = secrets
        return Logger(label: label) { label in
            FileLogHandler(file: file, label: label, level: level, secrets: secrets)
        }
    }
}
