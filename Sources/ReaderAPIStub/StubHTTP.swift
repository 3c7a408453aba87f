import FlyingFox
import Foundation

/// What the stubs' FlyingFox handlers share: a request recorded as its responder reads it, and
/// an answer sent as FlyingFox sends it.
enum StubHTTP {
    /// `request` as a responder reads it: its headers by lower-cased name and its body (none for a
    /// `GET`), which `make` turns into the recorded request with the method, path and query.
    static func recorded(
        _ request: FlyingFox.HTTPRequest,
        _ make: (
            _ method: String, _ path: String, _ query: [(name: String, value: String)],
            _ headers: [String: String], _ body: Data
        ) -> ReaderAPIRequest
    ) async throws -> ReaderAPIRequest {
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        let body = request.method == .GET ? Data() : try await request.bodyData
        return make(
            request.method.rawValue, request.path, request.query.map { (name: $0.name, value: $0.value) },
            headers, body)
    }

    /// `answer` as FlyingFox sends it, with `extraHeaders`, its body shaped as `fault` says.
    static func response(
        _ answer: ReaderAPIAnswer, extraHeaders: [String: String] = [:], fault: ReaderAPIStubServer.Fault?
    ) -> FlyingFox.HTTPResponse {
        var headers = HTTPHeaders()
        headers[.contentType] = answer.contentType
        for (name, value) in extraHeaders.merging(answer.headers, uniquingKeysWith: { $1 }) {
            headers[HTTPHeader(name)] = value
        }
        let status = HTTPStatusCode(answer.status, phrase: ReaderAPIHTTPHandler.phrase(answer.status))
        if let shaped = StubBody.shaped(answer.body, fault: fault) {
            return FlyingFox.HTTPResponse(statusCode: status, headers: headers, body: shaped)
        }
        return FlyingFox.HTTPResponse(statusCode: status, headers: headers, body: answer.body)
    }
}
