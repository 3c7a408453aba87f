import Foundation
import NewsModels

/// Articles with the text the renderers must cope with: scripts of every width, emoji, combining
/// marks, missing fields, very long text and hostile control sequences.
enum Articles {
    static let plain = Article(
        source: ArticleSource(id: "northfield-courier", name: "Northfield Courier"),
        author: "Ada Byrne",
        title: "Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳",
        summary: "More than 1,500 people joined the planting, organised by a local rivers trust to shade "
            + "the water for fish and reduce erosion.",
        url: URL(string: "https://example.org/news/volunteers-plant-trees")!,
        imageURL: URL(string: "https://example.org/images/volunteers-plant-trees.jpg")!,
        publishedAt: Fixtures.minutesAgo(17),
        content: "More than 1,500 people joined the planting on Saturday and Sunday.")

    static let japanese = Article(
        source: ArticleSource(name: "日本経済ニュース"),
        author: "山田 太郎",
        title: "東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に",
        summary: "「実用化まであと一歩だ」と研究者は語った。試作機は来年、大学や企業に貸し出される予定です。",
        url: URL(string: "https://example.jp/news/quantum")!,
        publishedAt: Fixtures.minutesAgo(60 * 3 + 5))

    static let chinese = Article(
        source: ArticleSource(name: "新华科技"),
        author: "李明",
        title: "上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十",
        summary: "研究团队表示，这项技术有望在两年内用于电动汽车。",
        url: URL(string: "https://example.cn/tech/battery")!,
        publishedAt: Fixtures.minutesAgo(60 * 30))

    /// Precomposed syllables in the title, conjoining jamo (ᄒ ᅡ ᆫ) in the description.
    static let korean = Article(
        source: ArticleSource(name: "서울 일보"),
        title: "서울시, 한강 공원에 태양광 가로등 500개 설치 완료",
        summary: "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF} 공원 이용객들은 밤에도 안전하게 산책할 수 있게 되었다.",
        url: URL(string: "https://example.kr/seoul/lights")!,
        publishedAt: Fixtures.minutesAgo(60 * 24 * 3))

    /// Right-to-left text with harakat (combining marks) and an Arabic letter mark to strip.
    static let arabic = Article(
        source: ArticleSource(name: "الجريدة اليومية"),
        author: "سارة أحمد",
        title: "افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب",
        summary: "قالت البلدية إنَّ المكتبةَ\u{061C} ستفتح أبوابها يوميًا من التاسعة صباحًا.",
        url: URL(string: "https://example.ae/culture/library")!,
        publishedAt: Fixtures.minutesAgo(60 * 24 * 20))

    /// Flags, ZWJ sequences, skin tones, a keycap and VS16.
    static let emoji = Article(
        source: ArticleSource(name: "Stadium Daily 🏟️"),
        author: "Sam 👩🏽‍💻 Lee",
        title: "Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈",
        summary: "Supporters 🧑🏾‍🤝‍🧑🏻 sang for ninety minutes ⚽️; the fireworks 🎆 lit up the sky.",
        url: URL(string: "https://example.org/sport/stadium")!,
        publishedAt: Fixtures.minutesAgo(45))

    /// Decomposed accents (letter + combining mark) and a stack of marks on one letter.
    static let accents = Article(
        source: ArticleSource(name: "Revue Me\u{0301}tropole"),
        author: "Zoe\u{0308} Mu\u{0308}ller",
        title:
            "Cafe\u{0301} owners in Mu\u{0308}nchen and Sa\u{0303}o Paulo toast a re\u{0301}sume\u{0301} of "
            + "Z\u{0337}\u{0322}a\u{0335}l\u{0336}g\u{0338}o\u{0334} coffee",
        summary: "A\u{030A}se, Nin\u{0303}o and Franc\u{0327}oise compared notes on crème brûlée.",
        url: URL(string: "https://example.fr/cafe")!,
        publishedAt: Fixtures.minutesAgo(60 * 2))

    /// No author, description, content, image, date or source name.
    static let sparse = Article(
        source: ArticleSource(name: ""),
        title: "Council meeting moved to Thursday",
        url: URL(string: "https://example.org/local/council")!)

