import FlyingFox
import Foundation

/// Connects FlyingFox to a ``ReaderAPIResponder``.
struct ReaderAPIHTTPHandler: HTTPHandler {
    let responder: ReaderAPIResponder

    func handleRequest(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        let recorded = try await StubHTTP.recorded(request) { method, path, query, headers, body in
            ReaderAPIRequest(
                method: method, path: path, query: query, form: ReaderAPIRequest.formFields(body),
                headers: headers)
        }
        let answer = await responder.respond(to: recorded)
        return StubHTTP.response(answer, fault: responder.withState { $0.fault })
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
