#!/usr/bin/env python3
"""Writes reader mode's corpus: Tests/FeedsTests/Fixtures/reader/NN-name.html and NN-name.txt.

Each page is a news-like page built from an article and the furniture real sites put around and
inside it (navigation, ads, related links, comments, cookie banners, share bars, galleries, hidden
elements, tables, figures, non-Latin text, broken markup, old table layouts, legacy encodings).
The .txt beside it is the text reader mode should give: the title, then the article, laid out as
`newsapp extract` lays it out, without the [n] link numbers and the list of links. Deterministic:
the same script writes the same files. Run from the repository's root:

    python3 Scripts/generate-reader-corpus.py
"""
import html
import os
import random

OUT = os.path.join("Tests", "FeedsTests", "Fixtures", "reader")

# MARK: Words

TOPICS = {
    "flood": (["The river", "The county council", "Emergency crews", "Farmers in the valley", "The mayor",
               "Forecasters", "Volunteers from the parish", "The water board"],
              ["crested above", "warned about", "cleared", "sandbagged", "inspected", "reopened", "mapped"],
              ["the old stone bridge", "the lower town", "twelve kilometres of levees", "the pumping station",
               "the flooded cellars", "the railway embankment", "the school gymnasium"]),
    "budget": (["The finance minister", "Opposition leaders", "Economists at the central bank",
                "Small business owners", "The treasury", "Pension funds", "Regional governors"],
               ["criticised", "defended", "revised", "questioned", "approved", "delayed", "costed"],
               ["the spending plan", "a tax on sugar", "the deficit forecast", "fuel subsidies",
                "the housing programme", "public sector wages", "interest payments on the debt"]),
    "science": (["The research team", "Astronomers in Chile", "The probe", "A graduate student",
                 "Geologists", "The laboratory", "Independent reviewers"],
                ["measured", "detected", "modelled", "sequenced", "photographed", "replicated", "dated"],
                ["a faint signal from the galaxy", "the ice cores", "the bacterial genome",
                 "the crater rim", "seasonal methane plumes", "the fossil jaw", "ancient lake sediments"]),
    "football": (["The home side", "The striker", "Their goalkeeper", "The manager", "Supporters",
                  "The referee", "The young midfielder"],
                 ["dominated", "conceded", "celebrated", "appealed against", "rescued", "rotated",
                  "outran"],
                 ["the second half", "a late penalty", "the league leaders", "the transfer window",
                  "a stoppage-time equaliser", "the away end", "the tactical plan"]),
    "tech": (["The chip maker", "Security researchers", "The open-source project", "Regulators",
              "The startup", "Engineers at the data centre", "App developers"],
             ["patched", "shipped", "benchmarked", "audited", "deprecated", "rewrote", "throttled"],
             ["the compiler backend", "a memory-safety bug", "the cooling system", "their privacy policy",
              "the login service", "battery firmware", "the build pipeline"]),
    "culture": (["The orchestra", "The novelist", "Critics", "The gallery", "The festival director",
                 "A touring company", "The museum's curators"],
                ["premiered", "restored", "adapted", "praised", "catalogued", "staged", "commissioned"],
                ["a forgotten symphony", "the medieval tapestries", "her debut novel", "an opera in three acts",
                 "the photography archive", "a new translation", "the summer programme"]),
}

CLAUSES = ["according to figures released on Monday", "despite months of delays", "officials said",
           "for the first time since 1987", "after a long public consultation", "as costs kept rising",
           "which surprised many observers", "in a statement on Tuesday", "while talks continue",
           "though details remain unclear", "the report found", "with support from local groups"]

