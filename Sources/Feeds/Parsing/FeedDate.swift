import NewsModels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the dates feeds write, without `DateFormatter`: RFC 3339 (Atom, JSON Feed) through
/// ``Networking/Timestamp``, and RFC 822/1123 (RSS) in the shapes met in the wild: with or
/// without the weekday, seconds or zone; two-digit years; single-digit days; full month names
/// and "Sept"; named zones (GMT, UT, UTC, Z, the North American ones, CET/CEST/BST/EET/EEST),
/// military letters and numeric offsets; extra spaces and commas; a trailing comment.
enum FeedDate {
    /// The instant `text` denotes, or nil when it cannot be read.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var start = 0
        var end = bytes.count
        while start < end, isSeparator(bytes[start]) { start += 1 }
        while end > start, isSeparator(bytes[end - 1]) { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard trimmed.count >= 6 else { return nil }
        if isDigit(trimmed[0]), isDigit(trimmed[3]), trimmed[4] == UInt8(ascii: "-") {
            return rfc3339(trimmed)
        }
        var reader = RFC822Reader(trimmed)
        return reader.date()
    }

    private static func rfc3339(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 10 else { return Timestamp.parse(utf8: bytes) }
        // A date alone (`2024-05-01`) is that day's midnight, UTC.
        return Timestamp.parse(String(decoding: bytes, as: UTF8.self) + "T00:00:00Z")
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
    static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",")
    }
}

/// One pass over the tokens of an RFC 822 date: words (weekday, month, zone), numbers (day,
/// year), a time (`hh:mm[:ss[.fff]]`) and a numeric zone, in the usual orders.
private struct RFC822Reader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var day: Int?
    private var month: Int?
    private var year: Int?
    private var time: (hour: Int, minute: Int, second: Int)?
    private var offset: Int?

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func date() -> Date? {
        while index < bytes.count {
            let byte = bytes[index]
            if FeedDate.isSeparator(byte) || byte == UInt8(ascii: ".") {
                index += 1
            } else if byte == UInt8(ascii: "(") {
                guard time != nil else { return nil }
                index = bytes.count
            } else if isLetter(byte) {
                guard readWord() else { return nil }
            } else if FeedDate.isDigit(byte) {
                guard readNumber() else { return nil }
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                guard readSignOrSeparator() else { return nil }
            } else {
                return nil
            }
        }
        guard let day, let month, let year else { return nil }
        let (hour, minute, second) = time ?? (0, 0, 0)
        return Timestamp.date(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            offsetSeconds: offset ?? 0)
    }

    private mutating func readWord() -> Bool {
        let start = index
        while index < bytes.count, isLetter(bytes[index]) { index += 1 }
        let word = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
        if month == nil, let number = Self.month(word) {
            month = number
        } else if time == nil, day == nil, Self.isWeekday(word) {
            return true
        } else if let hour = time?.hour, word == "am" || word == "pm" {
            time?.hour = hour % 12 + (word == "pm" ? 12 : 0)
        } else if time != nil, let zone = Self.zone(word) {
            offset = offset ?? zone
        } else {
            return false
        }
        return true
    }

    private mutating func readNumber() -> Bool {
        let (value, digits) = readDigits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard time == nil, digits <= 2 else { return false }
            index += 1
            let (minute, minuteDigits) = readDigits()
            guard minuteDigits == 2 else { return false }
            var second = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                index += 1
                let (value, secondDigits) = readDigits()
                guard secondDigits == 2 else { return false }
                second = value
                if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                    index += 1
                    _ = readDigits()
                }
            }
            time = (value, minute, min(second, 59))
        } else if digits == 4, year == nil {
            year = value
        } else if digits <= 2, day == nil {
            day = value
        } else if digits == 2 || digits == 3, year == nil {
            year = value + (digits == 3 || value >= 50 ? 1900 : 2000)
        } else {
            return false
        }
        return true
    }

    /// A numeric zone after the time (`+0200`, `-05:00`, `+01`), else a date separator
    /// (`01-May-2024`).
    private mutating func readSignOrSeparator() -> Bool {
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard time != nil, index < bytes.count, FeedDate.isDigit(bytes[index]) else { return true }
        var (value, digits) = readDigits()
        if digits == 2, index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            let (minutes, minuteDigits) = readDigits()
            guard minuteDigits == 2 else { return false }
            value = value * 100 + minutes
            digits = 4
        }
        let (hours, minutes) = digits <= 2 ? (value, 0) : (value / 100, value % 100)
        guard digits == 1 || digits == 2 || digits == 4, hours < 24, minutes < 60 else { return false }
        offset = sign * (hours * 3600 + minutes * 60)
        return true
    }

    private mutating func readDigits() -> (value: Int, count: Int) {
        var value = 0
        var count = 0
        while index < bytes.count, FeedDate.isDigit(bytes[index]), count < 9 {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
            count += 1
        }
        return (value, count)
    }

    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december",
    ]
    private static let weekdays = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]

    /// A month's number from its name, its three-letter abbreviation or "Sept".
    private static func month(_ word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        return months.firstIndex { $0.hasPrefix(word) }.map { $0 + 1 }
    }

    private static func isWeekday(_ word: String) -> Bool {
        word.count >= 3 && weekdays.contains { $0.hasPrefix(word) }
    }

    /// The offset of a zone name, in seconds. Military letters other than Z count as UTC, as
    /// RFC 5322 asks: RFC 822 defined their signs backwards, so their meaning is unknown.
    private static func zone(_ word: String) -> Int? {
        let hours: Int? =
            switch word {
            case "gmt", "ut", "utc", "z", "wet": 0
            case "est": -5
            case "edt": -4
            case "cst": -6
            case "cdt": -5
            case "mst": -7
            case "mdt": -6
            case "pst": -8
            case "pdt": -7
            case "akst": -9
            case "akdt": -8
            case "hst": -10
            case "bst", "cet", "west": 1
            case "cest", "eet": 2
            case "eest": 3
            default: word.count == 1 && word != "j" ? 0 : nil
            }
        return hours.map { $0 * 3600 }
    }
}
