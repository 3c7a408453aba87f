/// Finds what would stop the process inside toml++.
///
/// toml++ 3.4 (bundled by TOMLKit 0.6.0) asserts, and so aborts, on some invalid documents:
/// - a table header whose `[` or `[[` is followed by something that cannot start a key, such as
///   `[[` alone on a line, `[[[a]]]` or `[=` (fixed upstream in marzer/tomlplusplus#301);
/// - a value it reads as a date and time (it judges by the kinds of characters, wherever they are)
///   whose `T` is not followed by a digit, such as `1979-05-27T_07:30` or `1979-05-27Té07:30`
///   (found by Scripts/fuzz);
/// - a `}` in an array where a value should be, as in `a = [ }` (found by Scripts/fuzz).
///
/// A config file is user input, so those are found first, the way toml++ reads a document:
/// statements at the top level, with strings, comments and multi-line arrays skipped.
enum TOMLAbortCheck {
    /// Where toml++ would stop the process, and on what.
    struct Abort: Equatable {
        enum Cause: Equatable {
            case tableHeader
            case dateTime
            case braceInArray
        }

        /// 1-based.
        var line: Int
        var cause: Cause
    }

    /// The first place toml++ could not survive, or nil when there is none.
    static func firstAbort(in text: String) -> Abort? {
        // toml++ skips a byte order mark, so a header right after one is still a header.
        let scalars = text.unicodeScalars
        var scanner = Scanner(Array(scalars.first == "\u{FEFF}" ? scalars.dropFirst() : scalars[...]))
        return scanner.run()
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var position = 0
        var line = 1

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func run() -> Abort? {
            while let scalar = current {
                switch scalar {
                case " ", "\t", "\r":
                    position += 1
                case "\n":
                    advance()
                case "#":
                    skipComment()
                case "[":
                    if !headerStartsWithKey() { return Abort(line: line, cause: .tableHeader) }
                    if let abort = skipStatement() { return abort }
                default:
                    if let abort = skipStatement() { return abort }
                }
            }
            return nil
        }

        /// Mirrors toml++'s `parse_table_header` up to its call of `parse_key`.
        mutating func headerStartsWithKey() -> Bool {
            position += 1
            let hadSpace = skipSpaces()
            guard let next = current else { return true }
            if next == "[" {
                // `[ [` is reported by toml++ itself.
                if hadSpace { return true }
                position += 1
                skipSpaces()
            }
            guard let first = current else { return true }
            return first == "]" || first == "\"" || first == "'" || Self.isBareKeyCharacter(first)
        }

        /// Skips a header or a `key = value` statement to the end of its last line: strings,
        /// comments and brackets spanning lines included. Checks each value on the way (after `=`,
        /// and in arrays); keys (in inline tables, after `{` and `,`) are not values.
        mutating func skipStatement() -> Abort? {
            var brackets: [Unicode.Scalar] = []
            var expectsValue = false
            while let scalar = current {
                switch scalar {
                case "\n" where brackets.isEmpty:
                    return nil
                case "\n":
                    advance()
                case " ", "\t", "\r":
                    position += 1
                case "#":
                    skipComment()
                case "\"", "'":
                    skipString(scalar)
                    expectsValue = false
                case "=":
                    expectsValue = true
                    position += 1
                case "[", "{":
                    // An array's elements are values; a header's name and an inline table's keys are not.
                    brackets.append(scalar)
                    expectsValue = expectsValue && scalar == "["
                    position += 1
                case "}" where expectsValue && brackets.last == "[":
                    return Abort(line: line, cause: .braceInArray)
                case "]", "}":
                    _ = brackets.popLast()
                    expectsValue = false
                    position += 1
                case ",":
                    expectsValue = brackets.last == "["
                    position += 1
                default:
                    if expectsValue, !valueStartsReadable() { return Abort(line: line, cause: .dateTime) }
                    expectsValue = false
                    position += 1
                }
            }
            return nil
        }

        /// Reads the bare value (number, date, time, boolean) at the current position up to where
        /// toml++ ends a value, leaving the position on its last scalar; false when toml++ would
        /// abort on it: `YYYY-MM-DD`, then `T` or `t`, then anything but a digit.
        mutating func valueStartsReadable() -> Bool {
            var value: [Unicode.Scalar] = []
            while let scalar = current, !Self.endsValue(scalar) {
                value.append(scalar)
                position += 1
            }
            position -= 1
            guard value.count >= 11, value[10] == "T" || value[10] == "t" else { return true }
            let date = value[..<10].enumerated().allSatisfy { index, scalar in
                index == 4 || index == 7 ? scalar == "-" : ("0"..."9").contains(scalar)
            }
            guard date else { return true }
            return value.count > 11 && ("0"..."9").contains(value[11])
        }

        /// toml++'s value terminators.
        static func endsValue(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case " ", "\t", "\r", "\n", ",", "]", "}", "#": true
            default: false
            }
        }

        /// Skips a basic or literal string, single-line or multi-line (`"""`, `'''`).
        mutating func skipString(_ quote: Unicode.Scalar) {
            let multiLine = starts(with: [quote, quote, quote])
            position += multiLine ? 3 : 1
            while let scalar = current {
                if multiLine, starts(with: [quote, quote, quote]) {
                    position += 3
                    return
                }
                if !multiLine, scalar == quote || scalar == "\n" {
                    if scalar == quote { position += 1 }
                    return
                }
                if scalar == "\\" && quote == "\"" {
                    position += 1
                    if current == "\n" { line += 1 }
                } else if scalar == "\n" {
                    line += 1
                }
                position += 1
            }
        }

        mutating func skipComment() {
            while let scalar = current, scalar != "\n" {
                position += 1
            }
        }

        @discardableResult
        mutating func skipSpaces() -> Bool {
            let start = position
            while current == " " || current == "\t" {
                position += 1
            }
            return position > start
        }

        mutating func advance() {
            position += 1
            line += 1
        }

        func starts(with prefix: [Unicode.Scalar]) -> Bool {
            position + prefix.count <= scalars.count
                && scalars[position..<position + prefix.count].elementsEqual(prefix)
        }

        static func isBareKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
            default: false
            }
        }
    }
}
