import FilterLanguage
import SQLite

/// A ``FilterExpression`` as a SQL condition on a feed item's row (`article a`), with its
/// arguments; the store's answer to a filter, never a scan of items loaded into memory.
///
/// - A condition on the feed (`tags`, `feedtitle`, `rssurl`, `feedlink`, the counts, `feedindex`)
///   is decided once per feed, in Swift, by the same code as the in-memory evaluation: it becomes
///   a condition on `a.feedID` (``FeedIDCondition``), which the date index holds.
/// - A condition on the item compares the value of its column(s) (an absent value is empty text,
///   as in newsboat): `=` as bytes, `=~` through `filter_regexp`, `#` as a word between spaces,
///   `<`, `>` and `between` on `filter_number` of text or on the number of `age`; the negations
///   are `NOT` of their positive operator. (See ``FilterFunctions``.)
/// - `and` and `or` chains are written as balanced groups of at most eight, so SQLite's limit on
///   an expression's depth (1,000) is never near, whatever the length of a chain.
struct FilterSQL {
    var sql: String
    var arguments: StatementArguments

    /// True when every value `expression` compiles to is in the index of each feed's items,
    /// `article_feedNewest` (see ``StoreSchema/filterIndex``): its feed, marks, title, author and
    /// date, and the saved mark, found by the item's id. SQLite then answers from the index and
    /// reads the rows of the items it needs only.
    static func readsOnlyTheFeedIndex(_ expression: FilterExpression?) -> Bool {
        expression?.conditions.allSatisfy { condition in
            switch condition.attribute {
            case .title, .author, .unread, .age, .date, .flags: true
            case .link, .content, .guid, .enclosureURL, .enclosureType: false
            case .feedTitle, .feedURL, .feedLink, .tags, .unreadCount, .totalCount, .feedIndex: true
            }
        } ?? true
    }

    /// `feeds` are the feeds the items come from, by their id in `feed`; `now` is for `age`; a
    /// statement's regular expressions stop it `budget` seconds after the first value they look
    /// at (the clock starts with the work, not when the statement was written).
    init(_ expression: FilterExpression, feeds: [Int64: FilterFeed], now: Double, budget: Double) {
        var compiler = Compiler(feeds: feeds, now: now, budget: budget)
        sql = compiler.compile(expression)
        arguments = compiler.arguments
    }

    private struct Compiler {
        let feeds: [Int64: FilterFeed]
        let now: Double
        let budget: Double
        var arguments = StatementArguments()

        init(feeds: [Int64: FilterFeed], now: Double, budget: Double) {
            self.feeds = feeds
            self.now = now
            self.budget = budget
        }

        mutating func compile(_ expression: FilterExpression) -> String {
            switch expression {
            case .condition(let condition): return compile(condition)
            case .all(let parts): return join(parts, "AND")
            case .any(let parts): return join(parts, "OR")
            }
        }

        private mutating func join(_ parts: [FilterExpression], _ word: String) -> String {
            guard parts.count > 8 else {
                var pieces: [String] = []
                for part in parts { pieces.append(compile(part)) }
                return "(" + pieces.joined(separator: " \(word) ") + ")"
            }
            let middle = parts.count / 2
            let left = join(Array(parts[..<middle]), word)
            let right = join(Array(parts[middle...]), word)
            return "(\(left) \(word) \(right))"
        }

        private mutating func compile(_ condition: FilterCondition) -> String {
            if condition.attribute.isFeedLevel {
                let ids = feeds.filter { condition.matches($0.value) }.keys.sorted()
                if ids.count == feeds.count { return "1" }
                return FeedIDCondition.sql("a.feedID", in: ids)
            }
            if let negated = condition.op.negated {
                var positive = condition
                positive.op = negated
                return "NOT " + compilePositive(positive)
            }
            return compilePositive(condition)
        }

        /// `=`, `=~`, `#`, `<`, `>` or `between` on an item's value, in parentheses. Arguments are
        /// added in the order their `?` come in the text.
        private mutating func compilePositive(_ condition: FilterCondition) -> String {
            let value = condition.value
            let attribute = condition.attribute
            switch condition.op {
            case .equal:
                guard !value.isRange else { return "(0)" }
                let text = text(of: attribute)
                arguments += [value.text]
                return "(\(text) = ?)"
            case .matches:
                arguments += [value.text]
                let text = text(of: attribute)
                arguments += [budget]
                return "(filter_regexp(?, \(text), ?))"
            case .contains:
                guard !value.isRange, !value.text.isEmpty, !value.text.utf8.contains(0x20) else {
                    return "(0)"
                }
                let text = text(of: attribute)
                arguments += [" " + value.text + " "]
                return "(instr(' ' || \(text) || ' ', ?) > 0)"
            case .less, .greater:
                let number = number(of: attribute)
                arguments += [Int64(value.number)]
                return "(\(number) \(condition.op == .less ? "<" : ">") ?)"
            case .between:
                guard case .range(let low, let high) = value.kind else { return "(0)" }
                let number = number(of: attribute)
                arguments += [Int64(min(low, high)), Int64(max(low, high))]
                return "(\(number) BETWEEN ? AND ?)"
            case .notEqual, .doesNotMatch, .doesNotContain, .lessOrEqual, .greaterOrEqual:
                return "(0)"  // compiled as NOT of their positive operator
            }
        }

        /// The item's date as the store keeps it: published (else updated), else first stored.
        private static let date = "coalesce(a.publishedAt, a.firstSeenAt)"

        /// The attribute's text value; never NULL.
        private mutating func text(of attribute: FilterAttribute) -> String {
            switch attribute {
            case .title: "a.title"
            case .link: "(CASE WHEN a.urlIsLink THEN a.url ELSE '' END)"
            case .author: "coalesce(a.author, '')"
            case .content: "coalesce(a.content, a.summary, '')"
            case .date: "filter_date(\(Self.date))"
            case .unread: "(CASE WHEN a.readAt IS NULL THEN 'yes' ELSE 'no' END)"
            case .flags:
                "(CASE WHEN EXISTS (SELECT 1 FROM saved s WHERE s.articleID = a.id) THEN 's' ELSE '' END)"
            case .guid: "coalesce(a.itemID, '')"
            case .enclosureURL: "coalesce(json_extract(a.enclosures, '$[0].url'), '')"
            case .enclosureType: "coalesce(json_extract(a.enclosures, '$[0].type'), '')"
            case .age: "CAST(\(number(of: .age)) AS TEXT)"
            case .feedTitle, .feedURL, .feedLink, .tags, .unreadCount, .totalCount, .feedIndex:
                "''"  // decided per feed, never compiled here
            }
        }

        /// The number `<`, `>` and `between` compare: `age` as days, text by its leading digits.
        private mutating func number(of attribute: FilterAttribute) -> String {
            guard attribute == .age else { return "filter_number(\(text(of: attribute)))" }
            arguments += [now]
            return "max(-2147483648, min(2147483647, CAST((? - \(Self.date)) / 86400.0 AS INTEGER)))"
        }
    }
}
