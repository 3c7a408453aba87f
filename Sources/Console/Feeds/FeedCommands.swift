import Account
import Configuration
import Feeds
import FilterLanguage
import Logging
import Modules
import NewsModels
import Store
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `newsapp feeds …` does. Each returns the exit status: 0, or 1 when the work failed (one
/// line on standard error says why).
public struct FeedCommands {
    public let context: FeedsContext
    public var now = Date()

    public init(context: FeedsContext) {
        self.context = context
    }

    private var output: OutputStyle {
        OutputStyle(environment: context.environment, theme: context.settings[\.theme])
    }
    private var time: TimeFormatting { TimeFormatting(now: now) }

    // MARK: feeds

    public func list(json: Bool) async -> Int32 {
        guard let file = load() else { return 1 }
        let lines: [Catalogue.Line]
        do {
            lines = try await Catalogue.load(
                file, store: context.store, service: sync?.account.serviceName,
                rules: FeedRules(settings: context.settings)
            ).lines
        } catch {
            FeedsContext.fail(error.sentence)
            return 1
        }
        let listing = FeedsListing(
            file: context.subscriptions.displayPath, lines: lines, skipped: file.skipped)
        if json {
            StandardOutput.write(TerminalSafeJSON.encode(listing.document) + "\n")
        } else {
            output.write(listing.lines(width: output.width, time: time))
        }
        return 0
    }

    // MARK: feeds show

    public func show(_ selector: FeedSelector, json: Bool, unreadOnly: Bool, limit: Int?) async -> Int32 {
        guard let file = load(), let listed = await listed(file) else { return 1 }
        let entry: UrlsFile.Entry
        switch Self.resolve(selector, in: file, listed: listed) {
        case .failure(let failure):
            FeedsContext.fail(failure.description)
            return 1
        case .success(let found):
            entry = found
        }
        do {
            let listing: FeedItemsListing
            switch entry {
            case .subscription(let subscription):
                let summary = try await context.store.feedSummaries(for: [subscription.url]).first
                let items = try await context.store.feedItems(
                    of: subscription.url, unreadOnly: unreadOnly, limit: limit)
                let title = CatalogueFeed(subscription: subscription, stored: summary).title
                listing = FeedItemsListing(
                    url: subscription.shownAddress, title: title, items: items,
                    total: summary?.itemCount ?? 0,
                    unread: summary?.unreadCount ?? 0)
            case .query(let query):
                let filters = try await FeedFilterContext.load(file, store: context.store)
                let items = try await context.store.filteredStoredFeedItems(
                    filters.filter(for: query, unreadOnly: unreadOnly), limit: limit)
                let counts = try await context.store.filteredFeedCounts(filters.filter(for: query))
                listing = FeedItemsListing(
                    url: query.address, title: query.name, items: items, total: counts.items,
                    unread: counts.unread)
            }
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

    // MARK: feeds add --query

    public func addQuery(name: String, expression text: String, tags: [String]) async -> Int32 {
        let name = name.trimmingSpaces()
        guard !name.isEmpty, !name.contains(":"), !name.contains(where: \.isNewline) else {
            FeedsContext.fail(
                "A query feed's name must not be empty or hold a colon (newsboat ends the name there).")
            return 2
        }
        let expression: FilterExpression
        do {
            expression = try FilterParser.parse(text)
        } catch {
            FeedsContext.fail(error.sentence)
            return 2
        }
        guard !text.contains(where: \.isNewline) else {
            FeedsContext.fail("A query feed's expression must fit on one line.")
            return 2
        }
        let added: Bool
        do {
            added = try context.subscriptions.update { file in
                file.addQuery(name: name, expression: text, tags: Self.uniqued(tags))
            }
        } catch {
            FeedsContext.fail(error.description)
            return 1
        }
        guard added else {
            FeedsContext.fail("There is already a query feed called “\(name)”.")
            return 1
        }
        var counts = (items: 0, unread: 0)
        if let file = load(), let filters = try? await FeedFilterContext.load(file, store: context.store) {
            let query = QueryFeed(name: name, text: text, expression: expression)
            counts = (try? await context.store.filteredFeedCounts(filters.filter(for: query))) ?? counts
        }
        StandardOutput.write(
            TextSanitizer.clean(
                "Added the query feed “\(name)” (\(expression.written)) · \(Amount.grouped(counts.unread)) unread of "
                    + "\(Self.items(counts.items)) stored") + "\n")
        return 0
    }

    // MARK: feeds add

    public func add(_ address: String, tags: [String], title: String?) async -> Int32 {
        guard let url = FeedAddress.parse(address) else {
            FeedsContext.fail("“\(address)” is not an http or https address.")
            return 2
        }
        if let sync {
            return await SyncedFeedCommands(context: context, sync: sync).add(url, tags: tags, title: title)
        }
        let asked = Subscription(url: url, tags: Self.uniqued(tags), title: title)
        let subscription: Subscription
        let found: FeedProbe.Found
        let newItems: Int
        switch await context.account.subscribe(
            asked, in: context.subscriptions, probe: FeedProbe(fetcher: context.fetcher))
        {
        case .alreadyThere(let listed):
            StandardOutput.write(TextSanitizer.clean("Already subscribed: \(listed.shownAddress)") + "\n")
            return 0
        case .unreachable(let reason):
            context.logger.warning(
                "add failed", metadata: ["url": "\(url.shownAddress)", "reason": "\(reason)"])
            FeedsContext.fail("\(url.shownAddress): \(reason) Nothing was added.")
            return 1
        case .fileFailed(let reason):
            FeedsContext.fail(reason)
            return 1
        case .added(let added, let probed, let count):
            subscription = added
            found = probed
            newItems = count
        }
        var lines = [
            "Added “\(subscription.title ?? found.document.title ?? found.url.host ?? found.url.shownAddress)” "
                + "(\(found.url.shownAddress)) · \(Self.items(newItems))"
        ]
        if let page = found.page {
            lines.append("Found through the page \(page.shownAddress), which announces it.")
        }
        if !found.alternatives.isEmpty {
            lines.append(
                "The page also announces: "
                    + found.alternatives.map(\.url.shownAddress).joined(separator: ", "))
        }
        if !subscription.tags.isEmpty { lines.append("Tags: " + subscription.tags.joined(separator: ", ")) }
        StandardOutput.write(lines.map { TextSanitizer.clean($0) + "\n" }.joined())
        return 0
    }

    // MARK: feeds remove

    public func remove(_ selector: FeedSelector) async -> Int32 {
        guard let file = load(), let listed = await listed(file) else { return 1 }
        let subscription: Subscription
        switch Self.resolve(selector, in: file, listed: listed) {
        case .failure(let failure):
            FeedsContext.fail(failure.description)
            return 1
        case .success(.query(let query)):
            do {
                try context.subscriptions.update { file in _ = file.removeQuery(name: query.name) }
            } catch {
                FeedsContext.fail(error.description)
                return 1
            }
            StandardOutput.write(
                TextSanitizer.clean(
                    "Removed the query feed “\(query.name)”; the items it chose stay in their feeds.")
                    + "\n")
            return 0
        case .success(.subscription(let found)):
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
            try await context.account.unsubscribe(from: subscription.url)
        } catch {
            FeedsContext.fail(error.sentence)
        }
        let title = CatalogueFeed(subscription: subscription, stored: summary).title
        StandardOutput.write(
            TextSanitizer.clean(
                "Removed “\(title)” (\(subscription.shownAddress)); its saved items stay in saved.")
                + "\n")
        return 0
    }

    // MARK: feeds import / export

    public func importFile(_ path: String, allowCommands: Bool = false) async -> Int32 {
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
        if let config = imported.config { return importConfig(config, skipped: imported.skipped) }
        // A command runs with the user's rights: one from a file of unknown origin is added only
        // when the user says so.
        let commands = imported.subscriptions.filter(\.runsCommand)
        var accepted = imported.subscriptions.filter { !$0.runsCommand }
        var notes: [String] = []
        if !commands.isEmpty {
            if allowCommands || confirm(commands) {
                accepted += commands
            } else {
                notes.append(
                    "Not added: \(commands.count) feed\(commands.count == 1 ? "" : "s") that run\(commands.count == 1 ? "s" : "") "
                        + "a command (" + commands.map(\.shownAddress).joined(separator: ", ")
                        + "); importing adds a "
                        + "command only when you say so: run again with --allow-commands, or in a terminal answer y."
                )
            }
        }
        let (added, present, queries): (Int, Int, Int)
        do {
            (added, present, queries) = try context.subscriptions.update { file in
                let added = file.add(contentsOf: accepted)
                var queries = 0
                for query in imported.queries
                where file.addQuery(name: query.name, expression: query.text, tags: query.tags) {
                    queries += 1
                }
                return (added, accepted.count - added, queries)
            }
        } catch {
            FeedsContext.fail(error.description)
            return 1
        }
        var line =
            "Imported \(Amount.grouped(added)) feed\(added == 1 ? "" : "s") from \(imported.kind) into "
            + context.subscriptions.displayPath
        if queries > 0 { line += ", and \(queries) query feed\(queries == 1 ? "" : "s")" }
        if present > 0 { line += " (\(Amount.grouped(present)) already there)" }
        line += "."
        if added > 0 { line += " newsapp refresh fetches them." }
        var lines = [line] + notes
        for skipped in imported.skipped {
            lines.append("Skipped line \(skipped.line): \(skipped.text) — \(skipped.reason)")
        }
        StandardOutput.write(lines.map { TextSanitizer.clean($0) + "\n" }.joined())
        return 0
    }

    /// Asks on the terminal whether to add feeds that run commands; false without a terminal.
    private func confirm(_ commands: [Subscription]) -> Bool {
        guard TerminalProbe.isTerminal(STDIN_FILENO), TerminalProbe.isTerminal(STDERR_FILENO) else {
            return false
        }
        var question =
            "The file has \(commands.count) feed\(commands.count == 1 ? "" : "s") made by running a command:\n"
        for command in commands { question += "  " + TextSanitizer.clean(command.shownAddress) + "\n" }
        question +=
            "Add \(commands.count == 1 ? "it" : "them")? They run at every refresh, with your rights. [y/N] "
        StandardError.writeRaw(question)
        let answer = readLine()?.trimmingSpaces().lowercased()
        return answer == "y" || answer == "yes"
    }

    /// Carries a newsboat config file over into config.toml, and lists what it did not read.
    private func importConfig(_ config: NewsboatConfig, skipped: [UrlsFile.SkippedLine]) -> Int32 {
        guard let file = ConfigurationFile.standard(environment: context.environment) else {
            FeedsContext.fail("There is no home for config.toml (HOME and XDG_CONFIG_HOME are unset).")
            return 1
        }
        let merge: ConfigurationMerge
        do throws(LockedTextFile.Failure) {
            merge = try file.textFile.update {
                (text: inout String) throws(LockedTextFile.Failure) -> ConfigurationMerge in
                do throws(ConfigurationMerge.Failure) {
                    let merged = try ConfigurationMerge(config, into: text)
                    text = merged.text
                    return merged
                } catch {
                    throw LockedTextFile.Failure(description: "\(file.displayPath): \(error.reason).")
                }
            }
        } catch {
            FeedsContext.fail(error.description)
            return 1
        }
        var lines = [
            merge.carried.isEmpty
                ? "Nothing to carry over from the newsboat config file into \(file.displayPath)."
                : "Carried over from a newsboat config file into \(file.displayPath):"
        ]
        lines += merge.carried.map { "  " + $0 }
        lines += merge.kept.map { "  " + $0 }
        if !skipped.isEmpty {
            lines.append("Not read (\(skipped.count) line\(skipped.count == 1 ? "" : "s")):")
        }
        for line in skipped {
            lines.append("  line \(line.line): \(line.text) — \(line.reason)")
        }
        StandardOutput.write(lines.map { TextSanitizer.clean($0) + "\n" }.joined())
        return 0
    }

    public func export() -> Int32 {
        guard let file = load() else { return 1 }
        StandardOutput.write(OPML.document(for: file.subscriptions, title: "NewsApp feeds", dateCreated: now))
        // The list is written as it is, passwords included, so that importing it gives the same
        // feeds; whoever keeps the file should know.
        let withPasswords = file.subscriptions.filter(\.url.carriesPassword).count
        if withPasswords > 0 {
            let feeds =
                withPasswords == 1 ? "1 feed's address" : "\(Amount.grouped(withPasswords)) feeds' addresses"
            StandardError.write(
                "newsapp: the export holds the passwords written in \(feeds); keep it private.")
        }
        return 0
    }

    // MARK: - Support

    private func load() -> UrlsFile? {
        do {
            return try context.subscriptions.load()
        } catch {
            FeedsContext.fail(error.description)
            return nil
        }
    }

    public static func items(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(Amount.grouped(count)) items"
    }

    /// Each tag once, in the order given, without blanks.
    public static func uniqued(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.map { $0.trimmingSpaces() }.filter {
            !$0.isEmpty && seen.insert($0).inserted
        }
    }
}
