// Golden renderings of FrontPageRenderer.render (and of the split layout with the front page on
// the left): each line's plain text, trailing spaces shown as ␣. To update them after a deliberate
// change, run the tests with GOLDEN_DUMP_DIR=/some/dir, review the files written there, and paste
// them in.

enum FrontPageGoldens: GoldenSet {
    static let group = "FrontPage"
    static let goldens: [String: String] = [
        "compact 60": #"""
        Front page · 22 Nov 2026

        Business · 12 unread
         1  Port Avalen exporters trial bitcoin settlement for…  18m
         2  Cooperative banks tie cheaper farm loans to clim…  ✓  7h
         3  Brennick Freight says AI route planning cut empty t…  8h
        Entertainment · 12 unread
         4  Pinecrest comedy festival adds 40 shows as ticket d…  1h
         5  Streaming drama ‘Harrow Lane’ renewed for a third s…  8h
         6  🎬 Quiet drama ‘The Lantern Keepers’ opens the Har…  19h
        General · 12 unread
         7  Volunteers plant 12,000 trees along the River Alde…  17m
         8  🌧️ Storm brings heavy rain to the northern coast; f…  4h
         9  Coastal town of Wrexley adopts a climate adaptation…  9h
        Health · 12 unread
        10  Pharmacies extend winter vaccine clinic hours as ap…  2h
        11  Study of 48,000 adults finds this year’s flu vaccin…  7h
        12  Nutrition researchers question the value of ‘superf…  9h
        Science · 12 unread
        13  Орнитологи насчитали рекордное число перелётных пт…  19h
        14  مسح لأعماق البحر يرصد نحو ثلاثين نوعاً يُحتمل أنها ج…  22h
        15  👩‍🔬 Young researcher’s map of Mars dust storms wins…   1d
        Sports · 12 unread
        16  Δεκατριάχρονος σκακιστής απέσπασε ισοπαλία από γκρα…  1h
        17  🇯🇵 Teenage climber Haruka Ishiyama takes bouldering…  8h
        18  Ridgeway Falcons extend their winning streak to ni…  14h
        Technology · 12 unread
        19  Northfield libraries pilot artificial intelligence…   1h
        20  Keyboard maker revives its clicky switches after a…   6h
        21  Radiation-hardened processor from Weller Systems c…  16h

        1–21 open · c NAME a whole section · r refresh · ? help
        """#,
        "failed 80": #"""
        Front page · 22 Nov 2026

        Business · 3 unread
        1  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Twelve small exporters will settle part of their foreign invoices in bitcoin
           for six months.
           Kestrel Wire Service · 18 minutes ago

        2  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           Northfield Courier · 17 minutes ago · read
        3  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee
           Revue Métropole · 2 hours ago

        Health
           Not loaded: NewsAPI is limiting requests from this key (rateLimited). Wait a
           while, then retry. · r retries

        Science · 3 unread
        4  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
           서울 일보 · 3 days ago
        5  上海科学家发布新型电池技术，充电时间缩短至五分钟，续航提升百分之四十
           新华科技 · yesterday
        6  Council meeting moved to Thursday

        1–6 open · c NAME a whole section · r refresh · ? help
        """#,
        "featured 60": #"""
        Front page · 22 Nov 2026

        Business · 12 unread
         1  Port Avalen exporters trial bitcoin settlement for
            overseas invoices
            ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
            ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
            ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
            ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
            📈 Twelve small exporters will settle part of their
            foreign invoices in bitcoin for six months, with the
            local chamber of commerce tracking fees, delays and
            currency risk.
            Kestrel Wire Service · 18 minutes ago

         2  Cooperative banks tie cheaper farm loans to
        """#,
        "feeds 80": #"""
        Front page · 22 Nov 2026

        Science Fiction · 4 unread
         1  “The Lighthouse at Vesta” — a new story by Imani Okafor
            A keeper on an asteroid station receives a message from a ship that left
            four centuries ago. Read the whole story free this week.
            Starward Fiction · 25 minutes ago

         2  Interview: writing aliens who do not want to talk to us
            Nebula Notes · 1 hour ago
         3  Reviews: three debut novels about generation ships
            Starward Fiction · yesterday
         4  The shortlist for the Beacon Awards is out
            Nebula Notes · 2 days ago

        Podcasts · 2 unread
         5  Episode 212: How to land on a comet (and bounce twice)
            Orbit Hour · 3 hours ago
         6  Episode 211: Listener questions about black holes
            Orbit Hour · 8 days ago

        Feeds · 5 unread
         7  Repairing a 1970s radio with parts from a 3D printer
            Ridgeway Makers · 40 minutes ago
         8  Café notes: the workshop opens on Sundays from December
            Ridgeway Makers · 5 hours ago
         9  On keeping a paper diary for twenty years
            Lindqvist’s Notebook · 7 hours ago
        10  Ten tools we lend most often, and why
            Ridgeway Makers · 3 days ago
        11  Notes from a walk along the old railway line
            Lindqvist’s Notebook · 2 Nov 2026

        1–11 open · c NAME a whole section · r refresh · ? help
        """#,
        "feeds split 160": #"""
        Front page · 22 Nov 2026                                       │ Episode 212: How to land on a comet (and bounce twice)
                                                                       │ Orbit Hour
        Science Fiction · 4 unread                                     │ 3 hours ago · Sun 22 Nov 2026 09:00
         1  “The Lighthouse at Vesta” — a new story by Imani Okafor    │
            A keeper on an asteroid station receives a message from a  │ 58 minutes.
            ship that left four centuries ago. Read the whole story    │
            free this week.                                            │ Read at https://orbithour.example.org/1
            Starward Fiction · 25 minutes ago                          │
                                                                       │ o open · s share · save · b back
         2  Interview: writing aliens who do not want to talk to us    │
            Nebula Notes · 1 hour ago                                  │
         3  Reviews: three debut novels about generation ships         │
            Starward Fiction · yesterday                               │
         4  The shortlist for the Beacon Awards is out                 │
            Nebula Notes · 2 days ago                                  │
                                                                       │
        Podcasts · 1 unread                                            │
         5  Episode 212: How to land on a comet (and bounce twice)     │
            Orbit Hour · 3 hours ago · read                            │
         6  Episode 211: Listener questions about black holes          │
            Orbit Hour · 8 days ago                                    │
                                                                       │
        Feeds · 5 unread                                               │
         7  Repairing a 1970s radio with parts from a 3D printer       │
            Ridgeway Makers · 40 minutes ago                           │
         8  Café notes: the workshop opens on Sundays from December    │
            Ridgeway Makers · 5 hours ago                              │
         9  On keeping a paper diary for twenty years                  │
            Lindqvist’s Notebook · 7 hours ago                         │
        10  Ten tools we lend most often, and why                      │
            Ridgeway Makers · 3 days ago                               │
        11  Notes from a walk along the old railway line               │
            Lindqvist’s Notebook · 2 Nov 2026                          │
                                                                       │
        1–11 open · c NAME a whole section · r refresh · ? help        │
        """#,
        "loading 80": #"""
        Front page · 22 Nov 2026

        Business · 3 unread
         1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
            More than 1,500 people joined the planting, organised by a local rivers
            trust to shade the water for fish and reduce erosion.
            Northfield Courier · 17 minutes ago

         2  Fans 🇯🇵🇧🇷🇺🇦 cheer as 👨‍👩‍👧‍👦 families 👍🏽👋🏿 fill the stadium ❤️‍🔥 for match 1️⃣ 🏳️‍🌈
            Stadium Daily 🏟️ · 45 minutes ago
         3  Café owners in München and São Paulo toast a résumé of Z̷̢a̵l̶g̸o̴ coffee
            Revue Métropole · 2 hours ago

        Entertainment · 3 unread
         4  東京の研究チームが新しい量子コンピューターの試作機を公開、処理速度は従来の百
            倍に
            日本経済ニュース · 3 hours ago
         5  Council meeting moved to Thursday
         6  RED Markets crash today FAKE: all clear
            Evil Wire · 5 hours ago

        General
            Loading…

        Health
            There are no health headlines right now.

        Science
            Loading…

        Sports
            Loading…

        Technology
            Loading…

        Feeds
            Loading…

        1–18 open · c NAME a whole section · r refresh · ? help
        """#,
        "origins 80": #"""
        Front page · 22 Nov 2026
        Saved 2 hours ago · refreshing…

        Business · 2 unread
        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust
           to shade the water for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago

        Science · 1 unread
        3  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
           서울 일보 · 3 days ago

        1–3 open · c NAME a whole section · r refresh · ? help
        ────
        Front page · 22 Nov 2026
        Offline — showing headlines saved 2 hours ago · r retries
        There is no network connection. Connect, then retry.

        Business · 2 unread
        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust
           to shade the water for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago

        Science · 1 unread
        3  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
           서울 일보 · 3 days ago

        1–3 open · c NAME a whole section · r refresh · ? help
        ────
        Front page · 22 Nov 2026
        Offline mode — headlines saved 2 hours ago

        Business · 2 unread
        1  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
           More than 1,500 people joined the planting, organised by a local rivers trust
           to shade the water for fish and reduce erosion.
           Northfield Courier · 17 minutes ago

        2  Port Avalen exporters trial bitcoin settlement for overseas invoices
           Kestrel Wire Service · 18 minutes ago

        Science · 1 unread
        3  서울시, 한강 공원에 태양광 가로등 500개 설치 완료
           서울 일보 · 3 days ago

        1–3 open · c NAME a whole section · r refresh · ? help
        ────
        """#,
        "sample 80": #"""
        Front page · 22 Nov 2026

        Business · 12 unread
         1  Port Avalen exporters trial bitcoin settlement for overseas invoices
            📈 Twelve small exporters will settle part of their foreign invoices in
            bitcoin for six months, with the local chamber of commerce tracking fees,
            delays and currency risk.
            Kestrel Wire Service · 18 minutes ago

         2  Cooperative banks tie cheaper farm loans to climate-resilience plans
            Meridian Business Review · 7 hours ago
         3  Brennick Freight says AI route planning cut empty truck miles by 14%
            Meridian Business Review · 8 hours ago

        Entertainment · 12 unread
         4  Pinecrest comedy festival adds 40 shows as ticket demand doubles 🎭
            Pinecrest Gazette · 1 hour ago
         5  Streaming drama ‘Harrow Lane’ renewed for a third season after record
            viewing
            Marquee Weekly · 8 hours ago
         6  🎬 Quiet drama ‘The Lantern Keepers’ opens the Harbour Film Festival
            Marquee Weekly · 19 hours ago

        General · 12 unread
         7  Volunteers plant 12,000 trees along the River Alder in a single weekend 🌳
            Northfield Courier · 17 minutes ago
         8  🌧️ Storm brings heavy rain to the northern coast; ferries suspended until
            Saturday
            The Lakeshore Dispatch · 4 hours ago
         9  Coastal town of Wrexley adopts a climate adaptation plan with a raised sea
            wall
            The Harbour Ledger · 9 hours ago

        Health · 12 unread
        10  Pharmacies extend winter vaccine clinic hours as appointment demand rises
            Wellspring Health News · 2 hours ago
        11  Study of 48,000 adults finds this year’s flu vaccine cut hospital admissions
            Cedar Valley Tribune · 7 hours ago
        12  Nutrition researchers question the value of ‘superfood’ labels on packaging
            Gazette de Clairmont · 9 hours ago

        Science · 12 unread
        13  Орнитологи насчитали рекордное число перелётных птиц на озере Светлом этой
            осенью
            Вестник Заречья · 19 hours ago
        14  مسح لأعماق البحر يرصد نحو ثلاثين نوعاً يُحتمل أنها جديدة على العلم قرب سلسلة
            جبلية بحرية
            الواحة اليوم · 22 hours ago
        15  👩‍🔬 Young researcher’s map of Mars dust storms wins an international prize
            Minato Evening Wire · yesterday

        Sports · 12 unread
        16  Δεκατριάχρονος σκακιστής απέσπασε ισοπαλία από γκραντμάστερ στο διεθνές
            τουρνουά της πόλης
            Αιγαιακή Επιθεώρηση · 1 hour ago
        17  🇯🇵 Teenage climber Haruka Ishiyama takes bouldering gold at the Lowmere Open
            Minato Evening Wire · 8 hours ago
        18  Ridgeway Falcons extend their winning streak to nine games with overtime
            victory
            Ridgeway Post · 14 hours ago

        Technology · 12 unread
        19  Northfield libraries pilot artificial intelligence helpers at the reference
            desk
            Northfield Courier · 1 hour ago
        20  Keyboard maker revives its clicky switches after a petition from 20,000
            typists
            Copperbridge Times · 6 hours ago
        21  Radiation-hardened processor from Weller Systems chosen for Mars relay
            orbiter
            The Orbit Report · 16 hours ago

        1–21 open · c NAME a whole section · r refresh · ? help
        """#,
        "sample split 160": #"""
        Front page · 22 Nov 2026                                       │ Brennick Freight says AI route planning cut empty truck miles by 14%
                                                                       │ Meridian Business Review · by Thomas Whitcombe
        Business · 11 unread                                           │ 8 hours ago · Sun 22 Nov 2026 03:14
         1  Port Avalen exporters trial bitcoin settlement for o…  18m │
         2  Cooperative banks tie cheaper farm loans to climate-r…  7h │ The regional haulier credits a new AI scheduling system for fewer empty return trips, though
         3  Brennick Freight says AI route planning cut empty…   ✓  8h │ drivers’ representatives want more say in how routes are assigned.
        Entertainment · 12 unread                                      │
         4  Pinecrest comedy festival adds 40 shows as ticket dem…  1h │ Brennick Freight, one of the region’s largest independent hauliers, said its new AI
         5  Streaming drama ‘Harrow Lane’ renewed for a third sea…  8h │ route-planning system reduced empty truck miles by 14% in its first six months of use. The
         6  🎬 Quiet drama ‘The Lantern Keepers’ opens the Harbo…  19h │ company said the soft…
        General · 12 unread                                            │
         7  Volunteers plant 12,000 trees along the River Alder…   17m │ Continues at
         8  🌧️ Storm brings heavy rain to the northern coast; fer…  4h │ https://example.org/newsapp-sample/business/brennick-freight-ai-route-planning-empty-miles
         9  Coastal town of Wrexley adopts a climate adaptation p…  9h │ Image
        Health · 12 unread                                             │ https://example.org/newsapp-sample/images/brennick-freight-ai-route-planning-empty-miles.jpg
        10  Pharmacies extend winter vaccine clinic hours as appo…  2h │
        11  Study of 48,000 adults finds this year’s flu vaccine…   7h │ o open · s share · save · b back
        12  Nutrition researchers question the value of ‘superfoo…  9h │
        Science · 12 unread                                            │
        13  Орнитологи насчитали рекордное число перелётных птиц…  19h │
        14  مسح لأعماق البحر يرصد نحو ثلاثين نوعاً يُحتمل أنها جدي…  22h │
        15  👩‍🔬 Young researcher’s map of Mars dust storms wins an…  1d │
        Sports · 12 unread                                             │
        16  Δεκατριάχρονος σκακιστής απέσπασε ισοπαλία από γκραντ…  1h │
        17  🇯🇵 Teenage climber Haruka Ishiyama takes bouldering g…  8h │
        18  Ridgeway Falcons extend their winning streak to nine…  14h │
        Technology · 12 unread                                         │
        19  Northfield libraries pilot artificial intelligence he…  1h │
        20  Keyboard maker revives its clicky switches after a pe…  6h │
        21  Radiation-hardened processor from Weller Systems cho…  16h │
                                                                       │
        1–21 open · c NAME a whole section · r refresh · ? help        │
        """#,
    ]
}
