import FlyingFox
import Foundation

/// Connects FlyingFox to a ``NextcloudNewsResponder``, shaping the body as a body fault says.
struct NextcloudNewsHTTPHandler: HTTPHandler {
    let responder: NextcloudNewsResponder

    func handleRequest(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        let recorded = try await StubHTTP.recorded(request) { method, path, query, headers, body in
            ReaderAPIRequest(method: method, path: path, query: query, headers: headers, body: body)
        }
        let answer = await responder.respond(to: recorded)
        return StubHTTP.response(answer, fault: responder.withState { $0.fault })
    }
}
