import FlyingFox
import Foundation
import NewsModels

/// Connects FlyingFox to a ``MinifluxResponder``: a change's JSON body is kept as the request's
/// one form field `json`, and every answer has the `Date` Miniflux's server sends.
struct MinifluxHTTPHandler: HTTPHandler {
    let responder: MinifluxResponder

    func handleRequest(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        let body = request.method == .GET ? Data() : try await request.bodyData
        let recorded = ReaderAPIRequest(
            method: request.method.rawValue, path: request.path,
            query: request.query.map { (name: $0.name, value: $0.value) },
            form: body.isEmpty ? [] : [("json", String(decoding: body, as: UTF8.self))], headers: headers)
        let answer = await responder.respond(to: recorded)
        var responseHeaders = HTTPHeaders()
        responseHeaders[.contentType] = answer.contentType
        responseHeaders[HTTPHeader("Date")] = Self.date(Date())
        for (name, value) in answer.headers { responseHeaders[HTTPHeader(name)] = value }
        return FlyingFox.HTTPResponse(
            statusCode: HTTPStatusCode(answer.status, phrase: ReaderAPIHTTPHandler.phrase(answer.status)),
            headers: responseHeaders, body: answer.body)
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
