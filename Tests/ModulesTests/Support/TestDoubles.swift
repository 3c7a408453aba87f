import Coordinators
import Foundation
import Modules
import NewsModels
import TerminalText

/// Records what a screen tells its router through ``ScreenActivity/observer``.
@MainActor
final class ActivityLog {
    private(set) var events: [ScreenActivity.Event] = []

    init(_ activity: ScreenActivity) {
        activity.observer = { [weak self] event in self?.events.append(event) }
    }

    /// Forgets what was recorded so far.
    func clear() { events.removeAll() }

    /// The posted messages, each as its lines' plain text joined by newlines.
    var messages: [String] {
        events.compactMap { event in
            guard case .message(let lines) = event else { return nil }
            return lines.map(\.plainText).joined(separator: "\n")
        }
    }

    /// The posted messages' lines.
    var messageLines: [[StyledLine]] {
        events.compactMap { event in
            guard case .message(let lines) = event else { return nil }
            return lines
        }
    }

    var changedCount: Int {
        events.filter { if case .changed = $0 { true } else { false } }.count
    }

    var appendices: [ScreenActivity.Appendix] {
        events.compactMap { event in
            guard case .appended(let appendix) = event else { return nil }
            return appendix
        }
    }
}

/// Holds callers until the test opens it. A caller whose task is cancelled is let go at once and
/// counted, so a test can prove that leaving a screen cancelled its work.
final class Gate: Sendable {
    private struct Watcher {
        let cancellations: Bool
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var waiting: [Int: CheckedContinuation<Bool, Never>] = [:]
        var cancelledEarly: Set<Int> = []
        var nextID = 0
        var arrivals = 0
        var cancellations = 0
        var isOpen = false
        var watchers: [Watcher] = []

        mutating func readyWatchers() -> [CheckedContinuation<Void, Never>] {
            let (arrived, cancelled) = (arrivals, cancellations)
            let isReady = { (watcher: Watcher) in
                (watcher.cancellations ? cancelled : arrived) >= watcher.count
            }
            let ready = watchers.filter(isReady).map(\.continuation)
            watchers.removeAll(where: isReady)
            return ready
        }
    }

    private let state: Locked<State>

    init(open: Bool = false) {
        state = Locked(State(isOpen: open))
    }

    var arrivals: Int { state.withLock { $0.arrivals } }
    var cancellations: Int { state.withLock { $0.cancellations } }

