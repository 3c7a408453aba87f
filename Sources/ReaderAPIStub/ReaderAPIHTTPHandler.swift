import FlyingFox
import Foundation

/// Connects FlyingFox to a ``ReaderAPIResponder``.
struct ReaderAPIHTTPHandler: HTTPHandler {
    let responder: ReaderAPIResponder

    func handleRequest(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        let body = request.method == .POST ? try await request.bodyData : Data()
        let recorded = ReaderAPIRequest(
            method: request.method.rawValue, path: request.path,
            query: request.query.map { (name: $0.name, value: $0.value) },
            form: ReaderAPIRequest.formFields(body), headers: headers)
        let answer = await responder.respond(to: recorded)
        var responseHeaders = HTTPHeaders()
        responseHeaders[.contentType] = answer.contentType
        for (name, value) in answer.headers { responseHeaders[HTTPHeader(name)] = value }
        if let shaped = StubBody.shaped(answer.body, fault: responder.withState({ $0.fault })) {
            return FlyingFox.HTTPResponse(
                statusCode: HTTPStatusCode(answer.status, phrase: Self.phrase(answer.status)),
                headers: responseHeaders, body: shaped)
        }
        return FlyingFox.HTTPResponse(
            statusCode: HTTPStatusCode(answer.status, phrase: Self.phrase(answer.status)),
            headers: responseHeaders,
            body: answer.body)
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
