// reader-api-stub: a Google Reader API service (FreshRSS's dialect) on 127.0.0.1, with generated
// feeds and items, for trying `newsapp sync` by hand; with --miniflux, a Miniflux speaking its own
// REST API instead (`newsapp sync login http://127.0.0.1:PORT --service miniflux`); with
// --nextcloud, a Nextcloud News (API v1.3: `newsapp sync login http://127.0.0.1:PORT`).

import Foundation
import NewsAPIStub
import ReaderAPIStub

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let usage =
    "usage: reader-api-stub [--miniflux | --nextcloud] [--port N] [--feeds N] [--items N] [--latency-ms N]"

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
let nextcloud = CommandLine.arguments.dropFirst().contains("--nextcloud")
for (index, word) in CommandLine.arguments.enumerated().dropFirst() where word.hasPrefix("-") {
    if word == "-h" || word == "--help" {
        print(usage)
        exit(0)
    }
    guard
        known.contains(word) || word == "--nextcloud" || word == "--miniflux"
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
let server: any StubServing
/// What the server is, where, and who may sign in, once it listens.
let announcement: @Sendable () -> String
let requestCount: @Sendable () -> Int
if nextcloud {
    let stub = NextcloudNewsStubServer(
        account: account, options: NextcloudNewsStubServer.Options(latency: latency))
    server = stub
    requestCount = { stub.requestCount }
    announcement = {
        "reader-api-stub: Nextcloud News (API v1.3) listening on \(stub.baseURL.absoluteString) "
            + "(user \(stub.options.user), password \(stub.options.password))"
    }
} else if CommandLine.arguments.contains("--miniflux") {
    let stub = MinifluxStubServer(account: account, options: MinifluxStubServer.Options(latency: latency))
    server = stub
    requestCount = { stub.requestCount }
    announcement = {
        "reader-api-stub listening on \(stub.baseURL.absoluteString) (user \(stub.options.user), "
            + "password \(stub.options.password), API key \(stub.options.apiKey))"
    }
} else {
    let stub = ReaderAPIStubServer(account: account, options: ReaderAPIStubServer.Options(latency: latency))
    server = stub
    requestCount = { stub.requestCount }
    announcement = {
        "reader-api-stub listening on \(stub.baseURL.absoluteString) "
            + "(user \(stub.options.user), API password \(stub.options.password))"
    }
}
do {
    try await server.start(port: UInt16(number("--port", in: 0...65_535, default: 8731)))
} catch {
    FileHandle.standardError.write(Data("reader-api-stub: cannot listen: \(error)\n".utf8))
    exit(1)
}
FileHandle.standardOutput.write(Data((announcement() + "\n").utf8))
let signalName = await signals.next()
await server.stop()
FileHandle.standardError.write(
    Data("reader-api-stub: stopped on \(signalName) after \(requestCount()) requests\n".utf8))
exit(0)