    /// Waits until the gate opens (true) or the calling task is cancelled (false).
    func pass() async -> Bool {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let (answer, ready): (Bool?, [CheckedContinuation<Void, Never>]) = state.withLock { state in
                    state.arrivals += 1
                    if state.cancelledEarly.remove(id) != nil {
                        state.cancellations += 1
                        return (false, state.readyWatchers())
                    }
                    if state.isOpen { return (true, state.readyWatchers()) }
                    state.waiting[id] = continuation
                    return (nil, state.readyWatchers())
                }
                if let answer { continuation.resume(returning: answer) }
                for watcher in ready { watcher.resume() }
            }
        } onCancel: {
            let (continuation, ready):
                (CheckedContinuation<Bool, Never>?, [CheckedContinuation<Void, Never>]) =
                    state.withLock { state in
                        guard let continuation = state.waiting.removeValue(forKey: id) else {
                            state.cancelledEarly.insert(id)
                            return (nil, [])
                        }
                        state.cancellations += 1
                        return (continuation, state.readyWatchers())
                    }
            continuation?.resume(returning: false)
            for watcher in ready { watcher.resume() }
        }
    }

    /// Lets every waiting caller through, and every later one.
    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for continuation in waiting { continuation.resume(returning: true) }
    }

    /// Returns once `count` callers have arrived in all.
    func waitForArrivals(_ count: Int) async {
        await watch(cancellations: false, count)
    }

    /// Returns once `count` callers have been cancelled in all.
    func waitForCancellations(_ count: Int) async {
        await watch(cancellations: true, count)
    }

    private func watch(cancellations: Bool, _ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if (cancellations ? state.cancellations : state.arrivals) >= count { return true }
                state.watchers.append(
                    Watcher(cancellations: cancellations, count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

/// A ``ReadingList`` whose read marks wait at `gate`, as a write waits for the store, and are
/// dropped when the task that asked is cancelled first, as the store drops a cancelled write;
/// everything else goes to `base` at once.
final class GatedReadingList: ReadingList {
    let base: any ReadingList
    let gate: Gate

    init(_ base: any ReadingList, gate: Gate) {
        self.base = base
        self.gate = gate
    }

    func markRead(_ article: Article) async {
        guard await gate.pass() else { return }
        await base.markRead(article)
    }

    func readArticles(among articles: [Article]) async -> Set<ArticleID> {
        await base.readArticles(among: articles)
    }

    func save(_ article: Article) async throws(ReadingListError) {
        try await base.save(article)
    }

    func unsave(_ article: Article) async throws(ReadingListError) {
        try await base.unsave(article)
    }

    func isSaved(_ article: Article) async -> Bool {
        await base.isSaved(article)
    }

    func savedArticles() async throws(ReadingListError) -> [Article] {
        try await base.savedArticles()
    }
}

/// A ``FeedLibrary`` over `base` whose next answer to ``sections(itemsEach:)`` can be held at a
/// gate after it was read, as an answer still on its way back from the store.
final class HeldFeedLibrary: FeedLibrary {
    let base: any FeedLibrary
    private let hold = Locked<Gate?>(nil)

    init(_ base: any FeedLibrary) {
        self.base = base
    }

    /// Holds the next answer to ``sections(itemsEach:)`` at `gate` once it has been read.
    func holdNextSections(at gate: Gate) {
        hold.withLock { $0 = gate }
    }

    func sections(itemsEach limit: Int) async throws(FeedLibraryError) -> [FeedSection] {
        let sections = try await base.sections(itemsEach: limit)
        if let gate = hold.withLock({ gate in
            defer { gate = nil }
            return gate
        }) {
            _ = await gate.pass()
        }
        return sections
    }

    func feeds() async throws(FeedLibraryError) -> [FeedSummary] {
        try await base.feeds()
    }

    func items(in scope: FeedScope, unreadOnly: Bool, page: Int, pageSize: Int) async throws(FeedLibraryError)
        -> ArticlePage
    {
        try await base.items(in: scope, unreadOnly: unreadOnly, page: page, pageSize: pageSize)
    }

    func markAllRead(in scope: FeedScope) async throws(FeedLibraryError) -> Int {
        try await base.markAllRead(in: scope)
    }

    func nextUnread(after article: Article?, in scope: FeedScope) async -> Article? {
        await base.nextUnread(after: article, in: scope)
    }

    func refresh(
        olderThan interval: Duration?, progress: @escaping @Sendable (RefreshProgress) -> Void
    ) async -> FeedRefreshSummary {
        await base.refresh(olderThan: interval, progress: progress)
    }
}

/// ``ArticleImages`` that records what it was asked and answers with `answer`; thumbnails and
/// prefetches wait at their gates first.
final class RecordingImages: ArticleImages {
    struct Request: Sendable, Equatable {
        let url: URL
        let columns: Int
        let rows: Int
    }

    let answer: Thumbnail
    /// Thumbnails pass it before answering; a cancelled one answers `.skipped("cancelled")`.
    let thumbnailGate: Gate
    /// Prefetches pass it before returning.
    let prefetchGate: Gate
    private let recorded = Locked<(thumbnails: [Request], prefetches: [[URL]])>(([], []))

    init(answer: Thumbnail, thumbnailGate: Gate = Gate(open: true), prefetchGate: Gate = Gate(open: true)) {
        self.answer = answer
        self.thumbnailGate = thumbnailGate
        self.prefetchGate = prefetchGate
    }

    var thumbnailRequests: [Request] { recorded.withLock { $0.thumbnails } }
    var prefetches: [[URL]] { recorded.withLock { $0.prefetches } }

    func thumbnail(for url: URL, columns: Int, rows: Int) async -> Thumbnail {
        recorded.withLock { $0.thumbnails.append(Request(url: url, columns: columns, rows: rows)) }
        return await thumbnailGate.pass() ? answer : .skipped("cancelled")
    }

    func prefetch(_ urls: [URL]) async {
        recorded.withLock { $0.prefetches.append(urls) }
        _ = await prefetchGate.pass()
    }
}

/// A screen with nothing on it, to sit under the screen a test pushes and pops.
@MainActor
final class BlankScreen: Presentable {
    let activity = ScreenActivity()
    var title: String { "Blank" }
    func render(width: Int, height: Int?) -> [StyledLine] { [] }
}
