import Foundation
import Testing

@testable import Feeds

/// The size a failed download reports (`12.3 MB written`) reads as Foundation's
/// `ByteCountFormatter` with `countStyle: .file` writes it, which `newsapp` does not link (it
/// needs ICU).
@Suite("Download size text")
struct DownloadSizeTextTests {
    @Test("Sizes from none to terabytes as ByteCountFormatter writes them")
    func sizes() {
        let sizes: [Int64] = [
            0, 1, 2, 999, 1_000, 1_049, 1_500, 9_999, 99_999, 999_499, 999_500, 999_999, 1_000_000, 1_049_999,
            1_234_567, 12_345_678, 123_456_789, 999_949_999, 1_234_567_890, 1_005_000_000, 12_345_678_901,
            1_200_000_000, 4_000_000_000_000, 1_234_567_890_123_456,
        ]
        for size in sizes {
            #expect(
                EnclosureDownloader.fileSize(size)
                    == ByteCountFormatter.string(fromByteCount: size, countStyle: .file),
                "\(size)")
        }
    }
}
