import Foundation
import Testing

/// README's short session is a run: its commands are run in order against two feeds served from
/// 127.0.0.1, and what each prints is what README shows under it. The only things that vary are
/// masked on both sides: today's date, the clock time of an article, a refresh's seconds; an
/// item's age in minutes is README's plus the minutes the session has taken.
@Suite struct ReadmeSessionTests {
    /// One `$ command` of the session and the lines README shows after it.
    struct Step {
        var command: String
        var output: String
    }

    /// The session between README's markers, as steps.
    static func session() throws -> [Step] {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../README.md"),
            encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- session:begin -->\n```console\n"))
        let end = try #require(readme.range(of: "```\n<!-- session:end -->"))
        var steps: [Step] = []
        // The block's lines, without the empty one after its last line break.
        for line in readme[begin.upperBound..<end.lowerBound].dropLast().split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            if line.hasPrefix("$ ") {
                steps.append(Step(command: String(line.dropFirst(2)), output: ""))
            } else if !steps.isEmpty {
                steps[steps.count - 1].output += line + "\n"
            }
        }
        return steps
    }

    /// What changes from run to run, masked: `Tue 24 Nov 2026 06:10`, `24 Nov 2026`, `in 0.1 s`.
    static func masked(_ text: String) -> String {
        let month = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
        return
            text
            .replacingOccurrences(
                of: "(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [0-9]{1,2} \(month) [0-9]{4} [0-9]{2}:[0-9]{2}",
                with: "<time>", options: .regularExpression
            )
            .replacingOccurrences(
                of: "[0-9]{1,2} \(month) [0-9]{4}", with: "<date>", options: .regularExpression
            )
            .replacingOccurrences(
                of: " in [0-9]+(\\.[0-9]+)? s\n", with: " in <s> s\n", options: .regularExpression)
    }

    /// README's text as a run prints it `elapsed` seconds after the feeds were dated: an item
    /// README shows "29 minutes ago" is dated 29½ minutes before, so it reads 30 from the 30th
    /// second on (a loaded machine takes longer than that over the whole session).
    static func aged(_ text: String, by elapsed: TimeInterval) -> String {
        text.replacing(/([0-9]+) minutes ago/) { match in
            "\(Int((Double(match.1)! * 60 + 30 + elapsed) / 60)) minutes ago"
        }
    }

    @Test func theReadmesShortSessionIsWhatARunPrints() async throws {
        let steps = try Self.session()
        #expect(steps.map(\.command).first == "newsapp feeds import my.opml")
        let dated = Date()
        let server = try FeedServer(files: ReadmeFeeds.files(now: dated))
        let sandbox = try Sandbox()
        try sandbox.directory.write(ReadmeFeeds.opml(base: server.base), to: "my.opml")
        for step in steps {
            let (arguments, input) = try Self.parse(step.command)
            let started = Date().timeIntervalSince(dated)
            let run = try await sandbox.run(
                arguments, extra: ["TZ": "UTC"], input: input, directory: sandbox.directory.url)
            let ended = Date().timeIntervalSince(dated)
            // The oldest item README counts in minutes is 54 ("54 minutes ago"): past 5 minutes
            // it would read in hours.
            try #require(ended < 5 * 60, "the session took \(Int(ended)) s")
            #expect(run.status == 0, "\(step.command)")
            let printed = run.out + run.err
            // Each line is README's as it reads when the run started or when it ended (a minute
            // may turn while it runs).
            let lines = Self.masked(printed).split(separator: "\n", omittingEmptySubsequences: false)
            let early = Self.aged(Self.masked(step.output), by: started)
                .split(separator: "\n", omittingEmptySubsequences: false)
            let late = Self.aged(Self.masked(step.output), by: ended)
                .split(separator: "\n", omittingEmptySubsequences: false)
            #expect(
                lines.count == early.count
                    && lines.indices.allSatisfy { lines[$0] == early[$0] || lines[$0] == late[$0] },
                "README shows, after $ \(step.command) (\(Int(started)) s in):\n\(step.output)\nA run prints:\n\(printed)"
            )
        }
        await server.stop()
    }

    /// `newsapp ARGS` or `printf 'LINES' | newsapp ARGS`: the arguments, and the lines piped in.
    static func parse(_ command: String) throws -> (arguments: [String], input: String?) {
        var input: String?
        var rest = Substring(command)
        if rest.hasPrefix("printf '") {
            let text = rest.dropFirst("printf '".count).prefix { $0 != "'" }
            input = text.replacingOccurrences(of: "\\n", with: "\n")
            rest = rest.dropFirst("printf '".count + text.count + 1).drop { $0 == " " || $0 == "|" }
        }
        let words = rest.split(separator: " ").map(String.init)
        try #require(words.first == "newsapp", "a step runs newsapp: \(command)")
        return (Array(words.dropFirst()), input)
    }
}

