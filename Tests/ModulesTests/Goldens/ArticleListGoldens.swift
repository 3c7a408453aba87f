// Golden renderings of ArticleListRenderer.render and ArticleListRenderer.appendix at 60, 100 and 160 columns: each
// line's plain text, trailing spaces shown as ␣. To update them after a deliberate change, run
// the tests with GOLDEN_DUMP_DIR=/some/dir, review the files written there, and paste them in.

enum ArticleListGoldens: GoldenSet {
    static let group = "ArticleList"
    static let goldens: [String: String] = [
        "appendix 60": #"""
         9  Port Avalen exporters trial bitcoin settlement for
            overseas invoices
            Kestrel Wire Service · 18 minutes ago
        10  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago
        11  Story 11
            Test Wire · 11 minutes ago
        12  Story 12
            Test Wire · 12 minutes ago

        1–12 open · n more · ? help
        """#,
        "appendix 100": #"""
         9  Port Avalen exporters trial bitcoin settlement for overseas invoices
            Kestrel Wire Service · 18 minutes ago
        10  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago
        11  Story 11
            Test Wire · 11 minutes ago
        12  Story 12
            Test Wire · 12 minutes ago

        1–12 open · n more · ? help
        """#,
        "appendix 160": #"""
         9  Port Avalen exporters trial bitcoin settlement for overseas invoices
            Kestrel Wire Service · 18 minutes ago
        10  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago
        11  Story 11
            Test Wire · 11 minutes ago
        12  Story 12
            Test Wire · 12 minutes ago

        1–12 open · n more · ? help
        """#,
        "headlines 60": #"""
        Top stories · All categories
        10 of 42 articles

         1  Volunteers plant 12,000 trees along the River Alder in a
            single weekend 🌳
            More than 1,500 people joined the planting, organised by
            a local rivers trust to shade the water for fish and
            reduce erosion.
            Northfield Courier · 17 minutes ago

         2  東京の研究チームが新しい量子コンピューターの試作機を公
            開、処理速度は従来の百倍に
            日本経済ニュース · 3 hours ago
         3  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提
            升百分之四十
            新华科技 · yesterday
         4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
            서울 일보 · 3 days ago
         5  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة
            ألف كتاب
            الجريدة اليومية · 2 Nov 2026
         6  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium
            ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
            Stadium Daily 🏟️ · 45 minutes ago
         7  Café owners in München and São Paulo toast a résumé of
            Z̷̢a̵l̶g̸o̴ coffee
            Revue Métropole · 2 hours ago
         8  Council meeting moved to Thursday
         9  Port Avalen exporters trial bitcoin settlement for
            overseas invoices
            Kestrel Wire Service · 18 minutes ago
        10  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago

        1–10 open · n more · ? help
        """#,
        "headlines 100": #"""
        Top stories · All categories
        10 of 42 articles

         1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
            More than 1,500 people joined the planting, organised by a local rivers trust to shade the water
            for fish and reduce erosion.
            Northfield Courier · 17 minutes ago

         2  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に
            日本経済ニュース · 3 hours ago
         3  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十
            新华科技 · yesterday
         4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
            서울 일보 · 3 days ago
         5  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب
            الجريدة اليومية · 2 Nov 2026
         6  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
            Stadium Daily 🏟️ · 45 minutes ago
         7  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee
            Revue Métropole · 2 hours ago
         8  Council meeting moved to Thursday
         9  Port Avalen exporters trial bitcoin settlement for overseas invoices
            Kestrel Wire Service · 18 minutes ago
        10  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago

        1–10 open · n more · ? help
        """#,
        "headlines 160": #"""
        Top stories · All categories
        10 of 42 articles

         1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
            More than 1,500 people joined the planting, organised by a local rivers trust to shade the water for fish and reduce erosion.
            Northfield Courier · 17 minutes ago

         2  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に
            日本経済ニュース · 3 hours ago
         3  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十
            新华科技 · yesterday
         4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
            서울 일보 · 3 days ago
         5  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب
            الجريدة اليومية · 2 Nov 2026
         6  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
            Stadium Daily 🏟️ · 45 minutes ago
         7  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee
            Revue Métropole · 2 hours ago
         8  Council meeting moved to Thursday
         9  Port Avalen exporters trial bitcoin settlement for overseas invoices
            Kestrel Wire Service · 18 minutes ago
        10  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago

        1–10 open · n more · ? help
        """#,
        "headlines compact 60": #"""
        Top stories · All categories
        10 of 42 articles

         1  Volunteers plant 12,000 trees along the River Alde…  17m
         2  東京の研究チームが新しい量子コンピューターの試作機…   3h
         3  上海科学家发布新型电池技术，充电时间缩短至五分钟，…   1d
         4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료     3d
         5  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر…   2 Nov
         6  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the sta…  45m
         7  Café owners in München and São Paulo toast a résumé…  2h
         8  Council meeting moved to Thursday␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣
         9  Port Avalen exporters trial bitcoin settlement for…  18m
        10  RED Markets crash today FAKE: all clear               5h

        1–10 open · n more · ? help
        """#,
        "headlines compact 100": #"""
        Top stories · All categories
        10 of 42 articles

         1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳                   17m
         2  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に              3h
         3  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十                          1d
         4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료                                             3d
         5  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب                            2 Nov
         6  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈                    45m
         7  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee                           2h
         8  Council meeting moved to Thursday␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣
         9  Port Avalen exporters trial bitcoin settlement for overseas invoices                         18m
        10  RED Markets crash today FAKE: all clear                                                       5h

        1–10 open · n more · ? help
        """#,
        "headlines compact 160": #"""
        Top stories · All categories
        10 of 42 articles

         1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳                                                                               17m
         2  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に                                                                          3h
         3  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十                                                                                      1d
         4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료                                                                                                         3d
         5  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب                                                                                        2 Nov
         6  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈                                                                                45m
         7  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee                                                                                       2h
         8  Council meeting moved to Thursday␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣␣
         9  Port Avalen exporters trial bitcoin settlement for overseas invoices                                                                                     18m
        10  RED Markets crash today FAKE: all clear                                                                                                                   5h

        1–10 open · n more · ? help
        """#,
        "more failed 60": #"""
        Search “climate” · sorted by newest
        3 of 9 articles

        1  Volunteers plant 12,000 trees along the River Alder in a
           single weekend 🌳
           Northfield Courier · 17 minutes ago
        2  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥
           for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago
        3  Café owners in München and São Paulo toast a résumé of
           Z̷̢a̵l̶g̸o̴ coffee
           Revue Métropole · 2 hours ago

        newsapi.org did not answer in time. Check your connection,
        then retry.
        1–3 open · n more · sort order · ? help
        """#,
        "more failed 100": #"""
        Search “climate” · sorted by newest
        3 of 9 articles

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           Northfield Courier · 17 minutes ago
        2  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago
        3  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee
           Revue Métropole · 2 hours ago

        newsapi.org did not answer in time. Check your connection, then retry.
        1–3 open · n more · sort order · ? help
        """#,
        "more failed 160": #"""
        Search “climate” · sorted by newest
        3 of 9 articles

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           Northfield Courier · 17 minutes ago
        2  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago
        3  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee
           Revue Métropole · 2 hours ago

        newsapi.org did not answer in time. Check your connection, then retry.
        1–3 open · n more · sort order · ? help
        """#,
        "origins 60": #"""
        Top stories · All categories
        3 of 30 articles
        Saved 2 hours ago · refreshing…

        1  Volunteers plant 12,000 trees along the River Alder in a
           single weekend 🌳
           More than 1,500 people joined the planting, organised by
           a local rivers trust to shade the water for fish and
           reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for
           overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥
           for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Top stories · All categories
        3 of 30 articles
        Saved on 23 Oct 2026 · r refreshes

        1  Volunteers plant 12,000 trees along the River Alder in a
           single weekend 🌳
           More than 1,500 people joined the planting, organised by
           a local rivers trust to shade the water for fish and
           reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for
           overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥
           for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Top stories · All categories
        3 of 30 articles
        Offline — showing articles saved 2 hours ago · r retries
        There is no network connection. Connect, then retry.

        1  Volunteers plant 12,000 trees along the River Alder in a
           single weekend 🌳
           More than 1,500 people joined the planting, organised by
           a local rivers trust to shade the water for fish and
           reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for
           overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥
           for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Top stories · All categories
        3 of 30 articles
        Offline mode — articles saved yesterday

        1  Volunteers plant 12,000 trees along the River Alder in a
           single weekend 🌳
           More than 1,500 people joined the planting, organised by
           a local rivers trust to shade the water for fish and
           reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for
           overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥
           for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Top stories · All categories
        3 of 30 articles
        Updated: 3 new articles.

        1  Volunteers plant 12,000 trees along the River Alder in a
           single weekend 🌳
           More than 1,500 people joined the planting, organised by
           a local rivers trust to shade the water for fish and
           reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for
           overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥
           for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Search “river” · sorted by popularity
        3 of 30 articles
        Offline — showing articles saved 5 minutes ago · r retries
        newsapi.org answered with HTTP 503 and no explanation. Try
        again shortly.
        Sorting by popularity needs the network; showing the best
        matches (relevancy) instead.

        1  Volunteers plant 12,000 trees along the River Alder in a
           single weekend 🌳
           Northfield Courier · 17 minutes ago
        2  Port Avalen exporters trial bitcoin settlement for
           overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥
           for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · sort order · ? help
        ────
        Search “zebra” · sorted by newest
        Offline mode

        No articles kept offline match “zebra”.
        Offline, NewsApp searches the articles it loaded while
        online.
        ────
        Top stories · Science
        Offline mode

        No science headlines are kept offline yet: NewsApp keeps the
        lists it loads while online.
        ────
        """#,
        "origins 100": #"""
        Top stories · All categories
        3 of 30 articles
        Saved 2 hours ago · refreshing…

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust to shade the water
           for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Top stories · All categories
        3 of 30 articles
        Saved on 23 Oct 2026 · r refreshes

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust to shade the water
           for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Top stories · All categories
        3 of 30 articles
        Offline — showing articles saved 2 hours ago · r retries
        There is no network connection. Connect, then retry.

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust to shade the water
           for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Top stories · All categories
        3 of 30 articles
        Offline mode — articles saved yesterday

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust to shade the water
           for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Top stories · All categories
        3 of 30 articles
        Updated: 3 new articles.

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust to shade the water
           for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Search “river” · sorted by popularity
        3 of 30 articles
        Offline — showing articles saved 5 minutes ago · r retries
        newsapi.org answered with HTTP 503 and no explanation. Try again shortly.
        Sorting by popularity needs the network; showing the best matches (relevancy) instead.

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           Northfield Courier · 17 minutes ago
        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · sort order · ? help
        ────
        Search “zebra” · sorted by newest
        Offline mode

        No articles kept offline match “zebra”.
        Offline, NewsApp searches the articles it loaded while online.
        ────
        Top stories · Science
        Offline mode

        No science headlines are kept offline yet: NewsApp keeps the lists it loads while online.
        ────
        """#,
        "origins 160": #"""
        Top stories · All categories
        3 of 30 articles
        Saved 2 hours ago · refreshing…

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust to shade the water for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Top stories · All categories
        3 of 30 articles
        Saved on 23 Oct 2026 · r refreshes

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust to shade the water for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Top stories · All categories
        3 of 30 articles
        Offline — showing articles saved 2 hours ago · r retries
        There is no network connection. Connect, then retry.

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust to shade the water for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Top stories · All categories
        3 of 30 articles
        Offline mode — articles saved yesterday

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust to shade the water for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Top stories · All categories
        3 of 30 articles
        Updated: 3 new articles.

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust to shade the water for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · ? help
        ────
        Search “river” · sorted by popularity
        3 of 30 articles
        Offline — showing articles saved 5 minutes ago · r retries
        newsapi.org answered with HTTP 503 and no explanation. Try again shortly.
        Sorting by popularity needs the network; showing the best matches (relevancy) instead.

        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           Northfield Courier · 17 minutes ago
        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        3  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
           Stadium Daily 🏟️ · 45 minutes ago

        1–3 open · n more · sort order · ? help
        ────
        Search “zebra” · sorted by newest
        Offline mode

        No articles kept offline match “zebra”.
        Offline, NewsApp searches the articles it loaded while online.
        ────
        Top stories · Science
        Offline mode

        No science headlines are kept offline yet: NewsApp keeps the lists it loads while online.
        ────
        """#,
        "phases 60": #"""
        Top stories · Technology

        Loading technology headlines…
        ────
        Top stories · All categories

        Loading top headlines was cancelled.
        r load
        ────
        Search “mars” · sorted by newest

        Could not load results for “mars”. NewsAPI refused the
        request (parameterInvalid): You sent a bad parameter: q. · r
        retries
        ────
        Search “zebra crossing” · sorted by newest

        No articles match “zebra crossing”.
        Try fewer or more general words, or check the spelling.
        ────
        Top stories · Health

        There are no health headlines right now.
        c other categories · r refresh
        ────
        """#,
        "phases 100": #"""
        Top stories · Technology

        Loading technology headlines…
        ────
        Top stories · All categories

        Loading top headlines was cancelled.
        r load
        ────
        Search “mars” · sorted by newest

        Could not load results for “mars”. NewsAPI refused the request (parameterInvalid): You sent a bad
        parameter: q. · r retries
        ────
        Search “zebra crossing” · sorted by newest

        No articles match “zebra crossing”.
        Try fewer or more general words, or check the spelling.
        ────
        Top stories · Health

        There are no health headlines right now.
        c other categories · r refresh
        ────
        """#,
        "phases 160": #"""
        Top stories · Technology

        Loading technology headlines…
        ────
        Top stories · All categories

        Loading top headlines was cancelled.
        r load
        ────
        Search “mars” · sorted by newest

        Could not load results for “mars”. NewsAPI refused the request (parameterInvalid): You sent a bad parameter: q. · r retries
        ────
        Search “zebra crossing” · sorted by newest

        No articles match “zebra crossing”.
        Try fewer or more general words, or check the spelling.
        ────
        Top stories · Health

        There are no health headlines right now.
        c other categories · r refresh
        ────
        """#,
        "read marks 60": #"""
        Top stories · All categories
        10 of 42 articles

         1  Volunteers plant 12,000 trees along the River Alder in a
            single weekend 🌳
            More than 1,500 people joined the planting, organised by
            a local rivers trust to shade the water for fish and
            reduce erosion.
            Northfield Courier · 17 minutes ago · read

         2  東京の研究チームが新しい量子コンピューターの試作機を公
            開、処理速度は従来の百倍に
            日本経済ニュース · 3 hours ago
         3  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提
            升百分之四十
            新华科技 · yesterday · read
         4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
            서울 일보 · 3 days ago
         5  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة
            ألف كتاب
            الجريدة اليومية · 2 Nov 2026
         6  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium
            ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
            Stadium Daily 🏟️ · 45 minutes ago
         7  Café owners in München and São Paulo toast a résumé of
            Z̷̢a̵l̶g̸o̴ coffee
            Revue Métropole · 2 hours ago
         8  Council meeting moved to Thursday
            read
         9  Port Avalen exporters trial bitcoin settlement for
            overseas invoices
            Kestrel Wire Service · 18 minutes ago
        10  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago

        1–10 open · n more · ? help
        """#,
        "read marks 100": #"""
        Top stories · All categories
        10 of 42 articles

         1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
            More than 1,500 people joined the planting, organised by a local rivers trust to shade the water
            for fish and reduce erosion.
            Northfield Courier · 17 minutes ago · read

         2  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に
            日本経済ニュース · 3 hours ago
         3  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十
            新华科技 · yesterday · read
         4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
            서울 일보 · 3 days ago
         5  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب
            الجريدة اليومية · 2 Nov 2026
         6  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
            Stadium Daily 🏟️ · 45 minutes ago
         7  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee
            Revue Métropole · 2 hours ago
         8  Council meeting moved to Thursday
            read
         9  Port Avalen exporters trial bitcoin settlement for overseas invoices
            Kestrel Wire Service · 18 minutes ago
        10  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago

        1–10 open · n more · ? help
        """#,
        "read marks 160": #"""
        Top stories · All categories
        10 of 42 articles

         1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
            More than 1,500 people joined the planting, organised by a local rivers trust to shade the water for fish and reduce erosion.
            Northfield Courier · 17 minutes ago · read

         2  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に
            日本経済ニュース · 3 hours ago
         3  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十
            新华科技 · yesterday · read
         4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
            서울 일보 · 3 days ago
         5  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب
            الجريدة اليومية · 2 Nov 2026
         6  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
            Stadium Daily 🏟️ · 45 minutes ago
         7  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee
            Revue Métropole · 2 hours ago
         8  Council meeting moved to Thursday
            read
         9  Port Avalen exporters trial bitcoin settlement for overseas invoices
            Kestrel Wire Service · 18 minutes ago
        10  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago

        1–10 open · n more · ? help
        """#,
        "read marks compact 60": #"""
        Top stories · All categories
        10 of 42 articles

         1  Volunteers plant 12,000 trees along the River A…  ✓  17m
         2  東京の研究チームが新しい量子コンピューターの試作機…   3h
         3  上海科学家发布新型电池技术，充电时间缩短至五分钟…  ✓  1d
         4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료     3d
         5  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر…   2 Nov
         6  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the sta…  45m
         7  Café owners in München and São Paulo toast a résumé…  2h
         8  Council meeting moved to Thursday                      ✓
         9  Port Avalen exporters trial bitcoin settlement for…  18m
        10  RED Markets crash today FAKE: all clear               5h

        1–10 open · n more · ? help
        """#,
        "read marks compact 100": #"""
        Top stories · All categories
        10 of 42 articles

         1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳                ✓  17m
         2  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に              3h
         3  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十                       ✓  1d
         4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료                                             3d
         5  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب                            2 Nov
         6  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈                    45m
         7  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee                           2h
         8  Council meeting moved to Thursday                                                              ✓
         9  Port Avalen exporters trial bitcoin settlement for overseas invoices                         18m
        10  RED Markets crash today FAKE: all clear                                                       5h

        1–10 open · n more · ? help
        """#,
        "read marks compact 160": #"""
        Top stories · All categories
        10 of 42 articles

         1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳                                                                            ✓  17m
         2  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に                                                                          3h
         3  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十                                                                                   ✓  1d
         4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료                                                                                                         3d
         5  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب                                                                                        2 Nov
         6  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈                                                                                45m
         7  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee                                                                                       2h
         8  Council meeting moved to Thursday                                                                                                                          ✓
         9  Port Avalen exporters trial bitcoin settlement for overseas invoices                                                                                     18m
        10  RED Markets crash today FAKE: all clear                                                                                                                   5h

        1–10 open · n more · ? help
        """#,
        "saved 60": #"""
        Saved articles
        3 of 3 articles

        1  Port Avalen exporters trial bitcoin settlement for
           overseas invoices
           Kestrel Wire Service · 18 minutes ago
        2  東京の研究チームが新しい量子コンピューターの試作機を公
           開、処理速度は従来の百倍に
           日本経済ニュース · 3 hours ago · read
        3  Council meeting moved to Thursday

        1–3 open · ? help
        ────
        Saved articles

        No saved articles yet. Type save on an article to keep it.
        ────
        Saved articles

        Could not load saved articles. Saving needs the local
        article store, which is not available in this session. · r
        retries
        ────
        """#,
        "saved 100": #"""
        Saved articles
        3 of 3 articles

        1  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        2  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に
           日本経済ニュース · 3 hours ago · read
        3  Council meeting moved to Thursday

        1–3 open · ? help
        ────
        Saved articles

        No saved articles yet. Type save on an article to keep it.
        ────
        Saved articles

        Could not load saved articles. Saving needs the local article store, which is not available in this
        session. · r retries
        ────
        """#,
        "saved 160": #"""
        Saved articles
        3 of 3 articles

        1  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago
        2  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に
           日本経済ニュース · 3 hours ago · read
        3  Council meeting moved to Thursday

        1–3 open · ? help
        ────
        Saved articles

        No saved articles yet. Type save on an article to keep it.
        ────
        Saved articles

        Could not load saved articles. Saving needs the local article store, which is not available in this session. · r retries
        ────
        """#,
        "search 60": #"""
        Search “mars rover 火星” · sorted by relevancy
        10 of 1234 articles

         1  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago
         2  Port Avalen exporters trial bitcoin settlement for
            overseas invoices
            Kestrel Wire Service · 18 minutes ago
         3  Council meeting moved to Thursday
         4  Café owners in München and São Paulo toast a résumé of
            Z̷̢a̵l̶g̸o̴ coffee
            Revue Métropole · 2 hours ago
         5  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium
            ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
            Stadium Daily 🏟️ · 45 minutes ago
         6  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة
            ألف كتاب
            الجريدة اليومية · 2 Nov 2026
         7  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
            서울 일보 · 3 days ago
         8  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提
            升百分之四十
            新华科技 · yesterday
         9  東京の研究チームが新しい量子コンピューターの試作機を公
            開、処理速度は従来の百倍に
            日本経済ニュース · 3 hours ago
        10  Volunteers plant 12,000 trees along the River Alder in a
            single weekend 🌳
            Northfield Courier · 17 minutes ago

        End of results: NewsAPI returns no more than this per query.
        1–10 open · sort order · ? help
        """#,
        "search 100": #"""
        Search “mars rover 火星” · sorted by relevancy
        10 of 1234 articles

         1  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago
         2  Port Avalen exporters trial bitcoin settlement for overseas invoices
            Kestrel Wire Service · 18 minutes ago
         3  Council meeting moved to Thursday
         4  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee
            Revue Métropole · 2 hours ago
         5  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
            Stadium Daily 🏟️ · 45 minutes ago
         6  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب
            الجريدة اليومية · 2 Nov 2026
         7  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
            서울 일보 · 3 days ago
         8  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十
            新华科技 · yesterday
         9  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に
            日本経済ニュース · 3 hours ago
        10  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
            Northfield Courier · 17 minutes ago

        End of results: NewsAPI returns no more than this per query.
        1–10 open · sort order · ? help
        """#,
        "search 160": #"""
        Search “mars rover 火星” · sorted by relevancy
        10 of 1234 articles

         1  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago
         2  Port Avalen exporters trial bitcoin settlement for overseas invoices
            Kestrel Wire Service · 18 minutes ago
         3  Council meeting moved to Thursday
         4  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee
            Revue Métropole · 2 hours ago
         5  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
            Stadium Daily 🏟️ · 45 minutes ago
         6  افتتاح مكتبة عامة جديدة في وسط المدينة تضم أكثر من مئة ألف كتاب
            الجريدة اليومية · 2 Nov 2026
         7  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
            서울 일보 · 3 days ago
         8  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十
            新华科技 · yesterday
         9  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百倍に
            日本経済ニュース · 3 hours ago
        10  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
            Northfield Courier · 17 minutes ago

        End of results: NewsAPI returns no more than this per query.
        1–10 open · sort order · ? help
        """#,
    ]
}
