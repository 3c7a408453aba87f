import SQLite

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A row of `listingPage`.
struct StoredPageInfo {
    var page: Int
    var pageSize: Int
    var totalResults: Int
    var skippedCount: Int
    var reachedResultCap: Bool
    var fetchedAt: Date

    private static let columns = "page, pageSize, totalResults, skippedCount, reachedResultCap, fetchedAt"

    /// The stored pages of the listing numbered within `pages`, in order.
    static func fetch(_ listingID: Int64, pages: ClosedRange<Int>, in db: Database) throws -> [StoredPageInfo]
    {
        try Row.fetchAll(
            db.cachedStatement(
                sql:
                    "SELECT \(columns) FROM listingPage WHERE listingID = ? AND page BETWEEN ? AND ? ORDER BY page"
            ),
            arguments: [listingID, pages.lowerBound, pages.upperBound]
        ).map(Self.init)
    }

    /// The listing's page fetched last, whose size and total the list has now.
    static func newest(_ listingID: Int64, in db: Database) throws -> StoredPageInfo? {
        try Row.fetchOne(
            db.cachedStatement(
                sql:
                    "SELECT \(columns) FROM listingPage WHERE listingID = ? ORDER BY fetchedAt DESC, page LIMIT 1"
            ),
            arguments: [listingID]
        ).map(Self.init)
    }

    private init(_ row: Row) {
        page = row[0]
        pageSize = row[1]
        totalResults = row[2]
        skippedCount = row[3]
        reachedResultCap = row[4]
        fetchedAt = Date(timeIntervalSince1970: row[5])
    }
}
