import SQLite

/// NewsAPI's requests counted per UTC day in `requestDay` (see ``StoreSchema/requestCounts``), for
/// ``RequestBudget``. Each change is one transaction under the store's write lock, so instances
/// sharing the file count every request once and never both take the last one.
extension NewsStore {
    /// A day's row: the requests counted and whether NewsAPI refused one for its pace.
    struct RequestDay: Sendable, Equatable {
        var requests = 0
        var refused = false
    }

    /// Counts one request on `day` unless the day was refused or already holds `ceiling`
    /// requests; returns the day as it is now and whether the request was counted. A day's first
    /// request also removes the rows of days before `keepingSince`.
    func countRequest(on day: String, ceiling: Int, keepingSince: String) async throws(StoreError)
        -> (day: RequestDay, counted: Bool)
    {
        try await write { db in
            let row = try Self.requestDay(day, in: db)
            let current = row ?? RequestDay()
            guard !current.refused, current.requests < ceiling else { return (current, false) }
            try db.execute(
                sql: """
                    INSERT INTO requestDay (day, requests) VALUES (?, 1)
                    ON CONFLICT (day) DO UPDATE SET requests = requests + 1
                    """,
                arguments: [day])
            if row == nil {
                try db.execute(sql: "DELETE FROM requestDay WHERE day < ?", arguments: [keepingSince])
            }
            return (RequestDay(requests: current.requests + 1), true)
        }
    }

    /// Takes back a request counted on `day` that never left this machine.
    func uncountRequest(on day: String) async throws(StoreError) {
        try await write { db in
            try db.execute(
                sql: "UPDATE requestDay SET requests = requests - 1 WHERE day = ? AND requests > 0",
                arguments: [day])
        }
    }

    /// Notes that NewsAPI refused a request of `day` for its pace: no more are made that day.
    func refuseRequests(on day: String) async throws(StoreError) {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO requestDay (day, requests, refused) VALUES (?, 0, 1)
                    ON CONFLICT (day) DO UPDATE SET refused = 1
                    """,
                arguments: [day])
        }
    }

    /// The row of `day`, or an empty day.
    func requestDay(_ day: String) async throws(StoreError) -> RequestDay {
        try await read { db in try Self.requestDay(day, in: db) ?? RequestDay() }
    }

    private static func requestDay(_ day: String, in db: Database) throws -> RequestDay? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT requests, refused FROM requestDay WHERE day = ?"),
            arguments: [day]
        ).map { RequestDay(requests: $0[0], refused: $0[1]) }
    }
}
