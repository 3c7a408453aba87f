import Foundation
import NewsModels
import Testing

@testable import Store

@Suite("ListingKey")
struct ListingKeyTests {
    @Test func canonicalStringsAreStableAndReadable() {
        #expect(
            ListingKey.headlines(country: "us", category: .science).canonical
                == "headlines?country=us&category=science")
        #expect(ListingKey.headlines(country: nil, category: nil).canonical == "headlines")
        #expect(ListingKey.headlines(country: "GB", category: nil).canonical == "headlines?country=gb")
        #expect(
            ListingKey.search(query: "Mars  rover", sort: .publishedAt, language: "EN").canonical
                == "search?q=mars%20rover&sort=publishedAt&language=en")
        #expect(
            ListingKey.search(query: "x", sort: .relevancy, language: nil).canonical
                == "search?q=x&sort=relevancy")
    }

    @Test func valuesCannotForgeSeparators() {
        let sneaky = ListingKey.search(query: "a&sort=relevancy", sort: .publishedAt, language: nil)
        let plain = ListingKey.search(query: "a", sort: .relevancy, language: nil)
        #expect(sneaky.canonical != plain.canonical)
        #expect(sneaky.canonical == "search?q=a%26sort%3Drelevancy&sort=publishedAt")
    }

    @Test func queriesAreNormalised() {
        #expect(ListingKey.normalizedQuery("  Mars\tRover \n") == "mars rover")
        #expect(ListingKey.normalizedQuery("mars OR venus") == "mars OR venus")
        #expect(ListingKey.normalizedQuery("mars or venus") == "mars or venus")
        // Found by Scripts/fuzz (search-query): normalising twice gave another key.
        let marked = ListingKey.normalizedQuery("a \t\u{05C7}b")
        #expect(marked == "a \u{05C7}b")
        #expect(ListingKey.normalizedQuery(marked) == marked)
        #expect(ListingKey.normalizedQuery("Cafe\u{301}") == ListingKey.normalizedQuery("café"))
        #expect(ListingKey.normalizedQuery("\"Mars Rover\" -NASA") == "\"mars rover\" -nasa")
    }

    @Test func requestsBecomeKeysUnlessTheyHaveFiltersAKeyCannotExpress() {
        #expect(
            ListingKey(HeadlinesRequest(country: "US", category: .sports, page: 3))
                == .headlines(country: "us", category: .sports))
        #expect(
            ListingKey(HeadlinesRequest(country: " ", category: nil))
                == .headlines(country: nil, category: nil))
        #expect(ListingKey(HeadlinesRequest(sources: ["bbc-news"])) == nil)
        #expect(ListingKey(HeadlinesRequest(query: "mars")) == nil)
        #expect(
            ListingKey(SearchRequest(query: "Mars  Rover", language: "en", sortBy: .popularity))
                == .search(query: "mars rover", sort: .popularity, language: "en"))
        #expect(ListingKey(SearchRequest(query: "mars", searchIn: [.title])) == nil)
        #expect(ListingKey(SearchRequest(query: "mars", domains: ["example.org"])) == nil)
        #expect(ListingKey(SearchRequest(query: "mars", from: Fixture.epoch)) == nil)
    }
}
