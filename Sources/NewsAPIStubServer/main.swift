// newsapi-stub: serves the bundled sample edition over NewsAPI's HTTP API on 127.0.0.1.

import Dispatch
import Foundation
import NewsAPIStub
import NewsModels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let usage = "usage: newsapi-stub [--port N] [--key KEY | --no-key] [--latency-ms N] [--result-cap N]"

let arguments: StubArguments
do {
    arguments = try StubArguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch .helpRequested {
    print(usage)
    exit(0)
} catch {
    FileHandle.standardError.write(Data("newsapi-stub: \(error.message)\n\(usage)\n".utf8))
    exit(2)
}

let signals = SignalWaiter()

let server: NewsAPIStubServer
do {
    server = try NewsAPIStubServer.sample(options: arguments.options)
} catch {
    FileHandle.standardError.write(Data("newsapi-stub: \(error.sentence)\n".utf8))
    exit(1)
}

let port: Int
do {
    port = try await server.start(port: arguments.port)
} catch {
    let reason = "newsapi-stub: cannot listen on 127.0.0.1:\(arguments.port): \(error)\n"
    FileHandle.standardError.write(Data(reason.utf8))
    exit(1)
}

let keyMode = arguments.options.apiKey == nil ? "none" : "required"
// Written unbuffered, so a script reading the pipe sees the line at once.
let banner = "newsapi-stub listening on http://127.0.0.1:\(port) (key: \(keyMode))\n"
FileHandle.standardOutput.write(Data(banner.utf8))

let signalName = await signals.next()
await server.stop()
let farewell = "newsapi-stub: stopped on \(signalName) after \(server.requestCount) requests\n"
FileHandle.standardError.write(Data(farewell.utf8))
exit(0)
