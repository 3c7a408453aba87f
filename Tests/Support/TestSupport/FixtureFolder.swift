import Foundation

/// The `Fixtures` folder a test target copies into its resource bundle
/// (`resources: [.copy("Fixtures")]`).
public struct FixtureFolder: Sendable {
    /// The folder's resources are missing from the bundle.
    public struct Missing: Error, CustomStringConvertible {
        public var bundle: String
        public var description: String { "There is no Fixtures folder in \(bundle)." }
    }

    /// The folder itself.
    public let url: URL

    /// The `Fixtures` folder of `bundle`, the test target's `Bundle.module`.
    public init(in bundle: Bundle) throws(Missing) {
        guard let url = bundle.url(forResource: "Fixtures", withExtension: nil) else {
            throw Missing(bundle: bundle.bundleURL.lastPathComponent)
        }
        self.url = url
    }

    /// `name`, a path below the folder, e.g. `errors/rateLimited.json`.
    public func url(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// The bytes of `name`, a path below the folder.
    public func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }
}
