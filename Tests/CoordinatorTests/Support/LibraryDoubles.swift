import Foundation
import Modules
import NewsModels
import TerminalText

/// ``ArticleImages`` that draws every picture as a block of `▀` of the size asked for, at most
/// 6 columns wide, and records the sizes.
final class BlockImages: ArticleImages {
    struct Request: Sendable, Equatable {
        let columns: Int
        let rows: Int
    }

    private let requests = Locked<[Request]>([])

    var thumbnailRequests: [Request] { requests.withLock { $0 } }

    func thumbnail(for url: URL, columns: Int, rows: Int) async -> Thumbnail {
        requests.withLock { $0.append(Request(columns: columns, rows: rows)) }
        let cells = String(repeating: "▀", count: min(columns, 6))
        let colors = CellColors(foreground: RGB(200, 40, 40), background: RGB(20, 20, 120))
        return .picture(Array(repeating: StyledLine([Span(cells, colors: colors)]), count: 2))
    }

    func prefetch(_ urls: [URL]) async {}
}
