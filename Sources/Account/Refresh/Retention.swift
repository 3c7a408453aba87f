#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How long articles and feed items are kept: `retention_days`.
public enum Retention {
    /// The moment before which unsaved articles and read feed items are removed.
    public static func cutoff(days: Int, now: Date) -> Date {
        now.addingTimeInterval(-Double(days) * 86_400)
    }
}
