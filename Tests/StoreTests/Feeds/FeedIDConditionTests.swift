import SQLite
import Testing

@testable import Store

/// The condition that an item belongs to a set of feeds: ranges of consecutive ids while there are
/// few, a list otherwise, and the same answer as the set either way.
@Suite("Feeds: the condition on an item's feed")
struct FeedIDConditionTests {
    @Test func consecutiveIdsAreRangesAndManyRunsAList() {
        #expect(FeedIDCondition.sql("a.feedID", in: Array(1...199)) == "a.feedID BETWEEN 1 AND 199")
        #expect(FeedIDCondition.sql("a.feedID", in: [5]) == "a.feedID = 5")
        #expect(FeedIDCondition.sql("a.feedID", in: [Int64]()) == "0")
        #expect(
            FeedIDCondition.sql("a.feedID", in: [10, 9, 7, 3, 2, 1, 2])
                == "(a.feedID BETWEEN 1 AND 3 OR a.feedID = 7 OR a.feedID BETWEEN 9 AND 10)")
        let apart: [Int64] = Array(stride(from: 1, through: 17, by: 2))
        #expect(FeedIDCondition.sql("a.feedID", in: apart) == "a.feedID IN (1,3,5,7,9,11,13,15,17)")
    }

    /// SQLite, asked whether each id from 0 to 41 meets the condition, answers as the set does, for
    /// sets of every shape: runs, gaps, single ids, more runs than the ranges allow.
    @Test func sqliteChoosesExactlyTheIdsOfTheSet() throws {
        let queue = try DatabaseQueue()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let density = [0.1, 0.5, 0.9][round % 3]
            let ids = Set(
                (1...40).filter { _ in Double.random(in: 0..<1, using: &generator) < density }.map(Int64.init)
            )
            let condition = FeedIDCondition.sql("a.feedID", in: ids)
            let chosen = try queue.read { db in
                try Int64.fetchSet(
                    db,
                    sql: """
                        WITH RECURSIVE n(feedID) AS (SELECT 0 UNION ALL SELECT feedID + 1 FROM n WHERE feedID < 41)
                        SELECT a.feedID FROM n a WHERE \(condition)
                        """)
            }
            #expect(chosen == ids, "\(condition)")
        }
    }
}
