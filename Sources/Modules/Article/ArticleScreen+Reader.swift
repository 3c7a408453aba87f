import Coordinators
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reader mode on the article screen: the page's whole text in place of a cut-off one (`full`,
/// and as the article opens), and `pager`.
extension ArticleScreen {
    /// The article as drawn: once the page's text is shown, that text and its links in place of
    /// the article's own, and the page's byline, date and lead picture where the article has none.
    var shownArticle: Article {
        guard let page = readerText else { return article }
        var shown = article
        shown.content = page.text
        shown.omittedCharacterCount = nil
        shown.links = page.links
        if shown.author == nil { shown.author = page.byline }
        if shown.publishedAt == nil { shown.publishedAt = page.published }
        if shown.imageURL == nil { shown.imageURL = page.leadImage }
        return shown
    }

    /// Whether the hints offer `full`: pages can be read here, and the article's text is cut off
    /// and its whole text not shown.
    var offersFull: Bool {
        reader.unavailableReason == nil && readerText == nil && CutOffText.isCutOff(article)
            && article.url.isWebAddress
    }

    /// `full` is offered only where pages can be read, but typed anywhere it says why it cannot.
    var readerCommands: [DeclaredCommand] {
        [
            DeclaredCommand(
                ["full"], summary: "Fetch the article’s page and show its whole text (reader mode)",
                listed: reader.unavailableReason == nil
            ) { self.readWholeArticle() },
            DeclaredCommand(["pager"], summary: "Read the article in $PAGER (less -R by default)") {
                self.showInPager()
            },
        ]
    }

    /// Looks up the text kept from an earlier read of the page and shows it; without one, fetches
    /// the page when `full_text` says so (`auto`: when the article's own text is cut off) and the
    /// page did not fail lately (``UnreadablePages``; `full` fetches it all the same). Holds
    /// the display only for ``displayGrace``, as the picture does: the article never waits for the
    /// network.
    func startReading() {
        guard reader.unavailableReason == nil else { return }
        let article = article
        activity.run("Opening the article", holdingDisplay: .atMost(grace)) { [weak self, reader] in
            let stored = await reader.storedText(of: article)
            guard let self, !Task.isCancelled else { return }
            if let stored {
                self.show(stored, asked: false)
            } else if self.fetchesOnOpen {
                self.fetchPage(asked: false)
            }
        }
    }

    /// Whether the page is fetched as the article opens: not when it failed lately.
    private var fetchesOnOpen: Bool {
        guard article.url.isWebAddress, !unreadablePages.failedLately(article.url) else { return false }
        switch fullText {
        case .auto: return CutOffText.isCutOff(article)
        case .on: return true
        case .off: return false
        }
    }

    /// `full`: fetches the page again, whatever was kept.
    func readWholeArticle() {
        if let reason = reader.unavailableReason {
            return activity.post([StyledLine(reason, .muted)])
        }
        guard article.url.isWebAddress else {
            return activity.post([
                StyledLine(
                    "This article’s address is not a web page, so there is nothing to fetch.", .warning)
            ])
        }
        guard !isFetchingPage else {
            return activity.post([StyledLine("The whole article is being fetched.", .muted)])
        }
        fetchPage(asked: true)
    }

    /// Fetches the page; `asked`: the reader typed `full` (the screen is on display already, and a
    /// quiet failure is said too).
    private func fetchPage(asked: Bool) {
        isFetchingPage = true
        let article = article
        activity.run(
            "Fetching the whole article", holdingDisplay: asked ? .never : .atMost(grace)
        ) { [weak self, reader] in
            let result: Result<ReaderText, ArticleReaderError>
            do throws(ArticleReaderError) {
                result = .success(try await reader.fetchText(of: article))
            } catch {
                result = .failure(error)
            }
            guard let self else { return }
            self.isFetchingPage = false
            guard !Task.isCancelled else { return }
            switch result {
            case .success: self.unreadablePages.recordSuccess(article.url)
            case .failure: self.unreadablePages.recordFailure(article.url)
            }
            switch result {
            case .success(let text): self.show(text, asked: asked)
            case .failure(let error) where error.isQuiet && !asked: return
            case .failure(let error): self.report(error.sentence)
            }
        }
    }

    /// Shows `text` in place of the article's own, unless it is shorter (a paywall, a teaser page).
    private func show(_ text: ReaderText, asked: Bool) {
        let own = article.content ?? article.summary ?? ""
        guard text.text.count > own.count else {
            // Kept from before: said when it was fetched.
            if asked { report("The page holds no more text than the article already shows.") }
            return
        }
        readerText = text
        readerFailure = nil
        activity.setNeedsDisplay()
        if pictureURL == nil, let lead = text.leadImage { loadPicture(lead) }
    }

    /// Says why the page is not shown: in the article when it was not drawn yet, else in one line
    /// below it (the article is not drawn again for it).
    private func report(_ sentence: String) {
        let line = "Could not show the whole article: " + Self.lowercasingFirst(sentence)
        readerFailure = line
        if activity.holdsDisplay {
            activity.setNeedsDisplay()
        } else {
            activity.post([StyledLine(line, .warning)])
        }
    }

    /// `The page …` → `the page …`.
    private static func lowercasingFirst(_ sentence: String) -> String {
        guard let first = sentence.first, first.isUppercase, sentence.dropFirst().first?.isUppercase != true
        else { return sentence }
        return first.lowercased() + sentence.dropFirst()
    }

    // MARK: Pager

    /// `pager`: the article, as drawn without its keys, in the user's pager.
    func showInPager() {
        switch actions.showInPager({ [self] width in pagerLines(width: width) }) {
        case .shown:
            break
        case .notATerminal:
            activity.post([
                StyledLine(
                    "pager opens the article in $PAGER on a terminal; here it is the text above.", .muted)
            ])
        case .failed(let reason):
            activity.post([StyledLine("The pager failed: \(reason).", .warning)])
        }
    }

    /// The article for a pager `width` columns wide: as on screen, without the line of keys.
    func pagerLines(width: Int) -> [StyledLine] {
        var lines = render(width: width, height: nil)
        if !lines.isEmpty { lines.removeLast() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
