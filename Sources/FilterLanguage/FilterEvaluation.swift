/// Evaluating an expression in memory, with newsboat's rules for every operator (see
/// ``FilterOperator``): the reference the store's SQL is tested against.
extension FilterExpression {
    /// True when `item` satisfies the expression; `now` (seconds since 1970) is for `age`.
    public func matches(_ item: FilterItem, now: Double) -> Bool {
        switch self {
        case .condition(let condition): condition.matches(item, now: now)
        case .all(let parts): parts.allSatisfy { $0.matches(item, now: now) }
        case .any(let parts): parts.contains { $0.matches(item, now: now) }
        }
    }
}

extension FilterCondition {
    /// True when `item` satisfies the condition.
    public func matches(_ item: FilterItem, now: Double) -> Bool {
        if let negated = op.negated {
            var positive = self
            positive.op = negated
            return !positive.holds(Self.value(of: attribute, in: item, now: now))
        }
        return holds(Self.value(of: attribute, in: item, now: now))
    }

    /// True when a feed-level condition holds for `feed` (for the store, which decides them per
    /// feed); the attribute must be one of the feed's.
    public func matches(_ feed: FilterFeed) -> Bool {
        let item = FilterItem(title: "", date: 0, feed: feed)
        return matches(item, now: 0)
    }

    /// The comparison of a positive operator (`=`, `=~`, `#`, `<`, `>`, `between`).
    private func holds(_ attributeValue: FilterAttributeValue) -> Bool {
        switch op {
        case .equal:
            return !value.isRange && attributeValue.text.utf8.elementsEqual(value.text.utf8)
        case .matches:
            return pattern?.matches(attributeValue.text) ?? false
        case .contains:
            return Self.listContains(attributeValue.text, value)
        case .less:
            return attributeValue.number < value.number
        case .greater:
            return attributeValue.number > value.number
        case .between:
            guard case .range(let low, let high) = value.kind else { return false }
            return (min(low, high)...max(low, high)).contains(attributeValue.number)
        case .notEqual, .doesNotMatch, .doesNotContain, .lessOrEqual, .greaterOrEqual:
            return false  // negations are evaluated through their positive operator
        }
    }

    /// `#`: the text is one of the value's words (split at spaces). A range, empty text or text
    /// holding a space is never one.
    static func listContains(_ list: String, _ value: FilterValue) -> Bool {
        guard !value.isRange, !value.text.isEmpty, !value.text.utf8.contains(0x20) else { return false }
        return list.utf8.split(separator: 0x20).contains { $0.elementsEqual(value.text.utf8) }
    }

    /// The value of `attribute` for `item`.
    static func value(of attribute: FilterAttribute, in item: FilterItem, now: Double) -> FilterAttributeValue
    {
        switch attribute {
        case .title: .text(item.title)
        case .link: .text(item.link)
        case .author: .text(item.author)
        case .content: .text(item.content)
        case .date: .text(FilterDate.text(seconds: item.date))
        case .age: .number(Int64(FilterDate.age(seconds: item.date, now: now)))
        case .unread: .text(item.unread ? "yes" : "no")
        case .flags: .text(item.saved ? "s" : "")
        case .guid: .text(item.guid)
        case .enclosureURL: .text(item.enclosureURL)
        case .enclosureType: .text(item.enclosureType)
        case .feedTitle: .text(item.feed.title)
        case .feedURL: .text(item.feed.url)
        case .feedLink: .text(item.feed.link)
        case .tags: .text(item.feed.tags.joined(separator: " "))
        case .unreadCount: .number(Int64(item.feed.unreadCount))
        case .totalCount: .number(Int64(item.feed.totalCount))
        case .feedIndex: .number(Int64(item.feed.index))
        }
    }
}

/// An attribute's value: text, or a whole number (whose text is its digits).
enum FilterAttributeValue {
    case text(String)
    case number(Int64)

    var text: String {
        switch self {
        case .text(let text): text
        case .number(let number): String(number)
        }
    }

    /// The number `<`, `>` and `between` compare: a number as it is (within 32 bits), text by its
    /// leading digits.
    var number: Int32 {
        switch self {
        case .text(let text): FilterNumber.parse(text)
        case .number(let number): FilterNumber.clamped(number)
        }
    }
}
