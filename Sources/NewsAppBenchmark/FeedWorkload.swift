import Foundation

/// newsboat#3210's workload: 199 Atom feeds of 500 entries each (title, id, link, updated,
/// author, a 60-word summary), about 70 MB, written once into a folder and reused by later runs.
/// Feed `f` is `feed-f.xml`; its entries are dated a minute apart, newest first.
struct FeedWorkload {
    /// Bumped whenever the generated files change, so a cached folder is written again.
    static let version = 1
    static let feedCount = 199
    static let entriesPerFeed = 500
    static let summaryWords = 60

    /// The folder holding the feed files (served as they are).
    let directory: URL
    let totalBytes: Int
    let note: String

    var entryCount: Int { Self.feedCount * Self.entriesPerFeed }

    /// The file names, in order.
    static var fileNames: [String] { (1...feedCount).map { String(format: "feed-%03d.xml", $0) } }

    /// The workload in `folder/feeds`, written unless a copy of this version is there.
    static func prepare(in folder: URL, corpus: Corpus, newest: Date) throws -> FeedWorkload {
        let directory = folder.appendingPathComponent("feeds", isDirectory: true)
        let stamp = directory.appendingPathComponent(".version")
        let manager = FileManager.default
        if (try? String(contentsOf: stamp, encoding: .utf8)) == "\(version)" {
            return FeedWorkload(directory: directory, totalBytes: try size(of: directory), note: "reused")
        }
        try? manager.removeItem(at: directory)
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        for (index, name) in fileNames.enumerated() {
            let text = document(feed: index + 1, corpus: corpus, newest: newest)
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        try Data("\(version)".utf8).write(to: stamp)
        return FeedWorkload(directory: directory, totalBytes: try size(of: directory), note: "written now")
    }

    /// A newsboat urls file naming every feed on a server at `base` (`http://127.0.0.1:8000`).
    func urlsFile(base: String) -> String {
        Self.fileNames.map { "\(base)/\($0)\n" }.joined()
    }

    // MARK: - Writing

    private static func document(feed: Int, corpus: Corpus, newest: Date) -> String {
        let site = "https://example.org/bench/feeds/\(feed)"
        var text = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
              <title>Workload feed \(feed)</title>
              <id>urn:newsapp-bench:feed-\(feed)</id>
              <link href="\(site)"/>
              <updated>\(timestamp(newest))</updated>

            """
        text.reserveCapacity(450_000)
        for entry in 0..<entriesPerFeed {
            let words = corpus.feedEntry(feed: feed, entry: entry, summaryWords: summaryWords)
            let updated = newest.addingTimeInterval(-Double(entry * 60 + feed))
            text += """
                  <entry>
                    <title>\(escaped(words.title))</title>
                    <id>urn:newsapp-bench:feed-\(feed):entry-\(entry)</id>
                    <link href="https://example.org/bench/feeds/\(escaped(words.path))"/>
                    <updated>\(timestamp(updated))</updated>
                    <author><name>\(escaped(words.author))</name></author>
                    <summary>\(escaped(words.summary))</summary>
                  </entry>

                """
        }
        return text + "</feed>\n"
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    private static func size(of directory: URL) throws -> Int {
        try fileNames.reduce(0) { total, name in
            let attributes = try FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(name).path)
            return total + ((attributes[.size] as? Int) ?? 0)
        }
    }
}
