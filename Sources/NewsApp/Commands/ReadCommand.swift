import ArgumentParser
import Configuration
import Console
import Feeds
import Networking
import NewsModels
import TerminalText

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsapp read URL`: reader mode on a web page fetched over the network.
struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Fetch a web page and print its article: its title, then its text.",
        discussion: """
            Prints what `newsapp extract` prints for the page at URL (--json and --no-links too), fetched as every download of \
            NewsApp is: http and https only, at most 8 MiB after decompression, within \
            request_timeout seconds in all (config file, default 10), redirects followed up to 10, \
            never from https down to http, and credentials never sent to another host. A feed's \
            address is refused (`newsapp feeds add` subscribes to it), and so is what is not a web \
            page. Exit status 1 when the page cannot be fetched or holds no article, with the \
            reason on one line.
            """
    )

    @ParentCommand var app: NewsAppCommand

    @Argument(help: ArgumentHelp("The page's http or https address.", valueName: "url"))
    var url: String

    @Flag(help: "Print JSON: title, byline, date, site, language, text, links and pictures.")
    var json = false

    @Flag(name: .customLong("no-links"), help: "Links as plain text: no [n] after them, no list of them.")
    var noLinks = false

    func validate() throws {
        try app.refuseOptions(notTakenBy: "read")
        guard URL(webAddress: url) != nil else {
            throw ValidationError("read takes an http or https address, not “\(TextSanitizer.clean(url))”.")
        }
    }

    func run() async throws {
        guard let address = URL(webAddress: url) else { throw ExitCode(2) }
        let settings = Settings.resolved(
            app.shared.commandLine, environment: ProcessInfo.processInfo.environment)
        let timeout = TimeInterval(settings[\.requestTimeout])
        let fetcher = PageFetcher(http: CurlHTTPClient(), timeout: timeout)
        do {
            let page = try await fetcher.read(address, numberingLinks: !noLinks)
            StandardOutput.write(ArticleOutput(article: page.article, json: json).text)
        } catch {
            StandardError.write("newsapp: " + TextSanitizer.clean(error.sentence))
            throw ExitCode(1)
        }
    }
}
