// Golden renderings of the feed screens at 80 columns: FeedListRenderer (the subscriptions),
// ArticleListRenderer with a feed's items, and FeedArticleRenderer. Each line's plain text,
// trailing spaces shown as ␣. To update them after a deliberate change, run the tests with
// GOLDEN_DUMP_DIR=/some/dir, review the files written there, and paste them in.

enum FeedGoldens: GoldenSet {
    static let group = "Feeds"
    static let goldens: [String: String] = [
        "article 80": #"""
        Harbour trams return after a winter of repairs on the quay line
        The Harbour Ledger · by Mara Quinn
        1 hour ago · Sun 22 Nov 2026 10:25

        The harbour trams are back [1]. After four months of work on the overhead lines,
        the first tram left the depot at six this morning, to applause from a small
        crowd of early commuters.

        What changed:
        • New overhead lines along the quay, paid for by the port authority under a
          contract [2] signed last spring
        • Step-free boarding at all eleven stops
          • including the steep one by the fish market, which needed a new platform
        1. Trams every eight minutes until midnight

        > We kept the old cars but rebuilt everything under them. The riders will mostly
        > notice the quiet.
        > — Line engineer

        Questions go to the transit office [3]; a reference past the links [4] stays
        plain.

        Links
        [1] https://harbour.example.org/trams
        [2]
        https://port.example.org/news/overhead-lines-contract-2026-final-signed-version
        [3] mailto:transit@harbour.example.org

        Enclosures
        [4] audio/mpeg · 11.8 MB
        https://harbour.example.org/audio/trams-return-episode-42.mp3
        [5] video/mp4 · 700 MB · https://harbour.example.org/video/first-tram.mp4
        [6] ftp://harbour.example.org/transcript.txt

        Read at https://harbour.example.org/2026/11/trams-return

        o open · o 1–6 link · next unread · s share · save · b back
        """#,
        "article hostile 80": #"""
        RED item
        Evil Feed

        First
        Overwritten [1]

        > quote [1]
        • txt.exe [[[[[[[1]]]]]

        Links
        [1] https://evil.example/%1B%5B31mlink

        Enclosures
        [2] audio/mpegxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… · 1 byte
        https://evil.example/e.mp3

        Read at https://evil.example/item

        o open · o 1–2 link · s share · save · b back
        """#,
        "article summary only 80": #"""
        Ferry timetable
        The Harbour Ledger · Saved

        The winter timetable starts on Monday.

        Read at https://harbour.example.org/ferry

        o open · s share · unsave · b back
        """#,
        "feeds 80": #"""
        Feeds
        6 feeds · 20 unread

        1  Hacker News
           12 unread of 40 · refreshed 5 minutes ago · tech
        2  The Long Now Foundation — Seminars About Long-term Thinking, Civilisation and
           Patience
           0 unread of 120 · refreshed 2 days ago · science, ideas
        3  podcasts.example.org
           no items · refreshed 3 hours ago
           ✗ The server answered 404 (Not Found): the feed may have moved or been taken
             down. Check its address with newsapp feeds show.
        4  Ελληνικά Νέα · Αθήνα
           7 unread of 7 · refreshed yesterday
        5  new.example.org
           no items · not refreshed yet
        6  Evil Feed FAKE
           1 unread of 3 · refreshed on 13 Oct 2026 · x
           ✗ Bad reason

        1–6 open · r refresh · ? help
        """#,
        "feeds phases 80": #"""
        Feeds

        Loading the feeds…
        ────
        Feeds

        Could not load the feeds. The article store could not be opened. · r retries
        ────
        Feeds

        Loading the feeds was cancelled.
        r load
        ────
        Feeds

        No feeds yet. Subscribe to one with newsapp feeds add URL, or import a list with
        newsapp feeds import FILE (an OPML file or a newsboat urls file).
        ────
        Feeds
        1 feed · 12 unread
        Could not load the feeds again: The article store is busy.

        1  Hacker News
           12 unread of 40 · refreshed 5 minutes ago · tech

        1 open · r refresh · ? help
        ────
        """#,
        "items 80": #"""
        Hacker News
        4 of 40 items

        1  Item 1: a story worth reading
           by Ada Byrne · 1 hour ago
        2  Item 2: a story worth reading
           2 hours ago · read
        3  Item 3: a story worth reading
           by Ada Byrne · 3 hours ago · read
        4  Item 4: a story worth reading
           4 hours ago

        1–4 open · n more · next unread · unread only · mark read · ? help
        ────
        Hacker News · unread items
        2 of 2 unread items

        1  Item 1: a story worth reading
           by Ada Byrne · 1 hour ago
        2  Item 2: a story worth reading
           2 hours ago

        End of results.
        1–2 open · next unread · unread shows all · mark read · ? help
        ────
        """#,
        "items empty 80": #"""
        Hacker News

        No items in Hacker News yet: they arrive when the feeds are refreshed.
        r refresh
        ────
        Hacker News · unread items

        No unread items in Hacker News.
        unread shows every item · r refresh
        ────
        """#,
    ]
}
