import Foundation

extension RawHTTPServer {
    /// What the server does once it has read a request head.
    ///
    /// Each case is a fault or a shape of answer that a well-behaved server library cannot be made
    /// to produce. Where a case says the server holds the connection, it holds it until the client
    /// closes its side (counted in ``RawHTTPServer/clientCloses``) or the server stops.
    ///
    /// ```swift
    /// let server = try RawHTTPServer(.partial(RawHTTPServer.response(contentLength: 1_000, body: half)))
    /// ```
    public enum Behaviour: Sendable {
        /// Never answers; holds the connection.
        case silence

        /// Writes these bytes, then closes its side of the connection and holds it until the
        /// client closes too, so the client reads every byte before end of file.
        case reply(Data)

        /// Writes these bytes (say, a head promising more body than follows), then holds the
        /// connection without closing its side: the answer never ends.
        case partial(Data)

        /// Holds every request until ``RawHTTPServer/release()``, then behaves as
        /// ``reply(_:)``. Once released, later requests are answered at once.
        case held(Data)

        /// Closes the connection without writing a byte.
        case hangUp

        /// Writes `head`, then `chunk` again and again for as long as the client reads: a body
        /// that never ends. `chunk` carries its own framing (for `Transfer-Encoding: chunked`, the
        /// size line and the CRLF after).
        case endless(head: Data, chunk: Data)

        /// Writes these bytes as soon as the connection is accepted, without waiting for a
        /// request, then closes it: a server of another protocol, or plain HTTP answering the
        /// first bytes of a TLS handshake. No request head is recorded.
        case greeting(Data)

        /// Writes `head` at once, then `body` one byte every `interval`, then closes its side as
        /// ``reply(_:)`` does. The interval paces the answer; it is not a synchronisation point.
        case trickle(head: Data, body: Data, interval: Duration)

        /// Picks a behaviour for each request from its head (the request line and headers), for a
        /// server that answers some requests and holds the others.
        ///
        /// ```swift
        /// .routed { head in head.hasPrefix("GET /v2/top-headlines") ? .reply(headlines) : .silence }
        /// ```
        case routed(@Sendable (_ head: String) -> Behaviour)

        /// The behaviour for a request with this head: `self`, with ``routed(_:)`` followed.
        func resolved(for head: String) -> Behaviour {
            var behaviour = self
            while case .routed(let route) = behaviour { behaviour = route(head) }
            return behaviour
        }
    }
}
