import NewsModels
import Testing

/// Runs a service call and returns its result, so a test can compare the error with `==` and
/// print a readable difference. An error that is not a ``NewsServiceError`` is recorded as an
/// issue: services throw nothing else.
func outcome<Value>(
    _ call: () async throws -> Value
) async -> Result<Value, NewsServiceError> {
    do {
        return .success(try await call())
    } catch let error as NewsServiceError {
        return .failure(error)
    } catch {
        Issue.record("not a NewsServiceError: \(error)")
        return .failure(.unavailable("\(error)"))
    }
}

extension Result {
    /// The error, or nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The value, or nil on failure.
    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
