import Configuration
import Feeds
import Modules
import Networking
import NewsModels
import Store
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Podcast downloads kept in the store's queue and written to the download folder (see
/// ``EnclosureDownloader``); the app's `download` and `play`, and `newsapp downloads run`.
public struct StoreDownloads: Downloads {
    public let store: NewsStore
    public let folder: String
    public let home: String?
    /// `player`: the command that plays a file; nil for the system's opener.
    public let player: String?
    public var http: any HTTPFetching = CurlHTTPClient()
    /// Runs a player that gets the terminal, as a foreground job; the app's session lifts its
    /// prompt meanwhile (``ReadlineTerminal/outsidePrompt(_:)``).
    public var foreground: @Sendable (URL, [String]) async -> ForegroundJob.Outcome = {
        executable, arguments in
        ForegroundJob.run(executable, arguments: arguments)
    }

    public init(store: NewsStore, folder: String, home: String?, player: String?) {
        self.store = store
        self.folder = folder
        self.home = home
        self.player = player
    }

    private var downloader: EnclosureDownloader { EnclosureDownloader(http: http, folder: folder) }
    private var shownFolder: String { PathDisplay.abbreviate(folder, home: home) }

    public func queue(_ enclosure: Enclosure, of article: Article) async -> String {
        guard enclosure.url.hasWebScheme else {
            return "Only http and https enclosures can be downloaded."
        }
        do {
            let (download, queued) = try await store.queueDownload(
                url: enclosure.url, title: article.title, feedTitle: article.source.name,
                type: enclosure.type,
                length: enclosure.length)
            if queued {
                let size = enclosure.length.map { " · " + Self.size($0) } ?? ""
                return "Queued “\(article.title)”\(size) for \(shownFolder)."
            }
            switch download.state {
            case .done: return "“\(article.title)” is downloaded already: \(shown(download.path))."
            default: return "“\(article.title)” is in the download queue already."
            }
        } catch {
            return error.sentence
        }
    }

    /// Downloads the queued files, then retries those that failed before (once each): a stopped
    /// download resumes from its partial file.
    public func run(events: @escaping @Sendable (DownloadEvent) -> Void) async {
        var tried: Set<Int64> = []
        while !Task.isCancelled, let download = try? await store.takeNextDownload(excluding: tried) {
            tried.insert(download.id)
            events(await fetch(download, events: events))
        }
    }

    /// Downloads one file of the queue and records how it went.
    public func fetch(_ download: StoredDownload, events: @escaping @Sendable (DownloadEvent) -> Void) async
        -> DownloadEvent
    {
        let downloader = downloader
        var partial = downloader.partialPath(title: download.title, url: download.url, type: download.type)
        if let path = download.path, path.hasSuffix(".part"), FileManager.default.fileExists(atPath: path) {
            partial = path  // an earlier run's start: resumed
        }
        try? await store.updateDownload(
            id: download.id, path: partial, received: download.received, total: download.total)
        let name = String(partial.lastPathComponent.dropLast(".part".count))
        // Every few seconds the queue hears where the download is: another run knows it is alive.
        let lastSaid = Locked(ContinuousClock.now)
        let store = store
        let path = partial
        let outcome = await downloader.download(download.url, to: partial) { progress in
            events(.progress(name: name, received: progress.received, total: progress.total))
            let due = lastSaid.withLock { last -> Bool in
                guard ContinuousClock.now - last >= .seconds(5) else { return false }
                last = ContinuousClock.now
                return true
            }
            if due {
                Task {
                    try? await store.updateDownload(
                        id: download.id, path: path, received: progress.received, total: progress.total)
                }
            }
        }
        switch outcome {
        case .done(let path, let bytes):
            try? await store.finishDownload(id: download.id, path: path, received: bytes, error: nil)
            return .finished(
                sentence: "Downloaded “\(download.title)” (\(Self.size(bytes))) to \(shown(path)).",
                failed: false)
        case .failed(let reason, let partial, let received):
            let stopped = Task.isCancelled
            let why =
                stopped ? "Stopped with \(Self.size(received)) downloaded; it resumes from there." : reason
            // Recorded even when the run was stopped: the next one resumes the partial file.
            try? await Task.detached {
                try await store.finishDownload(id: download.id, path: partial, received: received, error: why)
            }.value
            return .finished(sentence: "Could not download “\(download.title)”: \(why)", failed: true)
        }
    }

    /// Plays the file with `player` (split on spaces, never run through a shell, the file's path
    /// last) as a foreground job, as newsboat's podboat does: a terminal player (mpv, mpg123) gets
    /// the terminal and its keys, and the app waits until it ends. A player with a window of its
    /// own, and the system's opener when no player is set, start apart from the terminal.
    public func play(_ enclosure: Enclosure) async -> String {
        guard let download = try? await store.download(of: enclosure.url), download.state == .done,
            let path = download.path, FileManager.default.fileExists(atPath: path)
        else {
            return "That enclosure is not downloaded yet: download fetches it."
        }
        let command = player ?? Self.opener
        var words = command.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let program = words.first,
            let executable = ExecutableLookup.resolve(
                program, environment: ProcessInfo.processInfo.environment)
        else {
            return "The player “\(command)” was not found: set player in config.toml."
        }
        words.removeFirst()
        let name = executable.lastPathComponent
        guard player != nil, !Self.windowed.contains(name) else {
            if ForegroundJob.startDetached(executable, arguments: words + [path]) != nil {
                return "The player “\(command)” could not be started."
            }
            return "Playing “\(download.title)” with \(name)."
        }
        let outcome = await foreground(executable, words + [path])
        guard outcome.succeeded else {
            if case .killed = outcome {
                ForegroundJob.leaveFullScreen(environment: ProcessInfo.processInfo.environment)
            }
            return "The player failed: \(outcome.reason(name))."
        }
        return "Played “\(download.title)” with \(name)."
    }

    /// Players with a window of their own, and the openers that hand a file to one: they need no
    /// terminal. Any other player may be a terminal program and gets it.
    public static let windowed: Set<String> =
        BrowserLauncher.graphical.union([
            "vlc", "celluloid", "totem", "rhythmbox", "audacious", "clementine", "strawberry", "smplayer",
            "parole", "haruna", "gnome-podcasts", "kaffeine", "lollypop", "elisa",
        ])

    private func shown(_ path: String?) -> String {
        path.map { PathDisplay.abbreviate($0, home: home) } ?? shownFolder
    }

    public static func size(_ bytes: Int64) -> String {
        ByteSize.text(bytes)
    }

    #if os(macOS)
        static let opener = "open"
    #else
        static let opener = "xdg-open"
    #endif
}
