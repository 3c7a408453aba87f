import Foundation
import Networking
import Store

/// `StoreKillTestHelper STORE-PATH FIRST-INDEX`: opens the store, prints `ready`, then records
/// page after page (``KillTestPages/page(_:)`` under ``KillTestPages/key(_:)``, from FIRST-INDEX
/// on) for ever, printing `committed N` after each page's transaction has returned. StoreTests
/// kills it with SIGKILL at random moments and checks that every page it reported is stored.
///
/// Lines go straight to file descriptor 1 with `write(2)`, never through a buffer, so a line
/// the parent reads is always one whose commit had finished.
@main
enum StoreKillTestHelper {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let first = Int(arguments[2]) else {
            say("usage: StoreKillTestHelper STORE-PATH FIRST-INDEX")
            exit(64)
        }
        let store: NewsStore
        do {
            let (opened, notice) = try NewsStore.open(at: URL(fileURLWithPath: arguments[1]))
            if let notice { say("notice " + notice) }
            store = opened
        } catch {
            say("error " + error.sentence)
            exit(1)
        }
        say("ready")
        var index = first
        while true {
            do {
                try await store.record(KillTestPages.page(index), for: KillTestPages.key(index))
            } catch {
                say("error " + error.sentence)
                exit(1)
            }
            say("committed \(index)")
            index += 1
        }
    }

    private static func say(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written <= 0 { exit(2) }
            offset += written
        }
    }
}

/// The pages the helper writes; StoreTests rebuilds them to check what was stored. Consecutive
/// pages share most of their articles, so every page updates rows (and the full-text index) as
/// well as inserting them, and the bodies are long enough to make the log checkpoint often.
enum KillTestPages {
    static let pageSize = 40

    static func key(_ index: Int) -> ListingKey {
        .search(query: "kill \(index)", sort: .publishedAt, language: "en")
    }

    static func urls(_ index: Int) -> [URL] {
        (0..<pageSize).map { URL(string: "https://example.org/kill/\((index * 7 + $0) % 600)")! }
    }

    static func page(_ index: Int) -> ArticlePage {
        let body = String(repeating: "Kill test body for page \(index). ", count: 30)
        let articles = urls(index).enumerated().map { position, url in
            Article(
                source: ArticleSource(name: "Kill Test Wire"), title: "Page \(index) item \(position)",
                summary: "Summary \(index) \(position)", url: url,
                publishedAt: Date(timeIntervalSince1970: Double(1_800_000_000 + index * 100 + position)),
                content: body)
        }
        return ArticlePage(articles: articles, totalResults: 1000, page: 1, pageSize: pageSize)
    }
}
