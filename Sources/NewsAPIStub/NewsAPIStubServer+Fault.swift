import Foundation

extension NewsAPIStubServer {
    /// A response sent instead of the normal one, to exercise a client's error handling.
    ///
    /// Faults are answered after the request is recorded and after ``Options/latency``, but before
    /// the key is checked, so they work whatever the client sends.
    public struct Fault: Sendable, Equatable {
        /// The HTTP status.
        public var status: Int
        /// The `Content-Type` header.
        public var contentType: String
        /// The body, sent as is.
        public var body: Data

        /// A fault with an arbitrary status and body, e.g. an HTML page or bytes that are not JSON.
        public init(status: Int, contentType: String = "application/json; charset=utf-8", body: Data) {
            self.status = status
            self.contentType = contentType
            self.body = body
        }

        /// NewsAPI's error body for `code`, sent with the code's usual HTTP status unless `status` is
        /// given, and with NewsAPI's usual message unless `message` is given.
        public static func error(_ code: NewsAPIErrorCode, status: Int? = nil, message: String? = nil)
            -> Fault
        {
            error(
                code: code.rawValue, status: status ?? code.httpStatus,
                message: message ?? code.defaultMessage)
        }

        /// An error body with any code, status and message.
        public static func error(code: String, status: Int, message: String) -> Fault {
            Fault(status: status, body: WireFormat.errorBody(code: code, message: message))
        }

        /// HTTP 429 `rateLimited`, NewsAPI's answer when a key made too many requests.
        public static let rateLimited = error(.rateLimited)

        /// HTTP 500 `unexpectedError`.
        public static let unexpectedError = error(.unexpectedError)

        /// An error body for `code` sent with HTTP 200, as NewsAPI has been seen to do: clients must
        /// decide success from the body's `status`.
        public static func errorWithHTTP200(_ code: NewsAPIErrorCode) -> Fault {
            error(code, status: 200)
        }

        /// An HTML error page with `status`, as a proxy or load balancer in front of NewsAPI sends.
        public static func htmlPage(status: Int) -> Fault {
            let page = "<html><head><title>\(status)</title></head><body><h1>\(status)</h1></body></html>\n"
            return Fault(status: status, contentType: "text/html; charset=utf-8", body: Data(page.utf8))
        }
    }
}
