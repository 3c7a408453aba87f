import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Downloads a podcast (an item's enclosure) into a folder: through the same client as every
/// download (http and https only, redirects capped at 10 and never from https to http, credentials
/// left behind on another host), streamed to a partial file (`NAME.part`) as it arrives, never
/// held in memory. An interrupted download resumes where it stopped: the next run asks for the
/// rest (`Range: bytes=N-`) and appends it when the server sends that part (`206`), or starts
/// over when it sends the whole file (`200`). A finished file takes a name no file has
/// (``DownloadFileName``), so nothing is overwritten; a failure keeps the partial file for the
/// next run and says why in one sentence (the disk is full, the server refused, the connection
/// broke).
public struct EnclosureDownloader: Sendable {
    public let http: any HTTPFetching
    /// The folder files go to; made (0755) when missing.
    public let folder: String
    /// Seconds a download may take in all.
    public var timeout: TimeInterval
    /// The largest file accepted.
    public var maximumBytes: Int
    /// Opens the partial file for appending; by default without following a link.
    public var openPartial: @Sendable (String) -> Int32

    public struct Progress: Sendable, Equatable {
        public var received: Int64
        /// The whole file's size, when the server says.
        public var total: Int64?
    }

    public enum Outcome: Sendable, Equatable {
        case done(path: String, bytes: Int64)
        /// Why it failed, and the partial file kept for the next run.
        case failed(reason: String, partial: String?, received: Int64)
    }

    public init(
        http: any HTTPFetching, folder: String, timeout: TimeInterval = 3_600, maximumBytes: Int = 4 << 30,
        openPartial: (@Sendable (String) -> Int32)? = nil
    ) {
        self.http = http
        self.folder = folder
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.openPartial =
            openPartial ?? { path in open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o644)
            }
    }

    /// The partial file a new download of `title` at `url` would write to.
    public func partialPath(title: String, url: URL, type: String?) -> String {
        folder + "/"
            + DownloadFileName.available(
                DownloadFileName.make(title: title, url: url, type: type), in: folder)
            + ".part"
    }

    /// Downloads `url` into `partial` (a path from ``partialPath(title:url:type:)``, perhaps holding
    /// the start of the file from an earlier run), telling `progress` as bytes arrive.
    public func download(
        _ url: URL, to partial: String, progress: @escaping @Sendable (Progress) -> Void = { _ in }
    ) async -> Outcome {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        } catch {
            return .failed(reason: "The folder \(folder) cannot be made.", partial: nil, received: 0)
        }
        var status = stat()
        var existing: Int64 = 0
        if lstat(partial, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFREG else {
                return .failed(reason: "\(partial) is not a file NewsApp wrote.", partial: nil, received: 0)
            }
            existing = Int64(status.st_size)
        }
        let descriptor = openPartial(partial)
        guard descriptor >= 0 else {
            return .failed(
                reason: "\(partial) cannot be written (\(Self.reason(errno))).", partial: nil, received: 0)
        }
        defer { close(descriptor) }
        let file = PartialFile(descriptor: descriptor, existing: existing, progress: progress)
        var headers = ["Accept-Encoding": "identity", "User-Agent": FeedFetcher.userAgent]
        if existing > 0 { headers["Range"] = "bytes=\(existing)-" }
        let request = HTTPRequest(
            url: url, headers: headers, timeout: timeout, maxBodyBytes: maximumBytes, skipsErrorBodies: true,
            stream: HTTPBodyStream(head: { file.start($0, $1) }, body: { file.write($0) }))
        let answer: HTTPResponse
        do {
            answer = try await http.fetch(request)
        } catch {
            let failure = FeedFailure.transport(error, timeout: timeout, subject: "file")
            return .failed(reason: failure.sentence, partial: partial, received: file.received)
        }
        if let code = file.writeError {
            let written = Self.fileSize(file.received)
            return .failed(
                reason: code == ENOSPC
                    ? "The disk is full (\(written) written); free some space and run the download again to resume it."
                    : "The file cannot be written (\(Self.reason(code))); \(written) are kept to resume.",
                partial: partial, received: file.received)
        }
        switch answer.status {
        case 200, 206:
            break
        case 416 where existing > 0:
            break  // the partial file is the whole file already
        default:
            let failure = FeedFailure.status(answer.status, retryAfter: nil, subject: "file")
            return .failed(reason: failure.sentence, partial: partial, received: file.received)
        }
        if let total = file.total, file.received < total {
            return .failed(
                reason: "The connection broke before the whole file arrived.", partial: partial,
                received: file.received)
        }
        return finish(partial, bytes: file.received)
    }

    /// `12.3 MB`: a size in decimal units as Foundation's `ByteCountFormatter` writes it with
    /// `countStyle: .file` (`Zero KB`, `1 byte`, `999 bytes`, `1,000 KB`, `1.23 GB`), whose
    /// formatter needs ICU.
    static func fileSize(_ bytes: Int64) -> String {
        if bytes == 0 { return "Zero KB" }
        if bytes.magnitude < 1_000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let units: [(name: String, decimals: Int32)] = [
            ("KB", 0), ("MB", 1), ("GB", 2), ("TB", 2), ("PB", 2),
        ]
        var value = Double(bytes) / 1_000
        var unit = 0
        while value.magnitude >= 1_000, unit < units.count - 1 {
            value /= 1_000
            unit += 1
        }
        var number = String(printf: "%.*f", units[unit].decimals, value)
        if number.contains(".") {
            while number.hasSuffix("0") { number.removeLast() }
            if number.hasSuffix(".") { number.removeLast() }
        }
        let integer = number.prefix { $0 != "." }
        let digits = integer.drop { $0 == "-" }
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        let sign = integer.hasPrefix("-") ? "-" : ""
        return sign + grouped + number.dropFirst(integer.count) + " " + units[unit].name
    }

    /// Gives the partial file its name: the first that no file has, so none is overwritten.
    private func finish(_ partial: String, bytes: Int64) -> Outcome {
        let wanted = String((partial.lastPathComponent).dropLast(".part".count))
        for name in DownloadFileName.candidates(wanted) {
            let path = folder + "/" + name
            // link fails when the name is taken, where rename would replace the file.
            if link(partial, path) == 0 {
                unlink(partial)
                return .done(path: path, bytes: bytes)
            }
            guard errno == EEXIST else {
                return .failed(
                    reason: "The file cannot be named \(name) (\(Self.reason(errno))).", partial: partial,
                    received: bytes)
            }
        }
        return .failed(reason: "No free name was found for the file.", partial: partial, received: bytes)
    }

    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

