import FlyingFox
import Foundation

/// Connects FlyingFox to a ``StubResponder``: turns each `HTTPRequest` into a ``RecordedRequest``
/// and the stub's answer into an `HTTPResponse`.
struct StubHTTPHandler: HTTPHandler {
    let responder: StubResponder

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer = await responder.respond(to: Self.record(request))
        return HTTPResponse(
            statusCode: HTTPStatusCode(answer.status, phrase: Self.phrase(for: answer.status)),
            headers: [.contentType: answer.contentType],
            body: answer.body)
    }

    static func record(_ request: HTTPRequest) -> RecordedRequest {
        var headers: [String: String] = [:]
        for (name, value) in request.headers {
            headers[name.rawValue.lowercased()] = value
        }
        return RecordedRequest(
            method: request.method.rawValue,
            path: request.path,
            rawQuery: request.target.query(),
            queryItems: request.query.map { URLQueryItem(name: $0.name, value: $0.value) },
            headers: headers)
    }

    /// The reason phrases of the statuses NewsAPI uses.
    static func phrase(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 426: "Upgrade Required"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
