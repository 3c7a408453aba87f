import Foundation
import TerminalText
import Testing

/// A file of golden renderings: plain text keyed by a name such as `headlines 60`.
protocol GoldenSet {
    /// Names the set in dumps, e.g. `ArticleList`.
    static var group: String { get }
    static var goldens: [String: String] { get }
}

/// Golden comparison of rendered lines, and the safety properties every rendering must have.
enum Golden {
    /// The lines as golden text: each line's plain text, trailing spaces shown as `␣` so they
    /// survive editors and formatters.
    static func text(_ lines: [StyledLine]) -> String {
        lines.map { line in
            let text = line.plainText
            let kept = text.reversed().drop { $0 == " " }.count
            let trailing = text.count - kept
            return String(text.prefix(kept)) + String(repeating: "␣", count: trailing)
        }.joined(separator: "\n")
    }

    /// Expects `lines` to read exactly as the golden `name` of `set`, and records a line diff when
    /// they do not. With `GOLDEN_DUMP_DIR` set, also writes the actual text to
    /// `<dir>/<group>/<name>.txt` so goldens can be reviewed and updated after a deliberate change.
    static func expect<Set: GoldenSet>(
        _ lines: [StyledLine],
        matches name: String,
        in set: Set.Type,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let actual = text(lines)
        dump(actual, group: Set.group, name: name)
        guard let expected = Set.goldens[name] else {
            Issue.record(
                "There is no golden “\(name)” in \(Set.group). The rendering:\n\(actual)",
                sourceLocation: sourceLocation)
            return
        }
        guard actual != expected else { return }
        let changes = diff(expected: expected, actual: actual)
        Issue.record(
            "“\(name)” differs from its golden in \(Set.group) (- golden, + rendered):\n\(changes)",
            sourceLocation: sourceLocation)
    }

    /// A line diff with two lines of context around each change, line numbers of the golden on
    /// the left and of the rendering on the right.
    static func diff(expected: String, actual: String, context: Int = 2) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Longest common subsequence table, from the end.
        var table = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] =
                    old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var rows: [(mark: Character, oldLine: Int?, newLine: Int?, text: String)] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                rows.append((" ", i + 1, j + 1, old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
                rows.append(("-", i + 1, nil, old[i]))
                i += 1
            } else {
                rows.append(("+", nil, j + 1, new[j]))
                j += 1
            }
        }
        let changed = rows.indices.filter { rows[$0].mark != " " }
        var output: [String] = []
        var lastShown = -1
        for index in rows.indices {
            let near = changed.contains { abs($0 - index) <= context }
            guard near else { continue }
            if lastShown >= 0, index > lastShown + 1 { output.append("   ┄") }
            let row = rows[index]
            let left = row.oldLine.map { pad(String($0), 4) } ?? "    "
            let right = row.newLine.map { pad(String($0), 4) } ?? "    "
            output.append("\(row.mark) \(left) \(right) │\(row.text)")
            lastShown = index
        }
        return output.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private static func dump(_ text: String, group: String, name: String) {
        guard let directory = ProcessInfo.processInfo.environment["GOLDEN_DUMP_DIR"] else { return }
        let folder = URL(fileURLWithPath: directory).appendingPathComponent(group)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: folder.appendingPathComponent(name + ".txt"))
    }

    // MARK: Safety

    /// Scalars that must never reach a terminal: C0 controls, DEL, C1 controls and bidi
    /// embeddings, overrides and isolates.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Expects every line to be free of forbidden scalars and at most `width` columns wide.
    static func expectSafe(
        _ lines: [StyledLine],
        width: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (index, line) in lines.enumerated() {
            let text = line.plainText
            let forbidden = text.unicodeScalars.filter(isForbidden)
            if !forbidden.isEmpty {
                let codes = forbidden.map { "U+" + String($0.value, radix: 16, uppercase: true) }
                Issue.record(
                    "Line \(index + 1) holds \(codes.joined(separator: " ")): \(text.debugDescription)",
                    sourceLocation: sourceLocation)
            }
            // A web address is never cut: its line may run over (StyledLine.fitted(toWidth:)).
            if line.displayWidth > width && line.fitted(toWidth: width) != line {
                Issue.record(
                    "Line \(index + 1) is \(line.displayWidth) columns wide, more than \(width): \(text.debugDescription)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// Pieces of the hostile article's escape sequences that would show if only their ESC (or
    /// 8-bit introducer) were removed.
    static let hostileFragments = [
        "[31m", "[0m", "]52;", "2J", "[H", "[2K", "[1A", "aGVsbG8", "]8;;", "evil.example/\\", "1$r0m",
        "0;1|17",
    ]

    /// Expects no line to hold a fragment of a stripped escape sequence.
    static func expectNoHostileFragments(
        _ lines: [StyledLine],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (index, line) in lines.enumerated() {
            for fragment in hostileFragments where line.plainText.contains(fragment) {
                Issue.record(
                    "Line \(index + 1) holds “\(fragment)”: \(line.plainText.debugDescription)",
                    sourceLocation: sourceLocation)
            }
        }
    }
}
