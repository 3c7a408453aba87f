import Foundation
import NewsModels

@testable import Images

/// An ``ImageFetching`` that answers from a table and records every request.
final class StubFetcher: ImageFetching {
    private let state: Locked<(answers: [URL: Result<Data, ImageError>], requests: [URL])>

    init(_ answers: [URL: Result<Data, ImageError>] = [:]) {
        state = Locked((answers, []))
    }

    /// The URLs fetched so far, in order.
    var requests: [URL] { state.withLock { $0.requests } }

    func answer(_ url: URL, with result: Result<Data, ImageError>) {
        state.withLock { $0.answers[url] = result }
    }

    func fetch(_ url: URL, maxBytes: Int) async throws(ImageError) -> Data {
        let answer = state.withLock { state in
            state.requests.append(url)
            return state.answers[url] ?? .failure(.httpStatus(404))
        }
        let data = try answer.get()
        guard data.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
        return data
    }
}

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ImagesTests-\(UUID().uuidString)", isDirectory: true)
    }

    /// The names of the files in the directory, sorted; empty when it does not exist.
    var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