/// The partial file as the body arrives, on the client's transfer thread.
private final class PartialFile: @unchecked Sendable {
    private let descriptor: Int32
    private let progress: @Sendable (EnclosureDownloader.Progress) -> Void
    private let state: Locked<State>

    private struct State {
        var received: Int64
        var total: Int64?
        var writeError: Int32?
        var lastReport = ContinuousClock.now
    }

    init(
        descriptor: Int32, existing: Int64,
        progress: @escaping @Sendable (EnclosureDownloader.Progress) -> Void
    ) {
        self.descriptor = descriptor
        self.progress = progress
        state = Locked(State(received: existing))
    }

    var received: Int64 { state.withLock { $0.received } }
    var total: Int64? { state.withLock { $0.total } }
    var writeError: Int32? { state.withLock { $0.writeError } }

    /// The answer's head: a `206` for the part asked continues the file; a `200` starts it over.
    func start(_ status: Int, _ headers: HTTPHeaders) -> Bool {
        state.withLock { state in
            switch status {
            case 206:
                let range = Self.contentRange(headers["Content-Range"])
                guard range?.start == state.received else {
                    state.writeError = EIO
                    return false
                }
                state.total = range?.total
            case 200:
                if state.received > 0 {
                    guard ftruncate(descriptor, 0) == 0 else {
                        state.writeError = errno
                        return false
                    }
                }
                state.received = 0
                state.total = headers["Content-Length"].flatMap { Int64($0) }
            default:
                return false
            }
            return true
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                state.withLock { $0.writeError = code }
                return false
            }
            offset += written
        }
        let report: EnclosureDownloader.Progress? = state.withLock { state in
            state.received += Int64(bytes.count)
            let now = ContinuousClock.now
            guard now - state.lastReport >= .milliseconds(100) || state.received == state.total else {
                return nil
            }
            state.lastReport = now
            return EnclosureDownloader.Progress(received: state.received, total: state.total)
        }
        if let report { progress(report) }
        return true
    }

    /// `bytes 100-999/1000` → (100, 1000); the total is nil when it is `*`.
    static func contentRange(_ value: String?) -> (start: Int64, total: Int64?)? {
        guard let value, value.lowercased().hasPrefix("bytes ") else { return nil }
        let rest = value.dropFirst("bytes ".count)
        let parts = rest.split(separator: "/", maxSplits: 1)
        guard let range = parts.first, let start = range.split(separator: "-").first.flatMap({ Int64($0) })
        else {
            return nil
        }
        return (start, parts.count == 2 ? Int64(parts[1]) : nil)
    }
}
