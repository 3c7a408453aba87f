#!/usr/bin/env python3
"""Scripts/screenshot's filter of aha's HTML: sets the text in the terminal's grid.

A browser draws a CJK character, an emoji or an Arabic letter in a fallback font of its own
width, so a line holding one would no longer line up with the others (the split view's rule
would zigzag). Each character cluster beyond ASCII is put in a box one or two cells wide (two
for East Asian wide characters and emoji, as the terminal counted them), and the page gets a
monospace font whose block elements (the pictures' half blocks) fill their cell from line to line.
"""

import html
import re
import sys
import unicodedata

STYLE = (
    "<style>body{margin:0;background:#000}"
    'pre{margin:12px;font:15px/18px "DejaVu Sans Mono",monospace;unicode-bidi:bidi-override;direction:ltr}'
    "pre span.c1,pre span.c2{display:inline-block;overflow:hidden;text-align:center;vertical-align:top;height:18px}"
    "pre span.c1{width:1ch}pre span.c2{width:2ch}</style>"
)


def joins(previous, char):
    """Whether `char` belongs to the cluster that `previous` ends."""
    code = ord(char)
    return (
        unicodedata.combining(char)
        or unicodedata.category(char) in ("Mn", "Me")
        or code in (0x200D, 0xFE0E, 0xFE0F)
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xE0020 <= code <= 0xE007F
        or previous == "\u200d"
    )


def clusters(text):
    cluster = ""
    for char in text:
        regional = 0x1F1E6 <= ord(char) <= 0x1F1FF
        pairs = cluster and 0x1F1E6 <= ord(cluster[-1]) <= 0x1F1FF and len(cluster) == 1
        if cluster and (joins(cluster[-1], char) or (regional and pairs)):
            cluster += char
        else:
            if cluster:
                yield cluster
            cluster = char
    if cluster:
        yield cluster


def width(cluster):
    first = cluster[0]
    if unicodedata.east_asian_width(first) in ("W", "F") or "\ufe0f" in cluster:
        return 2
    if 0x1F1E6 <= ord(first) <= 0x1F1FF:
        return 2
    return 1


def cells(text):
    out = []
    for cluster in clusters(html.unescape(text)):
        if len(cluster) == 1 and ord(cluster) < 0x80:
            out.append(html.escape(cluster, quote=False))
        else:
            out.append(f'<span class="c{width(cluster)}">{html.escape(cluster, quote=False)}</span>')
    return "".join(out)


page = sys.stdin.read().replace("</head>", STYLE + "</head>", 1)
# Text between tags; the tags themselves stay as they are.
sys.stdout.write(re.sub(r"(?<=>)([^<]+)", lambda m: cells(m.group(1)), page))
