import Coordinators
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The article screen's actions: `o` and `o N`, `next`, `save` and `unsave`, `s`.
extension ArticleScreen {
    var address: String { TextSanitizer.clean(article.url.absoluteString) }

    /// `o` opens the article; `o N` its link or enclosure N.
    func open(_ argument: String) {
        guard !argument.isEmpty else { return open(article.url, named: "This article’s address") }
        let references = references
        guard let number = Int(argument), references.indices.contains(number - 1) else {
            let count = references.count
            let message =
                count == 0
                ? "This article has no links: type o to open the article."
                : "There is no link “\(argument)”: choose \(count == 1 ? "1" : "1–\(count)"), or type o for the article."
            return activity.post([StyledLine(message, .warning)])
        }
        let reference = references[number - 1]
        open(reference.url, named: "\(reference.kind) \(number)")
    }

    /// Opens `url` in the browser (http and https only), saying what became of it; `name` says what
    /// the address is in a refusal ("Link 3").
    func open(_ url: URL, named name: String) {
        guard url.isWebAddress else {
            let scheme = url.scheme.map { " (\(TextSanitizer.clean($0)):)" } ?? ""
            return activity.post([
                StyledLine("\(name) is not a web address\(scheme), so it was not opened.", .warning)
            ])
        }
        let address = TextSanitizer.clean(url.absoluteString)
        switch actions.openInBrowser(url) {
        case .opened(let browser):
            activity.post([StyledLine("Opened in \(browser).", .muted)])
        case .noBrowser:
            activity.post([
                StyledLine("No browser found: set $BROWSER or install xdg-utils. The address:", .warning),
                StyledLine(address, .link, link: url),
            ])
        case .failed(let reason):
            activity.post([
                StyledLine("The browser failed: \(reason). The address:", .warning),
                StyledLine(address, .link, link: url),
            ])
        }
    }

    /// Finds the feed list's next unread item after this one and hands it to the coordinator.
    func openNextUnread() {
        guard let scope else { return }
        activity.run("Finding the next unread item") { [weak self, feeds, article] in
            let next = await feeds.nextUnread(after: article, in: scope)
            guard let self, !Task.isCancelled else { return }
            guard let next else {
                return self.activity.post([StyledLine("No unread items left.", .muted)])
            }
            self.onNext?(next)
        }
    }

    /// `mark unread`, `toggle read`: the item's read mark (opening it marked it read).
    func setRead(_ read: Bool) {
        activity.run(read ? "Marking the item read" : "Marking the item unread") {
            [weak self, feeds, article] in
            do throws(FeedLibraryError) {
                try await feeds.setRead(article, read: read)
            } catch {
                self?.activity.post([StyledLine(error.sentence, .warning)])
                return
            }
            guard let self else { return }
            self.isRead = read
            self.activity.post([StyledLine(read ? "Marked read." : "Marked unread.", .muted)])
        }
    }

    func save() {
        guard !isSaved else {
            return activity.post([
                StyledLine("Already saved. Type saved to list your saved articles.", .muted)
            ])
        }
        activity.run("Saving the article") { [weak self, readingList, article] in
            do throws(ReadingListError) {
                try await readingList.save(article)
            } catch {
                self?.activity.post([StyledLine(error.sentence, .warning)])
                return
            }
            guard let self else { return }
            // The sentence says it; the article is not drawn again for its key line.
            self.isSaved = true
            self.activity.post([StyledLine("Saved. Type saved to list your saved articles.", .muted)])
        }
    }

    func unsave() {
        guard isSaved else {
            return activity.post([StyledLine("This article is not saved.", .muted)])
        }
        activity.run("Removing the article from saved") { [weak self, readingList, article] in
            do throws(ReadingListError) {
                try await readingList.unsave(article)
            } catch {
                self?.activity.post([StyledLine(error.sentence, .warning)])
                return
            }
            guard let self else { return }
            self.isSaved = false
            self.activity.post([StyledLine("Removed from your saved articles.", .muted)])
        }
    }

    func share() {
        var lines = [
            StyledLine(TextSanitizer.clean(article.title), .strong),
            StyledLine(address, .link, link: article.url),
        ]
        if article.url.isWebAddress, actions.copyToClipboard(article.url.absoluteString) {
            lines.append(
                StyledLine("The address was sent to the clipboard (your terminal must allow OSC 52).", .muted)
            )
        }
        activity.post(lines)
    }
}

// MARK: - Downloads

extension ArticleScreen {
    /// The enclosure `argument` names: its number under Enclosures (numbered after the links), or
    /// the first with none; a sentence when there is none.
    private func enclosure(_ argument: String) -> Result<Enclosure, ArticleScreenMessage> {
        let shown = shownArticle
        guard !shown.enclosures.isEmpty else {
            return .failure(ArticleScreenMessage("This article has no enclosure."))
        }
        guard !argument.isEmpty else { return .success(shown.enclosures[0]) }
        let first = shown.links.count + 1
        guard let number = Int(argument), (first..<(first + shown.enclosures.count)).contains(number) else {
            let range =
                shown.enclosures.count == 1 ? "\(first)" : "\(first)–\(first + shown.enclosures.count - 1)"
            return .failure(ArticleScreenMessage("There is no enclosure \(argument): choose \(range)."))
        }
        return .success(shown.enclosures[number - first])
    }

    /// `download [N]`: queues the enclosure and starts the queue in the background.
    func download(_ argument: String) {
        switch enclosure(argument) {
        case .failure(let message):
            activity.post([StyledLine(message.text, .warning)])
        case .success(let enclosure):
            let article = article
            activity.run("Queueing the download", holdingDisplay: .never) { [weak self, downloads] in
                let sentence = await downloads.queue(enclosure, of: article)
                guard let self else { return }
                self.activity.post([StyledLine(sentence, .muted)])
                self.downloadTrigger.fire()
            }
        }
    }

    /// `play [N]`: plays the downloaded enclosure.
    func play(_ argument: String) {
        switch enclosure(argument) {
        case .failure(let message):
            activity.post([StyledLine(message.text, .warning)])
        case .success(let enclosure):
            activity.run("Starting the player", holdingDisplay: .never) { [weak self, downloads] in
                let sentence = await downloads.play(enclosure)
                self?.activity.post([StyledLine(sentence, .muted)])
            }
        }
    }
}

/// A sentence an article command answers with.
struct ArticleScreenMessage: Error {
    var text: String

    init(_ text: String) {
        self.text = text
    }
}
