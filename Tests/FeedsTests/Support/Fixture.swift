import Foundation
import Testing

/// The files in `Tests/FeedsTests/Fixtures`, written for these tests.
enum Fixture {
    /// The text of `name`, a path below `Fixtures/`, e.g. `urls/messy-urls`.
    static func text(_ name: String) throws -> String {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return try String(decoding: Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
    }
}
