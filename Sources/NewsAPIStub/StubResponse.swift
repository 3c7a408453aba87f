import Foundation

/// What the stub answers: a status, a content type and a body.
struct StubResponse: Sendable, Equatable {
    var status: Int
    var contentType: String
    var body: Data

    static func json(_ body: Data, status: Int = 200) -> StubResponse {
        StubResponse(status: status, contentType: "application/json; charset=utf-8", body: body)
    }

    init(status: Int, contentType: String, body: Data) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    init(_ fault: NewsAPIStubServer.Fault) {
        self.init(status: fault.status, contentType: fault.contentType, body: fault.body)
    }

    init(_ rejection: StubRejection) {
        self = .json(
            WireFormat.errorBody(code: rejection.code, message: rejection.message), status: rejection.status)
    }
}

/// A request the stub refuses, with NewsAPI's error code, message and HTTP status.
struct StubRejection: Error, Equatable {
    var code: String
    var message: String
    var status: Int

    init(_ code: NewsAPIErrorCode, _ message: String? = nil) {
        self.code = code.rawValue
        self.message = message ?? code.defaultMessage
        status = code.httpStatus
    }

    init(code: String, message: String, status: Int) {
        self.code = code
        self.message = message
        self.status = status
    }
}
