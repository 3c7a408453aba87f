"""NewsApp against feedparser, item by item (run by Scripts/feed-agreement, which sets it up)."""

import argparse
import calendar
import html
import http.server
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import threading
from collections import Counter

import feedparser

FEED_SUFFIXES = {".xml", ".rss", ".atom", ".rdf", ".feed", ".json"}
FIELDS = ["count", "title", "link", "author", "date", "content", "enclosures"]


def feeds_in(corpus):
    """Every file of the corpus that feedparser reads as a feed with at least one entry."""
    found = []
    for path in sorted(corpus.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in FEED_SUFFIXES or path.stat().st_size == 0:
            continue
        data = path.read_bytes()
        if path.suffix.lower() == ".json" and b'"items"' not in data:
            continue
        if oracle(data, path):
            found.append(path)
    return found


def oracle(data, path):
    """feedparser's entries, or none when it fails (its loose parser raises on some documents)."""
    try:
        return feedparser.parse(data, response_headers={"content-type": content_type(path)}).entries
    except Exception:  # noqa: BLE001 - a crash of the oracle is not a disagreement
        return []


def shows_something(entry):
    """What NewsApp keeps of an entry: one with an id, a link, a title, text or an enclosure. An
    entry with none (feedparser's tests of one author element alone) is nothing to show."""
    return any(entry.get(key) for key in ("id", "link", "title", "summary", "content", "enclosures"))


def content_type(path):
    return "application/json" if path.suffix.lower() == ".json" else "application/xml"


def words(text):
    """Text as a reader sees it: tags out, entities decoded, white space collapsed."""
    text = re.sub(r"<[^>]*>", " ", text or "")
    return " ".join(html.unescape(text).split())


def serve(directory):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(directory), **kwargs)

        def guess_type(self, path):
            return content_type(pathlib.Path(path))

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def newsapp_items(newsapp, env, url):
    """The items NewsApp stored for the feed at `url`, or the reason it read none."""
    added = subprocess.run(
        [newsapp, "feeds", "add", url], env=env, capture_output=True, text=True, timeout=60)
    if added.returncode != 0:
        return None, (added.stderr.strip() or added.stdout.strip()).splitlines()[-1:]
    shown = subprocess.run(
        [newsapp, "feeds", "show", url, "--json"], env=env, capture_output=True, text=True, timeout=60)
    if shown.returncode != 0:
        return None, shown.stderr.strip().splitlines()[-1:]
    return json.loads(shown.stdout)["items"], None


def epoch(parsed):
    return calendar.timegm(parsed) if parsed else None


def iso_epoch(text):
    if not text:
        return None
    from datetime import datetime
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())


def pair(ours, theirs):
    """Pairs NewsApp's items with feedparser's entries: by id, else link, else title, else (one
    item each) by position."""
    if len(ours) == 1 and len(theirs) == 1:
        return [(ours[0], theirs[0])]
    pairs = []
    left = list(theirs)
    for item in ours:
        match = None
        for key, value in (("id", item["id"]), ("link", item["link"]), ("title", item["title"])):
            match = next((e for e in left if value and e.get(key) == value), None)
            if match is None and key == "title":
                match = next((e for e in left if value and words(e.get("title")) == value), None)
            if match is not None:
                break
        if match is not None:
            left.remove(match)
        pairs.append((item, match))
    return pairs


def compare(item, entry):
    """Field by field: (field, agrees, NewsApp's value, feedparser's value); None when either has none to compare."""
    results = []
    if entry.get("title"):
        results.append(("title", item["title"] == words(entry.title), item["title"], words(entry.title)))
    their_link = entry.get("link")
    results.append(("link", (item["link"] or None) == (their_link or None), item["link"], their_link))
    detail = entry.get("author_detail") or {}
    their_author = words(detail.get("name") or entry.get("author") or "") or None
    results.append(("author", item["author"] == their_author, item["author"], their_author))
    their_date = epoch(entry.get("published_parsed") or entry.get("updated_parsed"))
    our_date = iso_epoch(item["published"] or item["updated"])
    results.append(("date", our_date == their_date, item["published"] or item["updated"], their_date))
    their_text = any(words(c.get("value")) for c in entry.get("content", [])) or bool(words(entry.get("summary")))
    our_text = bool(item["content"] or item["summary"])
    results.append(("content", our_text == their_text, our_text, their_text))
    their_enclosures = sorted(
        e.get("href") for e in entry.get("enclosures", [])
        if e.get("href") and not (e.get("type") or "").startswith("image/"))
    our_enclosures = sorted(e["url"] for e in item["enclosures"])
    results.append(("enclosures", our_enclosures == their_enclosures, our_enclosures, their_enclosures))
    return results


