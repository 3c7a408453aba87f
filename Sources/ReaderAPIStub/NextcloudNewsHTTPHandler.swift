import FlyingFox
import Foundation

/// Connects FlyingFox to a ``NextcloudNewsResponder``, shaping the body as a body fault says.
struct NextcloudNewsHTTPHandler: HTTPHandler {
    let responder: NextcloudNewsResponder

    func handleRequest(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        let body = request.method == .GET ? Data() : try await request.bodyData
        let recorded = ReaderAPIRequest(
            method: request.method.rawValue, path: request.path,
            query: request.query.map { (name: $0.name, value: $0.value) }, headers: headers, body: body)
        let answer = await responder.respond(to: recorded)
        var responseHeaders = HTTPHeaders()
        responseHeaders[.contentType] = answer.contentType
        for (name, value) in answer.headers { responseHeaders[HTTPHeader(name)] = value }
        let status = HTTPStatusCode(answer.status, phrase: ReaderAPIHTTPHandler.phrase(answer.status))
        if let shaped = StubBody.shaped(answer.body, fault: responder.withState({ $0.fault })) {
            return FlyingFox.HTTPResponse(statusCode: status, headers: responseHeaders, body: shaped)
        }
        return FlyingFox.HTTPResponse(statusCode: status, headers: responseHeaders, body: answer.body)
    }
}
