/// Tab completion, read from the commands' descriptors: the ``Shell`` completes with it, and so
/// does `CoordinatorsTesting`'s recording router.
public enum CommandCompletion {
    /// Completes a command's name, or its argument. An argument of several words (`feed Hacker N`)
    /// is matched as a whole, and each candidate is offered from the word under the cursor on, since
    /// that word is all the terminal replaces. The words after the first of a name of several
    /// (`read` of `mark read`) complete as an argument does.
    public static func candidates(for request: CompletionRequest, among commands: [CommandDescriptor])
        -> [String]
    {
        let candidates: [String]
        if let verb = request.precedingWords.first?.lowercased() {
            let typedWords = request.precedingWords.dropFirst().map { $0.lowercased() }
            let restsOfNames = commands.flatMap(\.names).compactMap { name -> String? in
                let words = name.split(separator: " ")
                guard words.count > 1, words[0] == Substring(verb) else { return nil }
                return words.dropFirst().joined(separator: " ")
            }
            candidates =
                (commands.filter { $0.names.contains(verb) }.flatMap(\.argumentCompletions) + restsOfNames)
                .compactMap { candidate in
                    let words = candidate.split(separator: " ")
                    guard words.count > typedWords.count,
                        zip(words, typedWords).allSatisfy({ $0.lowercased() == $1 })
                    else { return nil }
                    return words.dropFirst(typedWords.count).joined(separator: " ")
                }
        } else {
            let numbers = commands.compactMap(\.numbers).flatMap { $0.map(String.init) }
            candidates = commands.flatMap(\.names).filter { $0.count > 1 } + numbers
        }
        let partial = request.partialWord.lowercased()
        var seen: Set<String> = []
        return candidates.filter { $0.lowercased().hasPrefix(partial) && seen.insert($0).inserted }
    }
}
