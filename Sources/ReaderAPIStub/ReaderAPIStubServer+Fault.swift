import Foundation

extension ReaderAPIStubServer {
    /// A way the server misbehaves, to exercise a client's handling of it.
    public enum Fault: Sendable, Equatable {
        /// The next change (a POST with a write token) is answered 401, as a service answers a
        /// write token it no longer accepts; the one after it is served.
        case rejectWriteTokenOnce
        /// Every call but ClientLogin is answered 401: the login expired.
        case expiredLogin
        /// Every call is answered with this status (a 5xx) and an HTML page.
        case status(Int)
        /// No call is ever answered: the connection stays open and silent.
        case neverAnswers
        /// `stream/contents` gives the first page again whatever the continuation, with the same
        /// continuation: paging would never end.
        case continuationLoop
        /// `stream/contents` gives the first page again with a new continuation every time, forever.
        case endlessContinuation
        /// Items lack fields: the first of a page has no id, the third no origin (no feed), and
        /// every other one no title, published time or categories.
        case missingFields
        /// Every GET is redirected to `location` (another origin, in the tests).
        case redirect(to: String)
        /// `stream/contents` and `stream/items/contents` say the service's clock reads this
        /// (`updated`, seconds): Int64.min, decades ahead, milliseconds.
        case updated(Int64)
        /// `stream/items/ids` gives the same id with a new continuation on every page, forever.
        case endlessIDs
        /// Every request with a continuation (`c`) is answered with this status: a resume point
        /// the service no longer knows.
        case refuseContinuation(Int)
        /// `stream/items/ids` writes the first id of each page as a word, not a number.
        case unreadableID
        /// `stream/items/contents` answers `{"items":[]}` whatever was asked.
        case emptyItemContents
        /// `stream/items/contents` answers every other item asked (the first, the third…) and
        /// leaves the rest out, as a service that has purged them would.
        case partialItemContents
        /// `edit-tag` answers OK and applies nothing.
        case dropsEdits
        /// The next `times` calls are answered with `status` and `Retry-After: seconds`.
        case retryAfter(status: Int, seconds: Int, times: Int)
        /// The next `times` calls are answered with `status` and `Retry-After: value`, as written
        /// (an HTTP-date in one of its forms, or something that is none).
        case retryAfterValue(status: Int, value: String, times: Int)
        /// `stream/contents` continuations are this many bytes long (the id after leading zeros).
        case longContinuation(Int)
        /// `stream/contents` answers have bytes after their JSON.
        case trailingBytes
        /// `stream/contents` pages are padded with this many bytes of ignored JSON per item.
        case padding(Int)
        /// Answers promise their whole length, send half of it and break the connection.
        case truncatedBody
        /// Answers are sent `bytes` at a time, each after `interval`.
        case slowBody(bytes: Int, interval: Duration)
        /// Answers never end: the list of items goes on for ever.
        case endlessBody
        /// Answers are JSON cut short, with a length that says so: they end well, unreadable.
        case malformedJSON
    }
}
