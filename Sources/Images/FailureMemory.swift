/// Why pictures could not be had, remembered for the session so a URL that failed is not fetched
/// again: at most `limit` of them, the oldest forgotten first.
struct FailureMemory: Sendable {
    let limit: Int
    private var errors: [String: ImageError] = [:]
    private var order: [String] = []

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The error remembered for `key`, or nil.
    subscript(key: String) -> ImageError? { errors[key] }

    var count: Int { errors.count }

    /// Remembers that `key` failed with `error`, forgetting the oldest failure beyond the limit.
    mutating func remember(_ error: ImageError, for key: String) {
        guard limit > 0 else { return }
        if errors.updateValue(error, forKey: key) == nil { order.append(key) }
        while order.count > limit {
            errors[order.removeFirst()] = nil
        }
    }
}