/// README's two feeds: The Orbit Report (in the OPML folder Space) and The Harbour Ledger (Local),
/// their items dated from `now` so that their ages read as README shows them.
enum ReadmeFeeds {
    static func opml(base: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0"><head><title>My feeds</title></head><body>
          <outline text="Space"><outline text="The Orbit Report" type="rss" xmlUrl="\(base)/orbit.xml"/></outline>
          <outline text="Local"><outline text="The Harbour Ledger" type="rss" xmlUrl="\(base)/harbour.xml"/></outline>
        </body></opml>
        """
    }

    static func files(now: Date) -> [String: FeedServer.File] {
        /// An RFC 822 date `minutes` minutes before `now` (and half a minute more, so the age reads
        /// the same for the first 30 seconds; ``ReadmeSessionTests/aged(_:by:)`` counts on it).
        func ago(_ minutes: Double) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return formatter.string(from: now.addingTimeInterval(-(minutes * 60 + 30)))
        }
        let orbit = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
              xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel><title>The Orbit Report</title><link>https://orbit.example/</link>
            <item>
              <title>Comet Lumen brightens ahead of its December pass</title>
              <link>https://orbit.example/2026/11/comet-lumen</link>
              <guid>https://orbit.example/2026/11/comet-lumen</guid>
              <dc:creator>Ines Okafor</dc:creator>
              <pubDate>\(ago(29))</pubDate>
              <description>Comet Lumen has brightened tenfold in a week, and observers at the Hale Ridge observatory expect it to be visible to the naked eye by mid-December.</description>
              <content:encoded><![CDATA[<p>Comet Lumen has brightened tenfold in a week, and observers at the <a href="https://orbit.example/observatory">Hale Ridge observatory</a> expect it to be visible to the naked eye by mid-December.</p>
              <blockquote><p>“It is shedding dust faster than any model predicted,” said the observatory's director.</p></blockquote>
              <ul><li>Best seen: an hour before dawn</li><li>Where: low in the east</li></ul>]]></content:encoded>
              <enclosure url="https://orbit.example/podcast/lumen.mp3" length="12373197" type="audio/mpeg"/>
            </item>
            <item>
              <title>Rover finds layered rocks pointing to an ancient lake</title>
              <link>https://orbit.example/2026/11/rover-lake</link>
              <guid>https://orbit.example/2026/11/rover-lake</guid>
              <dc:creator>Tom Vale</dc:creator>
              <pubDate>\(ago(12 * 60 + 10))</pubDate>
              <description>Finely layered mudstone at the crater's rim suggests water stood there for thousands of years.</description>
            </item>
            <item>
              <title>Launch window for the ice moon probe opens in March</title>
              <link>https://orbit.example/2026/11/ice-moon</link>
              <guid>https://orbit.example/2026/11/ice-moon</guid>
              <pubDate>\(ago(21 * 60 + 10))</pubDate>
              <description>The agency has set the dates.</description>
            </item>
            </channel></rss>
            """
        let harbour = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>The Harbour Ledger</title><link>https://harbour.example/</link>
            <item>
              <title>Ferry timetable changes for the winter</title>
              <link>https://harbour.example/ferry-winter</link>
              <pubDate>\(ago(54))</pubDate>
              <description>Fewer crossings from December.</description>
            </item>
            <item>
              <title>Fish market reopens after the storm repairs</title>
              <link>https://harbour.example/fish-market</link>
              <pubDate>\(ago(14 * 60 + 10))</pubDate>
              <description>Stalls are back on the quay.</description>
            </item>
            </channel></rss>
            """
        return [
            "/orbit.xml": FeedServer.File(body: Data(orbit.utf8), contentType: "application/rss+xml"),
            "/harbour.xml": FeedServer.File(body: Data(harbour.utf8), contentType: "application/rss+xml"),
        ]
    }
}