NON_LATIN = {
    "ru": ("Река вышла из берегов в нижнем городе",
           ["Уровень воды в реке поднялся до девяти метров, это самый высокий уровень за сорок лет.",
            "Власти округа сообщили, что более двух тысяч человек покинули свои дома.",
            "Школы и больница работают в обычном режиме, но дороги закрыты.",
            "Синоптики ожидают, что дождь ослабнет к четвергу, однако уровень воды ниже по течению будет расти.",
            "Жители помогают друг другу, волонтёры раздают питьевую воду и одеяла.",
            "Мэр города пообещал выделить средства на ремонт моста и дамбы."]),
    "ja": ("新しい図書館が駅前に開館",
           ["市は駅前に新しい図書館を開館し、初日には三千人以上が訪れた。",
            "館内には約二十万冊の本があり、子ども向けの読書室も設けられている。",
            "市長は式典で、図書館は地域の学びの中心になると述べた。",
            "開館時間は午前九時から午後九時までで、月曜日は休館となる。",
            "建設費は約四十億円で、国の補助金も使われた。",
            "利用者からは、静かで明るい空間だという声が多く聞かれた。"]),
    "zh": ("高铁新线路正式通车",
           ["连接两座城市的高速铁路于周一正式通车，全程只需九十分钟。",
            "这条线路全长三百二十公里，共设八个车站。",
            "铁路部门表示，每天将开行四十对列车，票价与现有线路相当。",
            "沿线居民对新线路表示欢迎，认为出行更加方便。",
            "专家指出，新线路将促进沿线地区的经济发展和旅游业。",
            "工程历时五年完成，期间克服了复杂的地质条件。"]),
    "ar": ("افتتاح متحف جديد للفنون في المدينة",
           ["افتتحت المدينة يوم السبت متحفا جديدا للفنون الحديثة في وسط البلد.",
            "يضم المتحف أكثر من ألفي عمل فني من مختلف أنحاء العالم العربي.",
            "وقال مدير المتحف إن الدخول سيكون مجانيا للطلاب طوال العام.",
            "استغرق بناء المتحف ثلاث سنوات وشارك فيه مهندسون من عدة دول.",
            "ويأمل المسؤولون أن يجذب المتحف آلاف الزوار كل شهر.",
            "كما يضم المبنى مكتبة وقاعة للمحاضرات ومقهى على السطح."]),
    "el": ("Νέα γέφυρα ενώνει τα δύο χωριά",
           ["Η νέα γέφυρα πάνω από τον ποταμό άνοιξε την Κυριακή μετά από τρία χρόνια εργασιών.",
            "Οι κάτοικοι των δύο χωριών δεν χρειάζεται πλέον να οδηγούν σαράντα λεπτά για να περάσουν απέναντι.",
            "Ο δήμαρχος είπε ότι το έργο κόστισε δώδεκα εκατομμύρια ευρώ.",
            "Η γέφυρα έχει πεζόδρομο και ποδηλατόδρομο σε όλο το μήκος της.",
            "Οι μηχανικοί χρησιμοποίησαν ειδικό σκυρόδεμα που αντέχει στους σεισμούς.",
            "Τα εγκαίνια παρακολούθησαν εκατοντάδες άνθρωποι από την περιοχή."]),
    "hi": ("शहर में नया पुस्तकालय खुला",
           ["शहर के बीच में सोमवार को एक नया सार्वजनिक पुस्तकालय खोला गया।",
            "पुस्तकालय में पचास हज़ार से अधिक किताबें और बच्चों के लिए एक अलग कक्ष है।",
            "महापौर ने कहा कि यह पुस्तकालय छात्रों और बुज़ुर्गों दोनों के लिए उपयोगी होगा।",
            "पुस्तकालय सुबह नौ बजे से रात आठ बजे तक खुला रहेगा।",
            "पहले दिन दो हज़ार से ज़्यादा लोग पुस्तकालय देखने आए।",
            "निर्माण में तीन साल लगे और राज्य सरकार ने आधा खर्च उठाया।"]),
}


