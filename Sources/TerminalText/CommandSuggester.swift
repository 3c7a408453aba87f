/// Finds the known command closest to a mistyped one.
public enum CommandSuggester {
    /// The command `typed` begins (`mark` for `mark read`), else the name in `names` nearest to
    /// `typed` by edit distance (a swap of neighbours counts as one edit), if it is close enough
    /// to be a likely typo: one edit for words of up to four letters (`mark` is not a typo of
    /// `back`, nor `next` of `exit`), two for longer ones.
    public static func closest(to typed: String, among names: [String]) -> String? {
        let typed = typed.lowercased()
        if let begun = names.first(where: { $0.lowercased().hasPrefix(typed + " ") }) { return begun }
        let limit = typed.count <= 4 ? 1 : 2
        var best: (name: String, distance: Int)?
        for name in names where name != typed && name.count > 1 {
            let distance = editDistance(Array(typed), Array(name.lowercased()))
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (name, distance)
            }
        }
        return best?.name
    }

    /// Optimal string alignment distance between two character arrays.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