    /// Content cut by NewsAPI, with the count of characters it left out.
    static let truncated = Article(
        source: ArticleSource(name: "Kestrel Wire Service"),
        author: "Priya Raman",
        title: "Port Avalen exporters trial bitcoin settlement for overseas invoices",
        summary:
            "Twelve small exporters will settle part of their foreign invoices in bitcoin for six months.",
        url: URL(string: "https://example.org/business/port-avalen-exporters-trial-bitcoin-settlement")!,
        imageURL: URL(
            string: "https://example.org/images/port-avalen-exporters-trial-bitcoin-settlement.jpg")!,
        publishedAt: Fixtures.minutesAgo(18),
        content: "PORT AVALEN — A group of twelve small exporters will settle a portion of their overseas "
            + "invoices in bitcoin during a six-month trial organised by the local chamber of commerce. "
            + "Participants, most…",
        omittedCharacterCount: 4_821)

    /// A description of exactly 5,000 characters: numbered words, a CJK run, emoji and a word longer
    /// than any line.
    static let longDescription: String = {
        var text = ""
        var number = 1
        while text.count < 5_000 {
            if !text.isEmpty { text += " " }
            switch number % 50 {
            case 0:
                text += "supercalifragilisticexpialidocious-\(number)-antidisestablishmentarianism-\(number)"
            case 17: text += "東京大阪京都名古屋\(number)"
            case 33: text += "🇯🇵👨‍👩‍👧\(number)"
            default: text += "w\(number)"
            }
            number += 1
        }
        return String(text.prefix(5_000))
    }()

    static let long = Article(
        source: ArticleSource(name: "The Long Read"),
        author: "Ed Itor",
        title: "A very long description",
        summary: longDescription,
        url: URL(string: "https://example.org/long")!,
        publishedAt: Fixtures.minutesAgo(60 * 24 * 6))

    /// Every field tries to drive the terminal.
    static let hostile = Article(
        source: ArticleSource(name: "Evil\u{1B}[31m Wire\u{1B}[0m\u{07}\u{00}"),
        author: "Mallory \u{1B}]8;;https://evil.example/\u{1B}\\click me\u{1B}]8;;\u{1B}\\ \u{202E}fdp.exe",
        title:
            "\u{1B}[31mRED\u{1B}[0m Markets \u{1B}[2J\u{1B}[Hcrash\u{07}\u{00} today\rFAKE: all clear\u{7F}",
        summary: "Copy this\u{1B}]52;c;aGVsbG8=\u{07} now \u{9B}31mred\u{9B}0m and \u{1B}P1$r0m\u{1B}\\ done "
            + "\u{202E}txt.exe\u{202C} \u{2066}isolated\u{2069} \u{202A}\u{202B}\u{202D}end",
        // URL(string:) percent-encodes what a URL cannot hold, so these arrive inert.
        url: URL(string: "https://evil.example/\u{1B}[31mstory\u{07}?id=1\u{202E}\u{9B}31m\r")!,
        imageURL: URL(string: "https://evil.example/i.png#\u{1B}[H\u{00}")!,
        publishedAt: Fixtures.minutesAgo(60 * 5),
        content: "First line\r\u{1B}[2KOverwritten?\u{1B}[1A\u{1B}[2J\u{1B}[H\u{9B}2J\u{1B}P0;1|17/ab\u{9C}"
            + " Tail\u{08}\u{08}\u{08}\u{08}Nope\u{0B}end\u{0C}.",
        omittedCharacterCount: 99)

    /// Addresses a browser must never be handed.
    static func withURL(_ address: String) -> Article {
        Article(
            source: ArticleSource(name: "Somewhere"), title: "Not a web page", url: URL(string: address)!,
            publishedAt: Fixtures.minutesAgo(5))
    }

    /// A headline list of one of each, the plain story first (it is featured).
    static let all: [Article] = [
        plain, japanese, chinese, korean, arabic, emoji, accents, sparse, truncated, hostile,
    ]
}
