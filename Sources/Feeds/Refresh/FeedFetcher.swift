import Networking
import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Asks for one feed and reads the answer: a conditional GET (`If-None-Match`,
/// `If-Modified-Since`), redirects followed, the body capped at 16 MiB after decompression, then
/// parsed. Never throws: every way a feed can fail becomes a ``FeedOutcome`` with a sentence.
public struct FeedFetcher: Sendable {
    public let http: any HTTPFetching
    /// Seconds a feed may take in all, from the request to its last byte (for a command's feed,
    /// the command's run too).
    public let timeout: TimeInterval
    public let clock: @Sendable () -> Date
    /// Runs the commands of `exec:` and `filter:` feeds.
    public let commands: CommandRunner

    /// What NewsApp says it accepts: the feed formats first, then anything (a web page is
    /// searched for the feeds it announces when a feed is added).
    static let accept =
        "application/atom+xml, application/rss+xml, application/rdf+xml;q=0.9, application/feed+json;q=0.9, "
        + "application/xml;q=0.8, text/xml;q=0.8, application/json;q=0.7, */*;q=0.5"
    static let userAgent = "NewsApp/1.0 (feed reader; +https://github.com/newsapp)"

    public init(
        http: any HTTPFetching, timeout: TimeInterval = 30,
        clock: @escaping @Sendable () -> Date = { Date() },
        commands: CommandRunner? = nil
    ) {
        self.http = http
        self.timeout = timeout
        self.clock = clock
        self.commands = commands ?? CommandRunner(timeout: timeout)
    }

    /// Asks for `subscription`'s feed, sending `state`'s validators, and parses what comes back,
    /// once `gate` (when given) lets it, before the feeds of lower `priority` waiting there. The
    /// body's bytes count in `budget` (when given) as they arrive; a document's stay counted (its
    /// ``FeedOutcome/heldBytes``) for the writer to give back, anything else's are given back here.
    public func fetch(
        _ subscription: Subscription, state: FeedState?, parsingThrough gate: ParseGate? = nil,
        priority: Int = 0, budget: ByteBudget? = nil
    ) async -> FeedOutcome {
        guard let budget else {
            return await fetch(subscription, state: state, gate: gate, priority: priority, body: nil)
        }
        let body = BodyCollector(budget: budget)
        var outcome = await fetch(subscription, state: state, gate: gate, priority: priority, body: body)
        if case .fetched = outcome.result {
            outcome.heldBytes = body.counted
        } else {
            budget.give(body.counted)
        }
        return outcome
    }

    private func fetch(
        _ subscription: Subscription, state: FeedState?, gate: ParseGate?, priority: Int,
        body: BodyCollector?
    ) async -> FeedOutcome {
        let started = clock()
        if let wait = state?.retryAfter, wait > started {
            return FeedOutcome(
                subscription: subscription, result: .skipped(until: wait), attemptedAt: started)
        }
        let address: URL
        switch subscription.source {
        case .web:
            address = subscription.url
        case .command(let command):
            return await run(command, input: nil, for: subscription, at: started)
        case .filter(_, let url):
            address = url
        }
        let answer: HTTPResponse
        do {
            var request = request(for: address, validators: state?.validators)
            request.stream = body?.stream(cap: request.maxBodyBytes)
            var received = try await http.fetch(request)
            if let body { received.body = body.take() }
            answer = received
        } catch {
            return FeedOutcome(
                subscription: subscription, result: .failed(.transport(error, timeout: timeout)),
                attemptedAt: started)
        }
        if case .filter(let command, _) = subscription.source, (200..<300).contains(answer.status) {
            return await run(command, input: answer.body, for: subscription, at: started, validators: answer)
        }
        var outcome: FeedOutcome
        if let gate {
            outcome = await gate.run(priority: priority) {
                read(answer, for: subscription, previous: state?.validators, at: started)
            }
        } else {
            outcome = read(answer, for: subscription, previous: state?.validators, at: started)
        }
        if subscription.runsCommand { outcome.movedTo = nil }  // the line names its address itself
        return outcome
    }

    /// The outcome of a command's feed: its output parsed as a feed, or why there is none. A
    /// `filter:` keeps the validators of the document it was given, so an unchanged document is
    /// not fetched (nor passed through the command) again.
    private func run(
        _ command: String, input: Data?, for subscription: Subscription, at started: Date,
        validators answer: HTTPResponse? = nil
    ) async -> FeedOutcome {
        switch await commands.run(command, input: input) {
        case .failure(let failure):
            return FeedOutcome(
                subscription: subscription, result: .failed(FeedFailure(failure.sentence)),
                attemptedAt: started)
        case .success(let output):
            let validators = FeedValidators(
                etag: answer?.headers["ETag"], lastModified: answer?.headers["Last-Modified"])
            do {
                let document = try FeedParser.parse(output, url: answer?.url ?? subscription.url)
                return FeedOutcome(
                    subscription: subscription, result: .fetched(document, validators: validators),
                    attemptedAt: started, bytes: output.count)
            } catch {
                var failure = FeedFailure.unreadable(error)
                failure.sentence =
                    "The command's output is not a feed: " + failure.sentence.prefix(1).lowercased()
                    + failure.sentence.dropFirst()
                return FeedOutcome(
                    subscription: subscription, result: .failed(failure), attemptedAt: started,
                    bytes: output.count)
            }
        }
    }

    /// The outcome of an answer already received.
    func read(
        _ answer: HTTPResponse, for subscription: Subscription, previous: FeedValidators?, at started: Date
    ) -> FeedOutcome {
        let movedTo = Self.permanentAddress(after: answer.redirects)
        func outcome(_ result: FeedOutcome.Result) -> FeedOutcome {
            FeedOutcome(
                subscription: subscription, movedTo: movedTo, result: result, attemptedAt: started,
                bytes: answer.body.count)
        }
        let validators = FeedValidators(
            etag: answer.headers["ETag"], lastModified: answer.headers["Last-Modified"])
        switch answer.status {
        case 304:
            return outcome(.notModified(validators: validators.isEmpty ? previous : validators))
        case 200..<300:
            do {
                let document = try FeedParser.parse(
                    answer.body, contentType: answer.headers["Content-Type"], url: answer.url)
                return outcome(.fetched(document, validators: validators))
            } catch {
                return outcome(.failed(.unreadable(error)))
            }
        default:
            return outcome(.failed(.status(answer.status, retryAfter: answer.retryAfter(now: clock()))))
        }
    }

    /// The request for `url`: the formats NewsApp reads, the validators of the copy it has.
    func request(for url: URL, validators: FeedValidators?) -> HTTPRequest {
        var headers = ["Accept": Self.accept, "User-Agent": Self.userAgent]
        if let etag = validators?.etag { headers["If-None-Match"] = etag }
        if let lastModified = validators?.lastModified { headers["If-Modified-Since"] = lastModified }
        return HTTPRequest(
            url: url, headers: headers, timeout: timeout, maxBodyBytes: FeedParser.maximumBytes)
    }

    /// Where a feed lives now: the address reached by the redirects that are permanent (301, 308)
    /// from the first one on; nil when the first is temporary or there is none. A permanent move
    /// after a temporary one is the temporary address's business, not the subscription's.
    static func permanentAddress(after redirects: [HTTPRedirect]) -> URL? {
        var address: URL?
        for redirect in redirects {
            guard redirect.isPermanent else { break }
            address = redirect.to
        }
        return address
    }
}

/// A body read as it arrives, each piece counted in a refresh's ``ByteBudget`` at once, so the
/// budget sees the bytes of every body still arriving.
private final class BodyCollector: Sendable {
    private let budget: ByteBudget
    private let data = Locked((body: Data(), counted: 0))

    init(budget: ByteBudget) {
        self.budget = budget
    }

    /// The bytes counted in the budget for this body.
    var counted: Int { data.withLock { $0.counted } }

    /// The stream that fills this collector; room for the body is made once its length is known.
    func stream(cap: Int) -> HTTPBodyStream {
        HTTPBodyStream(
            head: { [data] _, headers in
                if let length = headers["Content-Length"].flatMap({ Int($0) }), length > 0 {
                    data.withLock { $0.body.reserveCapacity(min(length, cap)) }
                }
                return true
            },
            body: { [data, budget] bytes in
                data.withLock {
                    $0.body.append(contentsOf: bytes)
                    $0.counted += bytes.count
                }
                budget.take(bytes.count)
                return true
            })
    }

    /// The body, which the collector lets go of (its bytes stay counted).
    func take() -> Data {
        data.withLock {
            let body = $0.body
            $0.body = Data()
            return body
        }
    }
}