class Page:
    def __init__(self, number, name, seed):
        self.number = number
        self.name = name
        self.rng = random.Random(seed)
        self.topic = self.rng.choice(sorted(TOPICS))
        self.blocks = []  # (html, expected text or "")

    def sentence(self):
        subjects, verbs, objects = TOPICS[self.topic]
        r = self.rng
        text = f"{r.choice(subjects)} {r.choice(verbs)} {r.choice(objects)}"
        if r.random() < 0.6:
            text += f", {r.choice(CLAUSES)}"
        if r.random() < 0.4:
            text += f", and {r.choice(subjects).lower()} {r.choice(verbs)} {r.choice(objects)}"
        return text + "."

    def paragraph(self, sentences=None):
        count = sentences or self.rng.randint(2, 4)
        return " ".join(self.sentence() for _ in range(count))

    def title(self):
        subjects, verbs, objects = TOPICS[self.topic]
        r = self.rng
        return f"{r.choice(subjects)} {r.choice(verbs)} {r.choice(objects)}".replace("The ", "", 1).capitalize()

    # MARK: Blocks of the article

    def p(self, text=None, link=False):
        text = text or self.paragraph()
        if link:
            words = text.split(" ")
            start = self.rng.randint(1, max(1, len(words) - 4))
            linked = " ".join(words[start:start + 3])
            markup = " ".join(words[:start]) + f' <a href="/story/{self.rng.randint(100, 999)}">' \
                + html.escape(linked, quote=False) + "</a> " + " ".join(words[start + 3:])
            self.blocks.append((f"<p>{markup}</p>", text))
        else:
            self.blocks.append((f"<p>{html.escape(text, quote=False)}</p>", text))

    def h2(self):
        text = self.title()
        self.blocks.append((f"<h2>{html.escape(text)}</h2>", text))

    def ul(self, ordered=False):
        items = [self.sentence()[:-1] for _ in range(self.rng.randint(3, 5))]
        tag = "ol" if ordered else "ul"
        markup = f"<{tag}>" + "".join(f"<li>{html.escape(i)}</li>" for i in items) + f"</{tag}>"
        text = "\n".join((f"{n}. " if ordered else "• ") + i for n, i in enumerate(items, 1))
        self.blocks.append((markup, text))

    def quote(self):
        text = self.paragraph(2)
        self.blocks.append((f"<blockquote><p>{html.escape(text)}</p></blockquote>", "> " + text))

    def table(self):
        head = ["Region", "Cases", "Change"]
        rows = [[self.rng.choice(["North", "South", "East", "West", "Central", "Coast"]),
                 str(self.rng.randint(100, 9999)), f"{self.rng.randint(-30, 30)}%"] for _ in range(4)]
        markup = "<table><caption>Figures by region</caption><thead><tr>" + "".join(
            f"<th>{h}</th>" for h in head) + "</tr></thead><tbody>" + "".join(
            "<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows) + "</tbody></table>"
        text = "Figures by region\n\n" + "\n".join(" | ".join(r) for r in [head] + rows)
        self.blocks.append((markup, text))

    def figure(self):
        alt = self.title()
        caption = self.sentence()
        markup = (f'<figure class="wp-block-image"><img src="/media/{self.rng.randint(1000, 9999)}.jpg" '
                  f'alt="{html.escape(alt)}" loading="lazy"><figcaption>{html.escape(caption)}</figcaption></figure>')
        self.blocks.append((markup, f"[image: {alt}]\n\n{caption}"))

    def gallery(self):
        parts, texts = [], []
        for index in range(4):
            alt = self.title()
            caption = self.sentence()
            parts.append(f'<figure class="gallery-item"><img src="/g/{index}.jpg" alt="{html.escape(alt)}">'
                         f'<figcaption>{html.escape(caption)}</figcaption></figure>')
            texts.append(f"[image: {alt}]\n\n{caption}")
        self.blocks.append(('<div class="gallery">' + "".join(parts) + "</div>", "\n\n".join(texts)))

    def pre(self):
        code = "let total = items\n    .filter { $0.isVisible }\n    .reduce(0) { $0 + $1.size }\nprint(total)"
        self.blocks.append((f"<pre><code>{html.escape(code)}</code></pre>", code))

    def junk(self, markup):
        self.blocks.append((markup, ""))

    def article(self, paragraphs=6, extras=()):
        """A typical article: paragraphs with the extras spread between them."""
        extras = list(extras)
        positions = sorted(self.rng.sample(range(1, paragraphs), min(len(extras), paragraphs - 1)))
        for index in range(paragraphs):
            while positions and positions[0] == index:
                positions.pop(0)
                getattr(self, extras.pop(0))()
            self.p(link=self.rng.random() < 0.3)
        for extra in extras:
            getattr(self, extra)()

    def body_html(self):
        return "\n".join(markup for markup, _ in self.blocks)

    def expected(self, title):
        return "\n\n".join([title] + [text for _, text in self.blocks if text]) + "\n"


# MARK: Furniture

NAV = ('<nav class="main-nav"><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li>'
       '<li><a href="/business">Business</a></li><li><a href="/sport">Sport</a></li>'
       '<li><a href="/culture">Culture</a></li><li><a href="/opinion">Opinion</a></li></ul></nav>')
MASTHEAD = ('<header class="masthead"><a class="logo" href="/">The Morning Ledger</a>'
            '<form class="search" action="/search"><input name="q" placeholder="Search"></form>' + NAV + '</header>')
COOKIE = ('<div id="cookie-consent" class="cookie-banner" role="dialog"><p>We use cookies and similar technologies '
          'to personalise content and ads, and to analyse our traffic. By continuing to browse you agree to our '
          'cookie policy, which you can change at any time in your privacy settings.</p>'
          '<button>Accept all</button><button>Manage preferences</button></div>')
SHARE = ('<div class="share-tools"><a href="https://twitter.com/intent/tweet">Share on X</a>'
         '<a href="https://www.facebook.com/sharer">Share on Facebook</a>'
         '<a href="mailto:?subject=story">Email this story</a><a href="#" class="copy">Copy link</a></div>')
AD = '<div class="ad ad-slot ad-mpu"><span>Advertisement</span><iframe src="https://ads.example/x"></iframe></div>'
AD2 = '<aside class="advertisement"><p>Sponsored: Get 50% off premium headphones this week only, free delivery.</p></aside>'
NEWSLETTER = ('<div class="newsletter-signup"><h3>Get the morning briefing</h3><p>The news you need, in your inbox '
              'every weekday.</p><form><input type="email" placeholder="Your email"><button>Sign up</button></form></div>')
BREADCRUMB = '<ol class="breadcrumbs"><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/news/local">Local</a></li></ol>'
FOOTER = ('<footer class="site-footer"><ul><li><a href="/about">About us</a></li><li><a href="/contact">Contact</a></li>'
          '<li><a href="/terms">Terms of use</a></li><li><a href="/privacy">Privacy policy</a></li>'
          '<li><a href="/jobs">Work for us</a></li></ul><p>© 2024 The Morning Ledger Ltd. Registered in England, '
          'company number 01234567. All rights reserved.</p></footer>')
SCRIPTS = ('<script>window.dataLayer=[];document.write("<p>tracking pixel text</p>");</script>'
           '<style>.story p{font-family:Georgia,serif}</style><noscript><p>Please enable JavaScript</p></noscript>')


def related(page, heading="Related stories"):
    items = "".join(f'<li><a href="/story/{page.rng.randint(100, 999)}">{html.escape(page.title())}</a></li>'
                    for _ in range(5))
    return f'<div class="related-content"><h3>{heading}</h3><ul>{items}</ul></div>'


def most_read(page):
    items = "".join(f'<li><a href="/story/{page.rng.randint(100, 999)}"><span class="rank">{n}</span>'
                    f'{html.escape(page.title())}</a></li>' for n in range(1, 11))
    return f'<div class="most-read"><h2>Most read</h2><ol>{items}</ol></div>'


def comments(page, count=4, klass="comments"):
    items = "".join(
        f'<li class="comment"><div class="comment-author">reader{page.rng.randint(1, 999)}</div>'
        f'<p>{html.escape(page.paragraph(page.rng.randint(2, 3)))}</p><a href="#reply">Reply</a></li>'
        for _ in range(count))
    return f'<section id="comments" class="{klass}"><h2>{count} comments</h2><ol class="comment-list">{items}</ol></section>'


def head(title, site="The Morning Ledger", meta=True, jsonld=False, author="Alex Morgan", charset="utf-8",
         extra=""):
    parts = [f'<meta charset="{charset}">', f"<title>{html.escape(title)} | {site}</title>"]
    if meta:
        parts += [f'<meta property="og:title" content="{html.escape(title)}">',
                  f'<meta name="author" content="{author}">',
                  '<meta property="article:published_time" content="2024-03-05T08:30:00Z">',
                  '<meta property="og:image" content="/images/lead.jpg">']
    if jsonld:
        parts.append('<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle",'
                     f'"headline":"{title}","datePublished":"2024-03-05T08:30:00Z",'
                     f'"author":[{{"@type":"Person","name":"{author}"}}],"image":["https://cdn.example/lead.jpg"]}}'
                     '</script>')
    return "<head>" + "".join(parts) + SCRIPTS + extra + "</head>"


def document(head_html, body_html, lang="en", dir_=None):
    direction = f' dir="{dir_}"' if dir_ else ""
    return f'<!DOCTYPE html>\n<html lang="{lang}"{direction}>\n{head_html}\n<body>\n{body_html}\n</body>\n</html>\n'


# MARK: Layouts

def semantic(page, title, before="", after="", inside_top="", inside_bottom=""):
    return (f"{COOKIE if page.rng.random() < 0.5 else ''}{MASTHEAD}{BREADCRUMB}<main><article class=\"story\">"
            f'<header class="story-header"><h1>{html.escape(title)}</h1><p class="byline">By Alex Morgan</p>'
            f'<time datetime="2024-03-05T08:30:00Z">5 March 2024</time></header>{before}{inside_top}'
            f'<div class="story-body">{page.body_html()}</div>{inside_bottom}</article>{after}</main>'
            f'<aside class="sidebar">{most_read(page)}</aside>{FOOTER}')


def div_soup(page, title, after=""):
    return (f'<div id="wrapper"><div id="top">{NAV}</div><div id="container"><div class="col-left">'
            f'<div class="headline-area"><h1 class="headline">{html.escape(title)}</h1>'
            f'<span class="dateline">Updated 5 March 2024</span></div>{SHARE}'
            f'<div class="story-text">{page.body_html()}</div>{after}</div>'
            f'<div class="col-right">{most_read(page)}{AD2}</div></div><div id="bottom">{FOOTER}</div></div>')


def wordpress(page, title, comment_count=5):
    return (f'<div id="page" class="site"><header id="masthead" class="site-header"><p class="site-title">'
            f'<a href="/">A Field Notebook</a></p>{NAV}</header><div id="content" class="site-content">'
            f'<div id="primary" class="content-area"><main id="main" class="site-main"><article class="post type-post">'
            f'<header class="entry-header"><h1 class="entry-title">{html.escape(title)}</h1>'
            f'<div class="entry-meta"><span class="posted-on">March 5, 2024</span> <span class="author vcard">'
            f'Alex Morgan</span></div></header><div class="entry-content">{page.body_html()}'
            f'<div class="sharedaddy sd-sharing-enabled">{SHARE}</div></div>'
            f'<footer class="entry-footer"><span class="cat-links">Posted in <a href="/c/notes">Notes</a></span></footer>'
            f'</article>{comments(page, comment_count)}</main></div>'
            f'<div id="secondary" class="widget-area"><section class="widget">{related(page, "Recent posts")}</section>'
            f'</div></div>{FOOTER}</div>')


def table_layout(page, title):
    paragraphs = "<br><br>\n".join(html.escape(text) for _, text in page.blocks)
    return (f'<table width="100%" border="0"><tr><td width="180" valign="top" class="menu">'
            f'<a href="/">Home</a><br><a href="/news">News</a><br><a href="/archive">Archive</a><br>'
            f'<a href="/links">Links</a><br><a href="/guestbook">Guestbook</a></td>'
            f'<td valign="top"><font face="Verdana" size="2"><b><font size="4">{html.escape(title)}</font></b>'
            f'<br><br>\n{paragraphs}</font></td></tr></table>'
            f'<center><font size="1">Copyright 2003 Valley Gazette. Best viewed in any browser.</font></center>')


def brs(page, title):
    paragraphs = "<br><br>\n".join(html.escape(text) for _, text in page.blocks)
    return (f'{MASTHEAD}<div id="main-content"><h1>{html.escape(title)}</h1><div class="text">{paragraphs}</div></div>'
            f'{related(page)}{FOOTER}')


# MARK: Pages

def write(page, title, markup, encoding="utf-8"):
    base = os.path.join(OUT, f"{page.number:02d}-{page.name}")
    with open(base + ".html", "wb") as f:
        f.write(markup.encode(encoding, "xmlcharrefreplace"))
    with open(base + ".txt", "w", encoding="utf-8") as f:
        f.write(page.expected(title))


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        os.remove(os.path.join(OUT, name))
    number = 0

    def new(name, seed=None):
        nonlocal number
        number += 1
        return Page(number, name, seed if seed is not None else number * 7919)

    # Semantic pages with furniture around and inside the article.
    variants = [
        ("semantic-plain", (), "", ""),
        ("semantic-figure", ("figure",), "", ""),
        ("semantic-list", ("ul",), "", ""),
        ("semantic-quote", ("quote", "h2"), "", ""),
        ("semantic-table", ("table",), "", ""),
        ("semantic-ad-inside", ("figure",), AD, ""),
        ("semantic-related-inside", ("ul",), "", "related"),
        ("semantic-newsletter-inside", ("quote",), NEWSLETTER, ""),
        ("semantic-gallery", ("gallery",), "", ""),
        ("semantic-ordered", ("ul", "h2"), "", ""),
    ]
    for name, extras, inside_ad, inside_related in variants:
        page = new(name)
        title = page.title()
        page.article(page.rng.randint(5, 9), extras)
        if inside_ad:
            page.blocks.insert(3, (inside_ad, ""))
        if inside_related:
            page.blocks.insert(len(page.blocks) - 1, (related(page, "Read more"), ""))
        write(page, title, document(head(title), semantic(page, title, before=SHARE,
                                                           after=comments(page, 3))))

    # Div soup with a share bar, a sidebar and ads between paragraphs.
    for index in range(6):
        page = new(f"div-soup-{index + 1}")
        title = page.title()
        page.article(page.rng.randint(4, 8), [("figure", "ul", "quote", "table", "h2", "pre")[index]])
        for position in (2, 5):
            if position < len(page.blocks):
                page.blocks.insert(position, (AD if index % 2 else AD2, ""))
        write(page, title, document(head(title, meta=index % 2 == 0, jsonld=index % 2 == 1),
                                    div_soup(page, title, after=related(page))))

    # WordPress posts with comment threads, one with more comment text than post text.
    for index, (paragraphs, count) in enumerate([(6, 3), (5, 6), (3, 12), (8, 2)]):
        page = new(f"wordpress-{index + 1}")
        title = page.title()
        page.article(paragraphs, ("figure",) if index % 2 else ("ul",))
        write(page, title, document(head(title, jsonld=True), wordpress(page, title, count)))

    # Old table layouts and <br>-separated text.
    for index in range(3):
        page = new(f"table-layout-{index + 1}")
        title = page.title()
        for _ in range(page.rng.randint(4, 7)):
            page.p()
        write(page, title, document(head(title, meta=False), table_layout(page, title)))
    for index in range(2):
        page = new(f"br-paragraphs-{index + 1}")
        title = page.title()
        for _ in range(page.rng.randint(4, 7)):
            page.p()
        write(page, title, document(head(title, meta=index == 0), brs(page, title)))

    # An article split into several blocks with ads between them.
    page = new("split-blocks")
    title = page.title()
    page.article(8, ("h2",))
    chunks = [page.blocks[i:i + 3] for i in range(0, len(page.blocks), 3)]
    body = AD.join('<div class="text-block">' + "".join(m for m, _ in c) + "</div>" for c in chunks)
    write(page, title, document(head(title), f"{MASTHEAD}<div class=\"page\"><h1>{html.escape(title)}</h1>"
                                             f"{body}</div>{most_read(page)}{FOOTER}"))

    # Hidden elements: display:none, visibility:hidden, hidden, aria-hidden.
    page = new("hidden-elements")
    title = page.title()
    page.article(6, ("figure",))
    page.blocks.insert(2, ('<p style="display: none">' + page.paragraph() + "</p>", ""))
    page.blocks.insert(4, ('<div hidden><p>' + page.paragraph() + "</p></div>", ""))
    page.blocks.insert(5, ('<p aria-hidden="true">' + page.paragraph() + "</p>", ""))
    page.blocks.insert(6, ('<div style="visibility:hidden;height:0">' + page.paragraph() + "</div>", ""))
    write(page, title, document(head(title), semantic(page, title)))

    # Cookie banner larger than a paragraph, and a modal paywall.
    page = new("cookie-modal")
    title = page.title()
    page.article(5)
    modal = ('<div class="modal-overlay"><div class="modal"><h2>Subscribe to keep reading</h2><p>'
             + page.paragraph(4) + "</p><a href=\"/subscribe\">Subscribe now</a></div></div>")
    write(page, title, document(head(title), COOKIE + modal + semantic(page, title)))

    # Broken markup.
    page = new("broken-unclosed")
    title = page.title()
    page.article(6)
    broken = "\n".join("<p>" + html.escape(text) for _, text in page.blocks)  # no </p>
    write(page, title, document(head(title), f"{NAV}<div class=\"article\"><h1>{html.escape(title)}</h1>"
                                             f"<div class=entry>{broken}</div>{FOOTER}"))
    page = new("broken-misnested")
    title = page.title()
    page.article(6)
    marks = []
    for index, (_, text) in enumerate(page.blocks):
        words = text.split(" ")
        marks.append("<p>" + " ".join(words[:3]) + " <b><i>" + " ".join(words[3:6]) + "</b></i> "
                     + " ".join(words[6:]) + ("</span></div></p>" if index == 2 else "</p>"))
    write(page, title, "<html><head><title>" + html.escape(title) + "</title><body>" + NAV
          + '<div id="story"><h1>' + html.escape(title) + "</h1>" + "".join(marks) + "</td></tr>" + FOOTER)

    # Non-Latin text.
    for language, (title, sentences) in sorted(NON_LATIN.items()):
        page = new(f"language-{language}")
        rng = random.Random(language)
        for start in range(0, len(sentences), 2):
            text = " ".join(sentences[start:start + 2])
            page.blocks.append((f"<p>{html.escape(text)}</p>", text))
        rng.shuffle(page.blocks)
        write(page, title, document(head(title, site="Ежедневные новости" if language == "ru" else "News"),
                                    semantic(page, title, after=comments(page, 2)), lang=language,
                                    dir_="rtl" if language == "ar" else None))

    # Legacy encodings, declared in <meta>.
    page = new("windows-1252")
    title = "Café owners in Zürich say “no” to the new façade rules"
    page.p("The café owners’ association said on Friday that the rules — drafted last year — would cost each "
           "business about €4,000, and that smaller cafés could close.")
    page.p("“We are not against beauty,” said Renée Müller, who runs a café near the lake. “We are against "
           "paying for it twice.” The council will vote in April.")
    page.p("Officials said façades in the old town had been neglected for decades, and that grants would cover "
           "half of the cost for owners who apply before the summer.")
    write(page, title, document(head(title, charset="windows-1252"), semantic(page, title)), encoding="cp1252")
    page = new("shift-jis")
    title, sentences = NON_LATIN["ja"]
    for start in range(0, len(sentences), 3):
        text = "".join(sentences[start:start + 3])
        page.blocks.append((f"<p>{html.escape(text)}</p>", text))
    write(page, title, document(head(title, charset="shift_jis", site="ニュース"), semantic(page, title),
                                lang="ja"), encoding="shift_jis")

    # Hostile text: escape sequences and bidi overrides inside the article, scripts around it.
    page = new("hostile-text")
    title = page.title()
    page.article(5)
    clean = page.blocks[1][1]
    page.blocks[1] = ("<p>" + html.escape(clean).replace(" ", " \x1b[31m", 1).replace(" ", " \u202e", 2)
                      + "\x1b]8;;https://evil.example\x07</p>", clean)
    write(page, title, document(head(title), semantic(page, title) + "<script>alert('x')</script>"))

    # A technical post with code and a data table, no furniture class names at all.
    page = new("tech-post")
    title = page.title()
    page.topic = "tech"
    page.article(6, ("pre", "table", "h2"))
    write(page, title, document(head(title, meta=False), f"<div><div><a href=\"/\">blog</a> · <a href=\"/about\">about</a>"
                                                         f"</div><div><h1>{html.escape(title)}</h1>{page.body_html()}"
                                                         f"</div><div><a href=\"/prev\">← Older</a></div></div>"))

    # A live page with many short items and timestamps.
    page = new("short-items")
    title = page.title()
    for _ in range(8):
        page.p(page.paragraph(1))
    write(page, title, document(head(title, jsonld=True), semantic(page, title)))

    # A long article.
    page = new("long-read")
    title = page.title()
    page.article(30, ("h2", "quote", "h2", "figure", "ul", "h2"))
    write(page, title, document(head(title), semantic(page, title, after=related(page))))

    # Lazy images inside <noscript>, a lead picture before the text, and a video embed.
    page = new("media-lead")
    title = page.title()
    page.figure()
    page.article(6)
    page.blocks.insert(3, ('<div class="video-embed"><iframe src="https://video.example/embed/1"></iframe></div>', ""))
    write(page, title, document(head(title), semantic(page, title)))

    # Tags and a byline box after the article, in the article element.
    page = new("tags-and-author")
    title = page.title()
    page.article(6, ("ul",))
    tail = ('<div class="article-tags"><a href="/t/a">Politics</a> <a href="/t/b">Economy</a></div>'
            '<div class="author-bio"><img src="/a.jpg" alt=""><p>Alex Morgan is our economics correspondent.</p></div>')
    write(page, title, document(head(title), semantic(page, title, inside_bottom=tail)))

    # A page whose only content is a short item.
    page = new("brief")
    title = page.title()
    page.p(page.paragraph(3))
    write(page, title, document(head(title), semantic(page, title)))

    print(f"{number} pages in {OUT}")


if __name__ == "__main__":
    main()
