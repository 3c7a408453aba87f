extension NewsAPIStubServer {
    /// How the stub behaves. The defaults mirror NewsAPI's free plan, with the key `test-key`.
    public struct Options: Sendable {
        /// The key clients must send (header `X-Api-Key`, header `Authorization`, or query parameter
        /// `apiKey`); nil accepts every request, with or without a key.
        public var apiKey: String?
        /// Added before every response, to imitate a distant server.
        public var latency: Duration
        /// How many results a query may page through; paging further answers HTTP 426
        /// `maximumResultsReached`. NewsAPI's free plan allows 100; nil means no cap.
        public var resultCap: Int?
        /// Sent instead of every normal response while set. See also ``NewsAPIStubServer/setFault(_:)``.
        public var fault: Fault?
        /// Chooses a fault per request, e.g. only for page 3; consulted before ``fault``. Return nil
        /// to answer normally.
        public var faultRule: (@Sendable (RecordedRequest) -> Fault?)?

        public init(
            apiKey: String? = "test-key",
            latency: Duration = .zero,
            resultCap: Int? = 100,
            fault: Fault? = nil,
            faultRule: (@Sendable (RecordedRequest) -> Fault?)? = nil
        ) {
            self.apiKey = apiKey
            self.latency = latency
            self.resultCap = resultCap
            self.fault = fault
            self.faultRule = faultRule
        }
    }
}
