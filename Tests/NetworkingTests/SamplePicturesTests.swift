import Foundation
import NewsModels
import Testing

@testable import SampleEdition

/// The sample edition's bundled pictures: every article's `urlToImage` has one, small files, and
/// nothing but the bundle's own files is ever read.
@Suite("Sample edition pictures")
struct SamplePicturesTests {
    static let edition = try! SampleEdition.bundled()
    static let pictures = SamplePictures.bundled()!

    static func address(_ name: String) -> URL {
        URL(string: SamplePictures.addressPrefix + name)!
    }

    @Test("One JPEG per category and one per section's newest story, well under 200 KB in all")
    func bundle() throws {
        let names = Array(Self.pictures.files.keys)
        let categories = Set(NewsCategory.allCases.map(SamplePictures.fileName(for:)))
        #expect(categories.isSubset(of: Set(names)))
        #expect(names.count == 14)
        var total = 0
        for (name, data) in Self.pictures.files {
            #expect(data.starts(with: [0xFF, 0xD8, 0xFF]), "\(name) is not a JPEG")
            total += data.count
        }
        #expect(total < 120_000)
    }

    @Test("Every article's picture address is answered: its own picture, else its category's")
    func everyArticleHasAPicture() throws {
        var own = 0
        for entry in Self.edition.entries {
            guard let url = entry.article.imageURL else { continue }
            let data = try #require(Self.pictures.data(for: url), "\(url)")
            let name = url.lastPathComponent
            if let file = Self.pictures.files[name] {
                own += 1
                #expect(data == file)
            } else {
                let category = Self.pictures.files[SamplePictures.fileName(for: entry.category)]
                #expect(data == category, "\(name) is not its category's picture")
            }
        }
        #expect(own == NewsCategory.allCases.count)
    }

    @Test("Other addresses are not the bundle's; odd names under the prefix get the general picture")
    func otherAddresses() throws {
        let general = try #require(Self.pictures.data(for: Self.address("general.jpg")))
        #expect(Self.pictures.data(for: URL(string: "https://example.org/images/general.jpg")!) == nil)
        #expect(
            Self.pictures.data(for: URL(string: "http://example.org/newsapp-sample/images/general.jpg")!)
                == nil)
        for name in ["../../sample-edition.json", "unknown.jpg", "general.jpg?w=100", "%2e%2e/x.jpg"] {
            #expect(Self.pictures.data(for: Self.address(name)) == general, "\(name)")
        }
    }

    @Test("The edition is read once, and only for a sample address")
    func theEditionIsReadLazily() throws {
        let reads = Locked(0)
        let pictures = SamplePictures(files: Self.pictures.files) {
            reads.withLock { $0 += 1 }
            return Self.edition
        }
        #expect(pictures.data(for: URL(string: "https://news.example/a.jpg")!) == nil)
        #expect(reads.withLock { $0 } == 0)
        let science = try #require(
            Self.edition.entries.last { $0.category == .science && $0.article.imageURL != nil }?.article
                .imageURL)
        #expect(pictures.data(for: science) != nil)
        #expect(pictures.data(for: science) != nil)
        #expect(reads.withLock { $0 } == 1)
    }
}
