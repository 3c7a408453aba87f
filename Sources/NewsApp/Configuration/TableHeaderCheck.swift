/// Finds the table headers that would stop the process inside toml++.
///
/// toml++ 3.4 (bundled by TOMLKit 0.6.0) asserts, and so aborts, when a table header's `[` or
/// `[[` is followed by something that cannot start a key, such as `[[` alone on a line, `[[[a]]]`
/// or `[=` (fixed upstream in marzer/tomlplusplus#301). A config file is user input, so those
/// headers are found first, the way toml++ reads a document: statements at the top level, with
/// strings, comments and multi-line arrays skipped.
enum TableHeaderCheck {
    /// The 1-based line of the first header toml++ could not survive, or nil when there is none.
    static func firstUnreadableHeader(in text: String) -> Int? {
        var scanner = Scanner(Array(text.unicodeScalars))
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

        mutating func run() -> Int? {
            while let scalar = current {
                switch scalar {
                case " ", "\t", "\r":
                    position += 1
                case "\n":
                    advance()
                case "#":
                    skipComment()
                case "[":
                    if !headerStartsWithKey() { return line }
                    skipStatement()
                default:
                    skipStatement()
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
        /// comments and brackets spanning lines included.
        mutating func skipStatement() {
            var depth = 0
            while let scalar = current {
                switch scalar {
                case "\n" where depth == 0:
                    return
                case "\n":
                    advance()
                case "#":
                    skipComment()
                case "\"", "'":
                    skipString(scalar)
                case "[", "{":
                    depth += 1
                    position += 1
                case "]", "}":
                    depth = max(depth - 1, 0)
                    position += 1
                default:
                    position += 1
                }
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
