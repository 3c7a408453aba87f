// reader-api-stub: a Google Reader API service (FreshRSS's dialect) on 127.0.0.1, with generated
// feeds and items, for trying `newsapp sync` by hand; with --miniflux, a Miniflux speaking its own
// REST API instead (`newsapp sync login http://127.0.0.1:PORT --service miniflux`).

import Foundation
import NewsAPIStub
import ReaderAPIStub

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let usage = "usage: reader-api-stub [--miniflux] [--port N] [--feeds N] [--items N] [--latency-ms N]"

/// The value after `option`, as a whole number in `range`.
func number(_ option: String, in range: ClosedRange<Int>, default value: Int) -> Int {
    let words = CommandLine.arguments
    guard let index = words.firstIndex(of: option) else { return value }
    guard index + 1 < words.count, let number = Int(words[index + 1]), range.contains(number) else {
        FileHandle.standardError.write(
            Data(
                "reader-api-stub: \(option) needs a number from \(range.lowerBound) to \(range.upperBound)\n\(usage)\n"
                    .utf8))
        exit(2)
    }
    return number
}

let known: Set<String> = ["--port", "--feeds", "--items", "--latency-ms"]
for (index, word) in CommandLine.arguments.enumerated().dropFirst() where word.hasPrefix("-") {
    if word == "-h" || word == "--help" {
        print(usage)
        exit(0)
    }
    guard
        known.contains(word) || word == "--miniflux"
            || (index > 1 && known.contains(CommandLine.arguments[index - 1]))
    else {
        FileHandle.standardError.write(Data("reader-api-stub: unknown argument “\(word)”\n\(usage)\n".utf8))
        exit(2)
    }
}

let signals = SignalWaiter()
var account = ReaderAPIAccount()
let labels = ["Science", "World", "Technology", "Culture"]
for feed in 1...max(number("--feeds", in: 0...1_000, default: 4), 1) {
    let stream = account.addFeed(
        title: "Feed \(feed)", url: "https://feed\(feed).example/rss",
        siteURL: "https://feed\(feed).example/",
        labels: [labels[(feed - 1) % labels.count]])
    account.addItems(to: stream, count: number("--items", in: 0...100_000, default: 20))
}
let latency = Duration.milliseconds(number("--latency-ms", in: 0...600_000, default: 0))
let requestedPort = UInt16(number("--port", in: 0...65_535, default: 8731))
let server: any StubServing
let banner: String
if CommandLine.arguments.contains("--miniflux") {
    let miniflux = MinifluxStubServer(account: account, options: MinifluxStubServer.Options(latency: latency))
    server = miniflux
    let options = miniflux.options
    banner = "user \(options.user), password \(options.password), API key \(options.apiKey)"
} else {
    let reader = ReaderAPIStubServer(account: account, options: ReaderAPIStubServer.Options(latency: latency))
    server = reader
    banner = "user \(reader.options.user), API password \(reader.options.password)"
}
let port: Int
do {
    port = try await server.start(port: requestedPort)
} catch {
    FileHandle.standardError.write(Data("reader-api-stub: cannot listen: \(error)\n".utf8))
    exit(1)
}
let address =
    (server as? MinifluxStubServer)?.baseURL.absoluteString
    ?? (server as? ReaderAPIStubServer)?.baseURL.absoluteString ?? "http://127.0.0.1:\(port)"
FileHandle.standardOutput.write(Data("reader-api-stub listening on \(address) (\(banner))\n".utf8))
let signalName = await signals.next()
await server.stop()
FileHandle.standardError.write(
    Data(
        "reader-api-stub: stopped on \(signalName) after \((server as? MinifluxStubServer)?.requestCount ?? (server as? ReaderAPIStubServer)?.requestCount ?? 0) requests\n"
            .utf8))
exit(0)
