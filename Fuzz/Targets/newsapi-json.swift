import Foundation

@testable import Networking
@testable import NewsModels

/// NewsAPI response bodies as `NewsAPIService` decodes them: the envelope (`ok` or `error`) around
/// articles and around sources. Whatever the body, decoding throws or gives articles with a title
/// and a URL, each URL once; an article written back and read again settles after one round.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNewsAPIJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = FuzzInput(data, size).data
    let decoder = JSONDecoder()
    if case .ok(let payload)? = try? decoder.decode(NewsAPIEnvelope<ArticlesPayload>.self, from: body) {
        Invariant.check(payload.skippedCount >= 0, "negative skipped count \(payload.skippedCount)")
        Invariant.check(
            Set(payload.articles.map(\.url)).count == payload.articles.count, "an article URL is listed twice"
        )
        for article in payload.articles {
            checkArticle(article)
        }
    }
    if case .ok(let payload)? = try? decoder.decode(NewsAPIEnvelope<SourcesPayload>.self, from: body) {
        for source in payload.sources {
            Invariant.check(!source.id.isEmpty && !source.name.isEmpty, "a source without an id or a name")
        }
    }
    return 0
}

private func checkArticle(_ article: Article) {
    Invariant.check(!article.title.isEmpty, "an article without a title")
    Invariant.check(
        article.title.trimmingWhitespace() == article.title,
        "title \(String(reflecting: article.title)) is not trimmed")
    if let omitted = article.omittedCharacterCount {
        Invariant.check(omitted >= 0, "negative omitted character count \(omitted)")
    }
    let once = roundTrip(article)
    Invariant.check(once?.title == article.title, "the title changed when written and read again")
    Invariant.check(once?.url == article.url, "the URL changed when written and read again")
    Invariant.check(once.flatMap(roundTrip) == once, "an article written and read again does not settle")
}

private func roundTrip(_ article: Article) -> Article? {
    guard let encoded = try? JSONEncoder().encode(article) else {
        Invariant.check(false, "an article cannot be encoded")
        return nil
    }
    return try? JSONDecoder().decode(Article.self, from: encoded)
}
