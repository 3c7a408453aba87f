/// Which of the two article stores a run records into. The sample edition keeps a store of its
/// own, so live offline search never finds a sample article and a sample run never shows a live
/// one; each keeps its own read marks and saved articles.
public enum StoreEdition: Sendable, Equatable, CaseIterable {
    /// NewsAPI and the feeds: `news.sqlite`.
    case live
    /// The bundled sample edition: `sample.sqlite`.
    case sample

    public var fileName: String {
        switch self {
        case .live: "news.sqlite"
        case .sample: "sample.sqlite"
        }
    }
}
