import Feeds
import Foundation

/// The floor a refresh cannot go below: `curl` fetching the same feeds from the same server, as
/// many at a time as `newsapp refresh` asks one host for, in one process (`--parallel`: one
/// libcurl multi handle, as in the app), every body thrown away. What is left above it in a
/// refresh is parsing and storing.
enum FetchFloor {
    /// Feeds in flight at once: every feed of the workload is on 127.0.0.1, so the refresh's
    /// limit per host is its concurrency.
    static var concurrency: Int {
        let options = FeedRefresher.Options()
        return min(options.concurrency, options.perHost)
    }

    /// `runs` fetches of every URL in `urls`; nil when no `curl` is installed.
    static func measure(urls: [String], runs: Int, in folder: URL) throws -> Samples? {
        guard
            let curl = ["/usr/bin/curl", "/usr/local/bin/curl", "/bin/curl"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        // A config file: a `url` and an `output` for each feed.
        let config = folder.appendingPathComponent("curl-floor-\(getpid()).config")
        let lines = urls.map { "url = \"\($0)\"\noutput = \"/dev/null\"\n" }.joined()
        try Data(lines.utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        let fetch = ColdStart(
            executable: curl,
            arguments: [
                "--silent", "--show-error", "--fail", "--parallel", "--parallel-immediate",
                "--parallel-max", String(concurrency), "--config", config.path,
            ],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], prompt: nil)
        var samples = Samples()
        for _ in 0..<runs {
            let run = try fetch.run()
            guard run.status == 0 else {
                throw ColdStart.Failure(
                    description: "curl could not fetch the workload (status \(run.status))")
            }
            samples.append(run.toExit)
        }
        return samples
    }
}
