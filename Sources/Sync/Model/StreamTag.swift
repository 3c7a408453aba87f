import NewsModels

/// The stream ids and tags of the Google Reader API that NewsApp uses.
enum StreamTag {
    static let readingList = "user/-/state/com.google/reading-list"
    static let read = "user/-/state/com.google/read"
    static let starred = "user/-/state/com.google/starred"
    /// A label (a folder of feeds, or a tag on items): `user/-/label/NAME`.
    static let labelPrefix = "user/-/label/"

    /// The label a category or tag id names (`user/-/label/NAME`, or `user/1234/label/NAME`);
    /// nil for states and other ids. Everything after `/label/` is the name, slashes included.
    static func label(of id: String) -> String? {
        guard id.hasPrefix("user/"), let range = id.firstRange(of: "/label/") else { return nil }
        let name = id[range.upperBound...]
        return name.isEmpty ? nil : String(name)
    }

    /// The state tag a mark of `kind` adds or removes.
    static func state(_ kind: MarkChange.Kind) -> String {
        switch kind {
        case .read: read
        case .starred: starred
        }
    }

    /// `user/-/label/NAME`.
    static func label(_ name: String) -> String { labelPrefix + name }
}
