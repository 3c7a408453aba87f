#!/usr/bin/env python3
"""Reader mode beside readability-lxml and trafilatura on the same real pages, by the same scores.

Run by `Scripts/real-pages --compare` (which makes the virtual environment with the pinned
extractors). For every page NAME.html of each source folder that has its expected text
(NAME.txt, scored by word F1) or its expected phrases (NAME.phrases, scored by the share of the
article's phrases found and of the furniture's left out), it extracts the text three ways:

- NewsApp: `newsapp extract --json --url URL NAME.html`, its "text" (the title is not the body);
- readability-lxml: `Document(html).summary()`, the article's HTML, as text;
- trafilatura: `trafilatura.extract(html, url=URL)`, with its defaults.

The scores are the benchmark's (`ExtractionScore`, `PhraseScore` in Sources/Feeds/Reader): words
are runs of letters, digits and marks, lowercased; each Han, hiragana and katakana character is
a word; link numbers `[12]` and picture placeholders `[image: …]` are not words. It prints one
table of means per source and each page's scores to standard error, and writes what each
extractor kept beside the page (NAME.newsapp, NAME.readability, NAME.trafilatura).

    real_pages_compare.py --newsapp PATH PAGES_FOLDER
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import time
import unicodedata
from collections import Counter

import lxml.html
import trafilatura
from readability import Document

WORD_CATEGORIES = {"Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Nl", "No", "Mn", "Mc"}
BLOCKS = {
    "p", "div", "section", "article", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "br",
    "blockquote", "pre", "table", "tr", "td", "th", "figure", "figcaption", "dd", "dt", "dl", "header",
    "footer", "main", "aside", "hr",
}


def single_word(character):
    value = ord(character)
    return 0x3040 <= value <= 0x30FF or 0x3400 <= value <= 0x4DBF or 0x4E00 <= value <= 0x9FFF


def word_sequence(text):
    """ExtractionScore.wordSequence: the words of `text`, lowercased, in order."""
    words = []
    word = []
    characters = text.lower()
    in_reference = False
    for index, character in enumerate(characters):
        if character == "[":
            end = index + 1
            while end < len(characters) and characters[end].isdigit() and characters[end].isascii():
                end += 1
            in_reference = (
                end > index + 1 and end < len(characters) and characters[end] == "]"
            ) or characters.startswith("image: ", index + 1)
        if in_reference:
            if character == "]":
                in_reference = False
            continue
        if single_word(character):
            if word:
                words.append("".join(word))
                word = []
            words.append(character)
        elif unicodedata.category(character) in WORD_CATEGORIES:
            word.append(character)
        elif word:
            words.append("".join(word))
            word = []
    if word:
        words.append("".join(word))
    return words


def f1(extracted, expected):
    found = Counter(word_sequence(extracted))
    wanted = Counter(word_sequence(expected))
    common = sum(min(count, wanted[word]) for word, count in found.items())
    found_count = sum(found.values())
    wanted_count = sum(wanted.values())
    precision = common / found_count if found_count else (1.0 if wanted_count == 0 else 0.0)
    recall = common / wanted_count if wanted_count else 1.0
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def phrases(extracted, present, absent):
    """PhraseScore: (article phrases found, furniture left out), each a share."""
    text = word_sequence(extracted)
    positions = {}
    for index, word in enumerate(text):
        positions.setdefault(word, []).append(index)

    def contains(phrase):
        words = word_sequence(phrase)
        if not words:
            return True
        return any(text[start:start + len(words)] == words for start in positions.get(words[0], []))

    found = sum(1 for phrase in present if contains(phrase))
    kept = sum(1 for phrase in absent if contains(phrase))
    recall = found / len(present) if present else 1.0
    rejection = (len(absent) - kept) / len(absent) if absent else 1.0
    return recall, rejection


def html_text(fragment):
    """The text of an HTML fragment, a line break around each block (readability-lxml gives HTML)."""
    if not fragment or not fragment.strip():
        return ""
    root = lxml.html.fromstring(fragment)
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag.lower() in BLOCKS:
            element.tail = "\n" + (element.tail or "")
            element.text = "\n" + (element.text or "")
    return root.text_content()


def newsapp_text(newsapp, page, url):
    result = subprocess.run(
        [newsapp, "extract", "--json", "--url", url, str(page)], capture_output=True, timeout=120)
    if result.returncode != 0:
        return ""
    return json.loads(result.stdout).get("text") or ""


def readability_text(html):
    try:
        return html_text(Document(html).summary(html_partial=True))
    except Exception:  # noqa: BLE001 - an extractor that fails gives no text
        return ""


def trafilatura_text(html, url):
    try:
        return trafilatura.extract(html, url=url) or ""
    except Exception:  # noqa: BLE001
        return ""


EXTRACTORS = ["NewsApp", "readability-lxml", "trafilatura"]


def main():
    options = argparse.ArgumentParser()
    options.add_argument("--newsapp", required=True)
    options.add_argument("pages", type=pathlib.Path)
    arguments = options.parse_args()

    sources = sorted(path for path in arguments.pages.iterdir() if path.is_dir())
    rows = []
    for source in sources:
        scores = {name: [] for name in EXTRACTORS}
        seconds = {name: 0.0 for name in EXTRACTORS}
        empty = Counter()
        pages = sorted(source.glob("*.html"))
        counted = 0
        for page in pages:
            name = page.name[: -len(".html")]
            text_file = source / (name + ".txt")
            phrase_file = source / (name + ".phrases")
            if text_file.exists():
                expected = text_file.read_text(encoding="utf-8")
                spec = None
                url = "https://example.org/article"
            elif phrase_file.exists():
                spec = json.loads(phrase_file.read_text(encoding="utf-8"))
                expected = None
                url = spec.get("url") or "https://example.org/article"
            else:
                continue
            counted += 1
            html_bytes = page.read_bytes()
            texts = {}
            for extractor in EXTRACTORS:
                started = time.perf_counter()
                if extractor == "NewsApp":
                    texts[extractor] = newsapp_text(arguments.newsapp, page, url)
                elif extractor == "readability-lxml":
                    texts[extractor] = readability_text(html_bytes)
                else:
                    texts[extractor] = trafilatura_text(html_bytes, url)
                seconds[extractor] += time.perf_counter() - started
                if not texts[extractor].strip():
                    empty[extractor] += 1
            (source / (name + ".newsapp")).write_text(texts["NewsApp"], encoding="utf-8")
            (source / (name + ".readability")).write_text(texts["readability-lxml"], encoding="utf-8")
            (source / (name + ".trafilatura")).write_text(texts["trafilatura"], encoding="utf-8")
            cells = []
            for extractor in EXTRACTORS:
                if expected is not None:
                    score = f1(texts[extractor], expected)
                    cells.append(f"{extractor} {score:.3f}")
                else:
                    score = phrases(texts[extractor], spec["present"], spec["absent"])
                    cells.append(f"{extractor} {score[0]:.2f}/{score[1]:.2f}")
                scores[extractor].append(score)
            print(f"{source.name}/{name}: " + ", ".join(cells), file=sys.stderr)
        if counted:
            rows.append((source.name, counted, scores, empty))

    print("| Source | Pages | Score | " + " | ".join(EXTRACTORS) + " |")
    print("|---|--:|---|" + "--:|" * len(EXTRACTORS))
    for source, counted, scores, empty in rows:
        first = scores[EXTRACTORS[0]][0]
        if isinstance(first, float):
            means = [sum(scores[e]) / len(scores[e]) for e in EXTRACTORS]
            print(f"| {source} | {counted} | mean word F1 | " + " | ".join(f"{m:.3f}" for m in means) + " |")
        else:
            recalls = [sum(s[0] for s in scores[e]) / len(scores[e]) for e in EXTRACTORS]
            rejections = [sum(s[1] for s in scores[e]) / len(scores[e]) for e in EXTRACTORS]
            print(f"| {source} | {counted} | article phrases found | "
                  + " | ".join(f"{m:.3f}" for m in recalls) + " |")
            print(f"| {source} | {counted} | furniture left out | "
                  + " | ".join(f"{m:.3f}" for m in rejections) + " |")
        print(f"| {source} | {counted} | pages without text | "
              + " | ".join(str(empty[e]) for e in EXTRACTORS) + " |")


if __name__ == "__main__":
    main()
