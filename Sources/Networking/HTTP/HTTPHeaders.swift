/// Response headers, looked up without regard to case: `headers["etag"]` finds `ETag`.
public struct HTTPHeaders: Sendable, Equatable {
    /// Values by lowercased name.
    private var values: [String: String]

    /// Headers from `fields`; names that differ only in case are joined with `, ` as HTTP allows,
    /// in the order of their spelling, so the result does not depend on dictionary order.
    public init(_ fields: [String: String] = [:]) {
        var values: [String: String] = [:]
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            let key = name.lowercased()
            values[key] = values[key].map { $0 + ", " + value } ?? value
        }
        self.values = values
    }

    /// The value of the header `name`, in any case.
    public subscript(name: String) -> String? {
        values[name.lowercased()]
    }

    /// How many distinct header names there are.
    public var count: Int { values.count }
}
