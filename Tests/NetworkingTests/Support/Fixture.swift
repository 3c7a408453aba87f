import Foundation
import TestSupport

/// The JSON and HTML files in `Tests/NetworkingTests/Fixtures`, written for these tests after
/// the quirks of real NewsAPI responses.
enum Fixture {
    /// The bytes of `name`, a path below `Fixtures/`, e.g. `errors/rateLimited.json`.
    static func data(_ name: String) throws -> Data {
        try FixtureFolder(in: .module).data(name)
    }

    /// The error codes that have a body in `Fixtures/errors`.
    static let errorCodes = [
        "apiKeyDisabled", "apiKeyExhausted", "apiKeyInvalid", "apiKeyMissing", "corsNotAllowed",
        "maximumResultsReached", "parameterInvalid", "parametersMissing", "rateLimited",
        "sourceDoesNotExist", "sourcesTooMany", "unexpectedError",
    ]

    /// The message of the error body for `code`.
    static func errorMessage(_ code: String) throws -> String {
        struct Body: Decodable { var message: String }
        return try JSONDecoder().decode(Body.self, from: data("errors/\(code).json")).message
    }
}
