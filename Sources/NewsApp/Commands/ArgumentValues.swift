import ArgumentParser
import Configuration
import NewsModels

// The values options take. Each lists its values for `--help` and for the shell completion
// scripts (`newsapp --generate-completion-script bash|zsh|fish`).

extension LayoutChoice: ExpressibleByArgument {}
extension ImagesChoice: ExpressibleByArgument {}
extension ThemeChoice: ExpressibleByArgument {}
extension LogLevelChoice: ExpressibleByArgument {}

/// A `--category` value: a category's name or an unambiguous start of one (`sci`, `tech`).
struct CategoryName: ExpressibleByArgument, Sendable, Equatable {
    var category: NewsCategory

    init?(argument: String) {
        guard let category = NewsCategory(matching: argument) else { return nil }
        self.category = category
    }

    static var allValueStrings: [String] { NewsCategory.allCases.map(\.rawValue) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    var defaultValueDescription: String { category.rawValue }
}

/// A `--sort` value: `relevancy`, `popularity` or `newest` (or an unambiguous start of one).
struct SortKeyword: ExpressibleByArgument, Sendable, Equatable {
    var order: ArticleSortOrder

    init?(argument: String) {
        guard let order = ArticleSortOrder(keyword: argument) else { return nil }
        self.order = order
    }

    static var allValueStrings: [String] { ArticleSortOrder.allCases.map(\.keyword) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    var defaultValueDescription: String { order.keyword }
}

/// A `--country` or `--language` value: two letters, stored lowercased.
struct TwoLetterCode: ExpressibleByArgument, Sendable, Equatable {
    var code: String

    init?(argument: String) {
        guard let code = ConfigurationKey.twoLetterCode(argument) else { return nil }
        self.code = code
    }

    var defaultValueDescription: String { code }
}
