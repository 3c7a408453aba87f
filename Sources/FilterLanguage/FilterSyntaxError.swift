/// Why a text is not a filter expression: one sentence naming the column where reading failed.
public struct FilterSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based column (in characters) where the problem is.
    public var column: Int
    /// What is wrong there, a phrase: `“titl” is not an attribute (did you mean title?)`.
    public var problem: String

    public init(column: Int, problem: String) {
        self.column = column
        self.problem = problem
    }

    /// `At column 7 of the filter, “titl” is not an attribute (did you mean title?).`
    public var sentence: String {
        "At column \(column) of the filter, \(problem)."
    }

    public var description: String { sentence }
}
