import ArgumentParser
import Feeds
import Foundation
import TerminalText

/// `newsapp extract [--url URL] [FILE]`: reader mode for scripts and measurements.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Print the article of a web page: its title, then its text.",
        discussion: """
            Reads the HTML of a page from FILE, or from standard input without it, and prints what \
            reader mode shows: the title, a line with the author and the date when the page names \
            them, then the article's text without navigation, ads, share bars, comments or cookie \
            banners, its links numbered [n] and listed at the end. Nothing is fetched. The page's \
            encoding is read from its <meta charset> (else UTF-8). Pages over 8 MiB are refused. \
            Exit status 1 when the page cannot be read or holds no article.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Option(
        help: ArgumentHelp(
            "The address the page came from; its relative links resolve against it.", valueName: "url"))
    var url: String?

    @Argument(help: ArgumentHelp("The HTML file (default: standard input).", valueName: "file"))
    var file: String?

    func validate() throws {
        try app.refuseOptions(notTakenBy: "extract")
        if let url, Self.webAddress(url) == nil {
            throw ValidationError("--url takes an http or https address, not “\(TextSanitizer.clean(url))”.")
        }
    }

    func run() throws {
        let html: Data
        do {
            html = try Self.read(file, limit: ArticleExtractor.maximumBytes + 1)
        } catch {
            let name = file.map { "“\(TextSanitizer.clean($0))”" } ?? "standard input"
            StandardError.write(
                "newsapp: Could not read \(name): \(TextSanitizer.clean(error.localizedDescription))")
            throw ExitCode(1)
        }
        do {
            let article = try ArticleExtractor.extract(
                html: html, url: url.flatMap(Self.webAddress), contentType: nil)
            StandardOutput.write(Self.text(of: article))
        } catch {
            StandardError.write("newsapp: " + error.description)
            throw ExitCode(1)
        }
    }

    /// The title, the byline and date, the text and the numbered links, each part a paragraph.
    static func text(of article: ExtractedArticle) -> String {
        var head = article.title.isEmpty ? [] : [article.title]
        let credit = [article.byline, article.published.map { $0.formatted(.iso8601.year().month().day()) }]
            .compactMap { $0 }
        if !credit.isEmpty { head.append(credit.joined(separator: " · ")) }
        var parts = [head.joined(separator: "\n"), article.text].filter { !$0.isEmpty }
        if !article.links.isEmpty {
            parts.append(
                article.links.enumerated().map { "[\($0.offset + 1)] \($0.element.absoluteString)" }
                    .joined(separator: "\n"))
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// `text` as an absolute http or https address with a host; nil otherwise.
    static func webAddress(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// At most `limit` bytes of `file`, or of standard input.
    private static func read(_ file: String?, limit: Int) throws -> Data {
        let handle =
            try file.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) } ?? .standardInput
        defer { if file != nil { try? handle.close() } }
        var data = Data()
        while data.count < limit, let chunk = try handle.read(upToCount: min(1 << 20, limit - data.count)),
            !chunk.isEmpty
        {
            data.append(chunk)
        }
        return data
    }
}
