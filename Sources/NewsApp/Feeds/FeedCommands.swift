import Feeds
import Foundation
import Modules
import Store
import TerminalText

/// What `newsapp feeds …` does. Each returns the exit status: 0, or 1 when the work failed (one
/// line on standard error says why).
struct FeedCommands {
    let context: FeedsContext
    var now = Date()

    private var output: OutputStyle {
        OutputStyle(environment: context.environment, theme: context.settings.theme)
    }
    private var time: TimeFormatting { TimeFormatting(now: now) }

    // MARK: feeds

    func list(json: Bool) async -> Int32 {
        guard let file = load(), let listed = await listed(file) else { return 1 }
        let stored: [StoredFeedSummary]
        do {
            stored = try await context.store.feedSummaries(for: listed.map(\.subscription.url))
        } catch {
            FeedsContext.fail(error.sentence)
            return 1
        }
        let byURL = Dictionary(stored.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        let service = sync?.account.serviceName
        let listing = FeedsListing(
            file: context.subscriptions.displayPath,
            entries: listed.map {
                FeedsListing.Entry(
                    subscription: $0.subscription, stored: byURL[$0.subscription.url],
                    service: $0.fromService ? service : nil)
            },
            skipped: file.skipped)
        if json {
            StandardOutput.write(TerminalSafeJSON.encode(listing.document) + "\n")
        } else {
            output.write(listing.lines(width: output.width, time: time))
        }
        return 0
    }

    // MARK: feeds show

    func show(_ selector: FeedSelector, json: Bool, unreadOnly: Bool, limit: Int?) async -> Int32 {
        guard let file = load(), let listed = await listed(file) else { return 1 }
        let subscription: Subscription
        switch selector.resolve(in: listed.map(\.subscription)) {
        case .failure(let failure):
            FeedsContext.fail(failure.description)
            return 1
        case .success(let found):
            subscription = found
        }
        do {
            let summary = try await context.store.feedSummaries(for: [subscription.url]).first
            let items = try await context.store.feedItems(
                of: subscription.url, unreadOnly: unreadOnly, limit: limit)
            let title = FeedsListing.Entry(subscription: subscription, stored: summary).title
            let listing = FeedItemsListing(
                url: subscription.url, title: title, items: items, total: summary?.itemCount ?? 0,
                unread: summary?.unreadCount ?? 0)
            if json {
                StandardOutput.write(TerminalSafeJSON.encode(listing.document) + "\n")
            } else {
                output.write(listing.lines(width: output.width, time: time))
            }
            return 0
        } catch {
            FeedsContext.fail(error.sentence)
            return 1
        }
    }

    // MARK: feeds add

    func add(_ address: String, tags: [String], title: String?) async -> Int32 {
        guard let url = FeedAddress.parse(address) else {
            FeedsContext.fail("“\(address)” is not an http or https address.")
            return 2
        }
        if let sync {
            return await SyncedFeedCommands(context: context, sync: sync).add(url, tags: tags, title: title)
        }
        guard let file = load() else { return 1 }
        if let listed = file.subscriptions.first(where: {
            FeedAddress.comparable($0.url) == FeedAddress.comparable(url)
        }) {
            StandardOutput.write(
                TextSanitizer.clean("Already subscribed: \(listed.url.absoluteString)") + "\n")
            return 0
        }
        let asked = Subscription(url: url, tags: Self.uniqued(tags), title: title)
        let probe = FeedProbe(fetcher: context.fetcher)
        let found: FeedProbe.Found
        switch await probe.probe(asked) {
        case .failure(let failure):
            context.logger.warning(
                "add failed", metadata: ["url": "\(url.absoluteString)", "reason": "\(failure.sentence)"])
            FeedsContext.fail("\(url.absoluteString): \(failure.sentence) Nothing was added.")
            return 1
        case .success(let success):
            found = success
        }
        var subscription = asked
        subscription.url = found.url
        do {
            let added = try context.subscriptions.update { file in file.add(subscription) }
            guard added else {
                StandardOutput.write(
                    TextSanitizer.clean("Already subscribed: \(found.url.absoluteString)") + "\n")
                return 0
            }
        } catch {
            FeedsContext.fail(error.description)
            return 1
        }
        var stored = found.outcome
        stored.subscription = subscription
        let counts = (try? await StoreFeedStorage(store: context.store).write([stored]))?[subscription.url]
        var lines = [
            "Added “\(subscription.title ?? found.document.title ?? found.url.host ?? found.url.absoluteString)” "
                + "(\(found.url.absoluteString)) · \(Self.items(counts?.new ?? found.document.items.count))"
        ]
        if let page = found.page {
            lines.append("Found through the page \(page.absoluteString), which announces it.")
        }
        if !found.alternatives.isEmpty {
            lines.append(
                "The page also announces: "
                    + found.alternatives.map(\.url.absoluteString).joined(separator: ", "))
        }
        if !subscription.tags.isEmpty { lines.append("Tags: " + subscription.tags.joined(separator: ", ")) }
        StandardOutput.write(lines.map { TextSanitizer.clean($0) + "\n" }.joined())
        return 0
    }

    // MARK: feeds remove

    func remove(_ selector: FeedSelector) async -> Int32 {
        guard let file = load(), let listed = await listed(file) else { return 1 }
        let subscription: Subscription
        switch selector.resolve(in: listed.map(\.subscription)) {
        case .failure(let failure):
            FeedsContext.fail(failure.description)
            return 1
        case .success(let found):
            subscription = found
        }
        if let sync, listed.contains(where: { $0.fromService && $0.subscription.url == subscription.url }) {
            let local = file.subscriptions.contains { $0.url == subscription.url }
            return await SyncedFeedCommands(context: context, sync: sync).remove(
                subscription, alsoLocal: local)
        }
        do {
            try context.subscriptions.update { file in _ = file.remove(url: subscription.url) }
        } catch {
            FeedsContext.fail(error.description)
            return 1
        }
        let summary = try? await context.store.feedSummaries(for: [subscription.url]).first
        do {
            try await context.store.removeFeed(subscription.url)
        } catch {
            FeedsContext.fail(error.sentence)
        }
        let title = FeedsListing.Entry(subscription: subscription, stored: summary).title
        StandardOutput.write(
            TextSanitizer.clean(
                "Removed “\(title)” (\(subscription.url.absoluteString)); its saved items stay in saved.")
                + "\n")
        return 0
    }

    // MARK: feeds import / export

    func importFile(_ path: String) async -> Int32 {
        let data: Data
        switch FileReader.read(path, limit: 16 << 20) {
        case .failure(let failure):
            FeedsContext.fail("\(path) cannot be read (\(failure.reason)).")
            return 1
        case .success(let contents):
            data = contents.data
        }
        let imported: SubscriptionImport
        do {
            imported = try SubscriptionImport(data)
        } catch {
            FeedsContext.fail("\(path): \(error.description)")
            return 1
        }
        let (added, present): (Int, Int)
        do {
            (added, present) = try context.subscriptions.update { file in
                var added = 0
                for subscription in imported.subscriptions where file.add(subscription) { added += 1 }
                return (added, imported.subscriptions.count - added)
            }
        } catch {
            FeedsContext.fail(error.description)
            return 1
        }
        var line =
            "Imported \(Amount.grouped(added)) feed\(added == 1 ? "" : "s") from \(imported.kind) into "
            + context.subscriptions.displayPath
        if present > 0 { line += " (\(Amount.grouped(present)) already there)" }
        line += "."
        if added > 0 { line += " newsapp refresh fetches them." }
        var lines = [line]
        for skipped in imported.skipped {
            lines.append("Skipped line \(skipped.line): \(skipped.text) — \(skipped.reason)")
        }
        StandardOutput.write(lines.map { TextSanitizer.clean($0) + "\n" }.joined())
        return 0
    }

    func export() -> Int32 {
        guard let file = load() else { return 1 }
        StandardOutput.write(OPML.document(for: file.subscriptions, title: "NewsApp feeds", dateCreated: now))
        return 0
    }

    // MARK: - Support

    /// The account's service, when sync is on.
    private var sync: SyncService? {
        SyncService.standard(
            environment: context.environment, store: context.store,
            timeout: TimeInterval(context.settings.feeds.timeout), logger: context.logger)
    }

    /// The urls file's feeds and, with sync on, the service's, in the order `newsapp feeds`
    /// numbers them.
    private func listed(_ file: UrlsFile) async -> [ListedFeed]? {
        guard sync != nil else {
            return file.subscriptions.map { ListedFeed(subscription: $0, fromService: false) }
        }
        do {
            return ListedFeed.merging(file.subscriptions, try await context.store.syncedFeeds())
        } catch {
            FeedsContext.fail(error.sentence)
            return nil
        }
    }

    private func load() -> UrlsFile? {
        do {
            return try context.subscriptions.load()
        } catch {
            FeedsContext.fail(error.description)
            return nil
        }
    }

    static func items(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(Amount.grouped(count)) items"
    }

    /// Each tag once, in the order given, without blanks.
    static func uniqued(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty && seen.insert($0).inserted
        }
    }
}