def main():
    options = argparse.ArgumentParser()
    options.add_argument("--corpus", type=pathlib.Path, required=True)
    options.add_argument("--newsapp", required=True)
    options.add_argument("--work", type=pathlib.Path, required=True)
    options.add_argument("--limit", type=int, default=0)
    arguments = options.parse_args()

    feeds = feeds_in(arguments.corpus)
    if arguments.limit:
        feeds = feeds[: arguments.limit]
    server = serve(arguments.corpus)
    home = tempfile.mkdtemp(prefix="feed-agreement-", dir=arguments.work)
    env = dict(os.environ)
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"):
        env[name] = os.path.join(home, name.lower())
    env.pop("NEWSAPI_KEY", None)

    agree = Counter()
    total = Counter()
    sources = set()
    disagreements = []
    unread_feeds = []
    items = 0
    for path in feeds:
        relative = path.relative_to(arguments.corpus)
        source = relative.parts[0]
        sources.add(source)
        url = f"http://127.0.0.1:{server.server_port}/{relative.as_posix()}"
        data = path.read_bytes()
        theirs = [entry for entry in oracle(data, path) if shows_something(entry)]
        ours, error = newsapp_items(arguments.newsapp, env, url)
        total["count"] += 1
        total[source, "count"] += 1
        if ours is None:
            unread_feeds.append((relative, error))
            disagreements.append(f"{relative}: NewsApp read no feed: {error}")
            continue
        # `feeds show` lists newest first; feedparser keeps document order.
        if len(ours) == len(theirs):
            agree["count"] += 1
            agree[source, "count"] += 1
        else:
            disagreements.append(f"{relative}: count: NewsApp {len(ours)}, feedparser {len(theirs)}")
        for item, entry in pair(ours, theirs):
            items += 1
            if entry is None:
                disagreements.append(f"{relative}: item {item['id']!r}: no feedparser entry matches")
                continue
            for field, agrees, mine, other in compare(item, entry):
                total[field] += 1
                total[source, field] += 1
                if agrees:
                    agree[field] += 1
                    agree[source, field] += 1
                else:
                    disagreements.append(
                        f"{relative}: {item['id']!r}: {field}: NewsApp {mine!r} · feedparser {other!r}")
    server.shutdown()

    report = arguments.work / "disagreements.txt"
    report.write_text("\n".join(disagreements) + "\n")
    print(f"Feeds: {len(feeds)} from {arguments.corpus.name} · items NewsApp stored: {items}")
    print()
    print("| Field | Agree | Compared | Agreement |")
    print("|---|--:|--:|--:|")
    for field in FIELDS:
        if total[field]:
            print(f"| {field} | {agree[field]} | {total[field]} | {100 * agree[field] / total[field]:.1f} % |")
    print()
    print("Per source distribution (agree/compared):")
    print()
    print("| Source | " + " | ".join(FIELDS) + " |")
    print("|---|" + "--:|" * len(FIELDS))
    for source in sorted(sources):
        cells = [
            f"{agree[source, field]}/{total[source, field]}" if total[source, field] else "–" for field in FIELDS]
        print(f"| {source} | " + " | ".join(cells) + " |")
    print()
    print(f"{len(disagreements)} disagreements in {report}")
    for line in disagreements[:40]:
        print("  " + line[:200])
    if unread_feeds:
        print(f"{len(unread_feeds)} feeds NewsApp read none of.", file=sys.stderr)


if __name__ == "__main__":
    main()
