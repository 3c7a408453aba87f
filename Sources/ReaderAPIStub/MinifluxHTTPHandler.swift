import FlyingFox
import Foundation
import NewsModels

/// Connects FlyingFox to a ``MinifluxResponder``: a change's JSON body is kept as the request's
/// one form field `json`, and every answer has the `Date` Miniflux's server sends.
struct MinifluxHTTPHandler: HTTPHandler {
    let responder: MinifluxResponder

    func handleRequest(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        let recorded = try await StubHTTP.recorded(request) { method, path, query, headers, body in
            ReaderAPIRequest(
                method: method, path: path, query: query,
                form: body.isEmpty ? [] : [("json", String(decoding: body, as: UTF8.self))], headers: headers)
        }
        let answer = await responder.respond(to: recorded)
        // Miniflux's answers are not shaped by a body fault.
        return StubHTTP.response(answer, extraHeaders: ["Date": Self.date(Date())], fault: nil)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func date(_ date: Date) -> String {
        let civil = Timestamp.Civil(date)
        return String(
            format: "%@, %02d %@ %04d %02d:%02d:%02d GMT", Timestamp.weekdayAbbreviations[civil.weekday - 1],
            civil.day, Timestamp.monthAbbreviations[civil.month - 1], civil.year, civil.hour, civil.minute,
            civil.second)
    }
}
