import ArgumentParser
import Configuration
import Console
import Feeds
import NewsModels
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

/// `newsapp extract [--url URL] [--json] [--no-links] [FILE]`: reader mode for scripts and measurements.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Print the article of a web page: its title, then its text.",
        discussion: """
            Reads the HTML of a page from FILE, or from standard input without it, and prints what \
            reader mode shows: the title, a line with the author and the date when the page names \
            them, then the article's text without navigation, ads, share bars, comments or cookie \
            banners, its links numbered [n] and listed at the end (--no-links: links as plain text), \
            or with --json one object {"title", "byline", "date", "site", "language", "text", "links", \
            "pictures"}. Nothing is fetched. The page's \
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

    @Flag(help: "Print JSON: title, byline, date, site, language, text, links and pictures.")
    var json = false

    @Flag(name: .customLong("no-links"), help: "Links as plain text: no [n] after them, no list of them.")
    var noLinks = false

    func validate() throws {
        try app.refuseOptions(notTakenBy: "extract")
        if let url, URL(webAddress: url) == nil {
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
                "newsapp: Could not read \(name): \(error.reason).")
            throw ExitCode(1)
        }
        do {
            let article = try ArticleExtractor.extract(
                html: html, url: url.flatMap(URL.init(webAddress:)), contentType: nil,
                numberingLinks: !noLinks)
            StandardOutput.write(ArticleOutput(article: article, json: json).text)
        } catch {
            StandardError.write("newsapp: " + error.description)
            throw ExitCode(1)
        }
    }

    /// At most `limit` bytes of `file`, or of standard input.
    private static func read(_ file: String?, limit: Int) throws(FileReader.Failure) -> Data {
        let descriptor = file.map { open($0, O_RDONLY | O_CLOEXEC) } ?? STDIN_FILENO
        guard descriptor >= 0 else { throw .posix(errno) }
        defer { if file != nil { close(descriptor) } }
        guard let bytes = POSIXFile.read(descriptor, upTo: limit) else { throw .posix(errno) }
        return Data(bytes)
    }
}
