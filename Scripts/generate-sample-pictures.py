#!/usr/bin/env python3
"""Draws the sample edition's pictures: Sources/SampleEdition/Resources/pictures/*.jpg.

Fourteen small JPEGs, drawn here from shapes and gradients (nothing downloaded, so no licence
question): one for each category (`business.jpg`, …), which every article of that category
without a picture of its own shows, and one for the newest article of each category (named as
its `urlToImage`), the stories the front page leads its sections with. The app draws a picture
at most 12 rows tall in half blocks, 24 pixels, so 256×144 is plenty; each is drawn at twice
that size and scaled down for smooth edges. Deterministic: the same script writes the same
files. Needs Pillow (`pip install pillow`). Run from the repository's root:

    python3 Scripts/generate-sample-pictures.py
"""
import math
import os
import random

from PIL import Image, ImageDraw, ImageFilter

OUT = os.path.join("Sources", "SampleEdition", "Resources", "pictures")
WIDTH, HEIGHT = 256, 144
SCALE = 2
W, H = WIDTH * SCALE, HEIGHT * SCALE


# MARK: Helpers


def gradient(top, bottom, width=W, height=H):
    """A vertical gradient from colour `top` to colour `bottom`."""
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    for y in range(height):
        t = y / max(height - 1, 1)
        draw.line([(0, y), (width, y)], fill=mix(top, bottom, t))
    return image


def mix(a, b, t):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def glow(image, centre, radius, colour, strength=0.6):
    """A soft round light added over `image`."""
    layer = Image.new("RGB", image.size, (0, 0, 0))
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    x, y = centre
    draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=round(255 * strength))
    mask = mask.filter(ImageFilter.GaussianBlur(radius / 2))
    layer.paste(colour, (0, 0, image.size[0], image.size[1]))
    return Image.composite(layer, image, mask)


def hills(draw, base, amplitude, colour, seed, waves=3):
    """A filled band of rolling hills whose top wavers around `base`."""
    rng = random.Random(seed)
    phases = [rng.uniform(0, 2 * math.pi) for _ in range(waves)]
    points = [(0, H)]
    for x in range(0, W + 8, 8):
        y = base
        for index, phase in enumerate(phases):
            y += amplitude / (index + 1) * math.sin(x / W * math.pi * (index + 1.3) + phase)
        points.append((x, y))
    points.append((W, H))
    draw.polygon(points, fill=colour)


def speckle(draw, seed, count, radii, colour):
    """`count` round dots scattered over the picture (stars, snow), each `colour(rng)`."""
    rng = random.Random(seed)
    for _ in range(count):
        x, y, r = rng.uniform(0, W), rng.uniform(0, H), rng.choice(radii)
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour(rng))


def tree(draw, x, ground, height, colour, trunk=(92, 64, 40)):
    draw.rectangle([x - height * 0.06, ground - height * 0.35, x + height * 0.06, ground], fill=trunk)
    draw.ellipse([x - height * 0.32, ground - height, x + height * 0.32, ground - height * 0.3], fill=colour)


def save(image, name):
    small = image.resize((WIDTH, HEIGHT), Image.LANCZOS)
    path = os.path.join(OUT, name)
    small.save(path, "JPEG", quality=78, optimize=True)
    return path


# MARK: One picture per category


def general():
    """Green hills under a morning sun, a river winding through them."""
    image = glow(gradient((120, 180, 235), (235, 225, 200)), (W * 0.75, H * 0.25), 60, (255, 240, 180), 0.9)
    draw = ImageDraw.Draw(image)
    draw.ellipse([W * 0.75 - 26, H * 0.25 - 26, W * 0.75 + 26, H * 0.25 + 26], fill=(255, 236, 150))
    hills(draw, H * 0.55, 30, (120, 170, 100), 1)
    hills(draw, H * 0.68, 24, (80, 145, 80), 2)
    river = [(W * 0.15, H), (W * 0.35, H * 0.78), (W * 0.55, H * 0.7), (W * 0.62, H * 0.66),
             (W * 0.66, H * 0.67), (W * 0.6, H * 0.74), (W * 0.45, H * 0.86), (W * 0.42, H)]
    draw.polygon(river, fill=(110, 170, 215))
    for x in (W * 0.12, W * 0.2, W * 0.82, W * 0.9):
        tree(draw, x, H * 0.84, 70, (50, 115, 60))
    return image


def business():
    """A city skyline at dusk, its windows lit, and a chart rising over it."""
    image = gradient((40, 50, 100), (240, 150, 110))
    draw = ImageDraw.Draw(image)
    rng = random.Random(7)
    x = 0
    while x < W:
        width = rng.randint(34, 70)
        top = rng.randint(int(H * 0.35), int(H * 0.72))
        draw.rectangle([x, top, x + width - 4, H], fill=(35, 38, 60))
        for wy in range(top + 10, H - 8, 16):
            for wx in range(x + 6, x + width - 12, 12):
                if rng.random() < 0.45:
                    draw.rectangle([wx, wy, wx + 5, wy + 7], fill=(255, 210, 120))
        x += width
    points = [(W * 0.08, H * 0.62), (W * 0.3, H * 0.5), (W * 0.48, H * 0.55), (W * 0.7, H * 0.3),
              (W * 0.9, H * 0.18)]
    draw.line(points, fill=(120, 230, 140), width=10, joint="curve")
    tip = points[-1]
    draw.polygon([(tip[0] + 16, tip[1] - 10), (tip[0] - 14, tip[1] - 6), (tip[0] + 4, tip[1] + 18)],
                 fill=(120, 230, 140))
    return image


def entertainment():
    """A stage between red curtains, lit by two spotlights."""
    image = gradient((30, 10, 40), (70, 20, 50))
    draw = ImageDraw.Draw(image)
    for centre in (W * 0.35, W * 0.65):
        cone = Image.new("L", image.size, 0)
        ImageDraw.Draw(cone).polygon([(centre, 0), (centre - 70, H * 0.85), (centre + 70, H * 0.85)], fill=90)
        cone = cone.filter(ImageFilter.GaussianBlur(10))
        image = Image.composite(Image.new("RGB", image.size, (255, 240, 200)), image, cone)
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, H * 0.82, W, H], fill=(110, 70, 40))
    draw.ellipse([W * 0.3, H * 0.78, W * 0.7, H * 0.9], fill=(200, 170, 110))
    for side in (0, 1):
        for fold in range(6):
            left = fold * 20 if side == 0 else W - (fold + 1) * 20
            shade = 150 + (fold % 2) * 40
            draw.rectangle([left, 0, left + 20, H], fill=(shade, 20, 35))
    draw.rectangle([0, 0, W, H * 0.12], fill=(170, 25, 40))
    for x in range(0, W, 24):
        draw.ellipse([x - 4, H * 0.08, x + 28, H * 0.18], fill=(170, 25, 40))
    return image


def health():
    """A heart between two green leaves, on soft teal."""
    image = glow(gradient((190, 235, 230), (120, 200, 200)), (W / 2, H / 2), 120, (240, 255, 250), 0.7)
    draw = ImageDraw.Draw(image)
    cx, cy, size = W / 2, H * 0.52, 70
    draw.ellipse([cx - size, cy - size * 0.8, cx, cy + size * 0.2], fill=(225, 70, 90))
    draw.ellipse([cx, cy - size * 0.8, cx + size, cy + size * 0.2], fill=(225, 70, 90))
    draw.polygon([(cx - size * 0.97, cy - size * 0.15), (cx + size * 0.97, cy - size * 0.15), (cx, cy + size)],
                 fill=(225, 70, 90))
    for side in (-1, 1):
        x = cx + side * 150
        draw.ellipse([x - 40, cy - 18, x + 40, cy + 18], fill=(70, 160, 100))
        draw.line([(x - 40 * side * -1, cy), (x + 40 * side * -1, cy)], fill=(40, 110, 70), width=3)
    return image


def science():
    """A red planet rising over a starry night, with a small moon."""
    image = gradient((8, 10, 35), (30, 25, 70))
    draw = ImageDraw.Draw(image)
    def starlight(rng):
        light = rng.randint(170, 255)
        return (light, light, min(255, light + 20))
    speckle(draw, 11, 140, (1, 1, 1.5, 2), starlight)
    image = glow(image, (W * 0.62, H * 0.62), 120, (200, 90, 60), 0.45)
    draw = ImageDraw.Draw(image)
    cx, cy, radius = W * 0.62, H * 0.62, 95
    for ring in range(radius, 0, -3):
        t = ring / radius
        draw.ellipse([cx - ring - (1 - t) * 20, cy - ring - (1 - t) * 20, cx + ring - (1 - t) * 20,
                      cy + ring - (1 - t) * 20], fill=mix((250, 170, 110), (175, 70, 45), t))
    for (dx, dy, r) in ((-30, -20, 14), (20, 30, 10), (35, -40, 8)):
        draw.ellipse([cx + dx - r, cy + dy - r, cx + dx + r, cy + dy + r], fill=(160, 65, 45))
    draw.ellipse([W * 0.2 - 16, H * 0.3 - 16, W * 0.2 + 16, H * 0.3 + 16], fill=(210, 210, 220))
    return image


def sports():
    """A ball on a floodlit green pitch with its white lines."""
    image = gradient((20, 40, 70), (60, 90, 120), height=H)
    draw = ImageDraw.Draw(image)
    for x in (W * 0.1, W * 0.9):
        draw.rectangle([x - 3, H * 0.05, x + 3, H * 0.4], fill=(70, 70, 80))
        draw.rectangle([x - 18, H * 0.02, x + 18, H * 0.1], fill=(255, 250, 220))
    image = glow(image, (W * 0.1, H * 0.06), 60, (255, 250, 220), 0.5)
    image = glow(image, (W * 0.9, H * 0.06), 60, (255, 250, 220), 0.5)
    draw = ImageDraw.Draw(image)
    for stripe in range(8):
        top = H * 0.4 + stripe * (H * 0.6 / 8)
        draw.rectangle([0, top, W, top + H * 0.6 / 8], fill=(60, 150, 70) if stripe % 2 else (70, 165, 80))
    draw.line([(0, H * 0.55), (W, H * 0.55)], fill=(240, 245, 240), width=4)
    draw.ellipse([W / 2 - 110, H * 0.55 - 30, W / 2 + 110, H * 0.55 + 30], outline=(240, 245, 240), width=4)
    bx, by, r = W * 0.62, H * 0.8, 26
    draw.ellipse([bx - r, by - r, bx + r, by + r], fill=(250, 250, 250))
    draw.regular_polygon((bx, by, 9), 5, fill=(30, 30, 30))
    for angle in range(0, 360, 72):
        a = math.radians(angle - 90)
        px, py = bx + math.cos(a) * 21, by + math.sin(a) * 21
        draw.ellipse([px - 5, py - 5, px + 5, py + 5], fill=(30, 30, 30))
    return image


def technology():
    """A circuit board: traces, pads and a chip."""
    image = gradient((15, 60, 70), (10, 35, 55))
    draw = ImageDraw.Draw(image)
    rng = random.Random(5)
    for _ in range(26):
        x, y = rng.randrange(0, W, 16), rng.randrange(0, H, 16)
        points = [(x, y)]
        for _ in range(rng.randint(2, 4)):
            if rng.random() < 0.5:
                x += rng.choice((-1, 1)) * rng.randint(2, 6) * 16
            else:
                y += rng.choice((-1, 1)) * rng.randint(2, 5) * 16
            points.append((x, y))
        draw.line(points, fill=(60, 190, 170), width=4)
        ex, ey = points[-1]
        draw.ellipse([ex - 7, ey - 7, ex + 7, ey + 7], fill=(230, 200, 90))
    cx, cy = W / 2, H / 2
    draw.rectangle([cx - 70, cy - 50, cx + 70, cy + 50], fill=(25, 25, 30))
    for offset in range(-55, 60, 18):
        draw.rectangle([cx + offset - 4, cy - 64, cx + offset + 4, cy - 50], fill=(200, 200, 205))
        draw.rectangle([cx + offset - 4, cy + 50, cx + offset + 4, cy + 64], fill=(200, 200, 205))
    draw.rectangle([cx - 48, cy - 30, cx + 48, cy + 30], outline=(70, 200, 230), width=3)
    return image


# MARK: One picture for each section's newest story


def river_alder():
    """Rows of young trees planted along a river, people's tools beside them."""
    image = gradient((150, 200, 240), (225, 235, 220))
    draw = ImageDraw.Draw(image)
    hills(draw, H * 0.45, 14, (140, 180, 120), 3)
    draw.polygon([(0, H * 0.62), (W, H * 0.5), (W, H * 0.66), (0, H * 0.8)], fill=(90, 150, 200))
    for row, ground in ((0, H * 0.56), (1, H * 0.98)):
        for index in range(9):
            x = 20 + index * 62 + row * 30
            tree(draw, x, ground - (index * 2 if row == 0 else 0), 44 + row * 26, (60, 140 + index * 4, 70))
    draw.line([(W * 0.8, H * 0.95), (W * 0.88, H * 0.7)], fill=(120, 80, 50), width=6)
    draw.polygon([(W * 0.875, H * 0.7), (W * 0.9, H * 0.62), (W * 0.92, H * 0.71)], fill=(160, 160, 170))
    return image


def port_avalen():
    """A harbour: a cargo ship with coloured containers, and a gold coin of a sun."""
    image = gradient((110, 170, 220), (200, 220, 235))
    image = glow(image, (W * 0.8, H * 0.22), 50, (255, 220, 120), 0.8)
    draw = ImageDraw.Draw(image)
    cx, cy, r = W * 0.8, H * 0.22, 30
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(240, 190, 60), outline=(200, 140, 30), width=5)
    draw.text((cx - 7, cy - 14), "B", fill=(170, 110, 20), font_size=30)
    draw.rectangle([0, H * 0.7, W, H], fill=(40, 90, 140))
    for wave in range(0, W, 40):
        draw.arc([wave, H * 0.74, wave + 40, H * 0.8], 180, 360, fill=(140, 190, 220), width=3)
    draw.polygon([(W * 0.1, H * 0.62), (W * 0.7, H * 0.62), (W * 0.64, H * 0.78), (W * 0.15, H * 0.78)],
                 fill=(60, 60, 70))
    colours = [(200, 60, 50), (50, 120, 190), (230, 170, 40), (60, 150, 90), (180, 80, 160)]
    for column in range(7):
        for level in range(2):
            x = W * 0.14 + column * 40
            y = H * 0.62 - (level + 1) * 22
            draw.rectangle([x, y, x + 36, y + 20], fill=colours[(column * 2 + level) % 5])
    draw.rectangle([W * 0.6, H * 0.36, W * 0.66, H * 0.62], fill=(230, 230, 235))
    return image


def pinecrest_comedy():
    """A microphone in a spotlight on an empty comedy stage."""
    image = gradient((25, 15, 45), (50, 25, 60))
    cone = Image.new("L", image.size, 0)
    ImageDraw.Draw(cone).polygon([(W / 2, 0), (W / 2 - 110, H * 0.9), (W / 2 + 110, H * 0.9)], fill=110)
    image = Image.composite(Image.new("RGB", image.size, (255, 235, 190)), image, cone.filter(ImageFilter.GaussianBlur(12)))
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, H * 0.85, W, H], fill=(120, 60, 40))
    draw.ellipse([W / 2 - 120, H * 0.82, W / 2 + 120, H * 0.92], fill=(230, 200, 140))
    draw.line([(W / 2, H * 0.87), (W / 2, H * 0.45)], fill=(60, 60, 65), width=6)
    draw.line([(W / 2 - 30, H * 0.87), (W / 2 + 30, H * 0.87)], fill=(60, 60, 65), width=6)
    draw.rounded_rectangle([W / 2 - 16, H * 0.26, W / 2 + 16, H * 0.46], radius=14, fill=(90, 90, 100))
    for y in range(int(H * 0.28), int(H * 0.38), 6):
        draw.line([(W / 2 - 12, y), (W / 2 + 12, y)], fill=(150, 150, 160), width=2)
    for x in range(30, W, 70):
        draw.regular_polygon((x, H * 0.15, 8), 5, rotation=random.Random(x).randint(0, 72), fill=(250, 210, 90))
    return image


def chess():
    """A chessboard in perspective with a king and a pawn facing each other."""
    image = gradient((60, 50, 45), (110, 90, 75))
    draw = ImageDraw.Draw(image)
    top, bottom = H * 0.35, H
    for row in range(8):
        y0 = top + (bottom - top) * (row / 8) ** 1.2
        y1 = top + (bottom - top) * ((row + 1) / 8) ** 1.2
        for column in range(8):
            def edge(y, c):
                t = (y - top) / (bottom - top)
                half = W * (0.25 + 0.45 * t)
                return W / 2 - half + 2 * half * c / 8
            quad = [(edge(y0, column), y0), (edge(y0, column + 1), y0), (edge(y1, column + 1), y1),
                    (edge(y1, column), y1)]
            draw.polygon(quad, fill=(235, 220, 190) if (row + column) % 2 else (120, 80, 50))
    def piece(x, ground, height, colour, crown):
        draw.polygon([(x - height * 0.3, ground), (x + height * 0.3, ground), (x + height * 0.12, ground - height * 0.6),
                      (x - height * 0.12, ground - height * 0.6)], fill=colour)
        draw.ellipse([x - height * 0.2, ground - height * 0.85, x + height * 0.2, ground - height * 0.5], fill=colour)
        if crown:
            draw.rectangle([x - 3, ground - height * 1.05, x + 3, ground - height * 0.8], fill=colour)
            draw.rectangle([x - 10, ground - height * 0.98, x + 10, ground - height * 0.92], fill=colour)
    piece(W * 0.38, H * 0.72, 90, (30, 30, 35), True)
    piece(W * 0.64, H * 0.78, 70, (245, 240, 230), False)
    return image


def pharmacy():
    """A pharmacy's green cross sign glowing on a snowy winter evening."""
    image = gradient((30, 45, 90), (90, 110, 160))
    draw = ImageDraw.Draw(image)
    draw.rectangle([W * 0.1, H * 0.4, W * 0.9, H], fill=(200, 190, 175))
    draw.rectangle([W * 0.05, H * 0.34, W * 0.95, H * 0.42], fill=(120, 60, 50))
    for x in (W * 0.18, W * 0.62):
        draw.rectangle([x, H * 0.55, x + W * 0.2, H * 0.85], fill=(255, 225, 150))
    draw.rectangle([W * 0.43, H * 0.52, W * 0.55, H], fill=(90, 60, 45))
    image = glow(image, (W / 2, H * 0.2), 70, (120, 255, 150), 0.5)
    draw = ImageDraw.Draw(image)
    cx, cy, arm = W / 2, H * 0.2, 18
    draw.rectangle([cx - arm, cy - arm * 2.6, cx + arm, cy + arm * 2.6], fill=(40, 200, 90))
    draw.rectangle([cx - arm * 2.6, cy - arm, cx + arm * 2.6, cy + arm], fill=(40, 200, 90))
    speckle(draw, 3, 120, (2, 2, 3), lambda rng: (245, 245, 255))
    draw.rectangle([0, H * 0.93, W, H], fill=(240, 242, 250))
    return image


def migratory_birds():
    """Flocks of birds in V-formation over a still lake at dawn, reeds in front."""
    image = gradient((250, 190, 150), (170, 200, 230))
    image = glow(image, (W * 0.3, H * 0.55), 70, (255, 230, 170), 0.8)
    draw = ImageDraw.Draw(image)
    hills(draw, H * 0.52, 10, (90, 110, 130), 9)
    draw.rectangle([0, H * 0.58, W, H], fill=(150, 175, 205))
    for y in range(int(H * 0.62), H, 12):
        draw.line([(W * 0.1, y), (W * 0.55, y)], fill=(200, 210, 225), width=2)
    for (fx, fy, count) in ((W * 0.55, H * 0.12, 4), (W * 0.25, H * 0.3, 3), (W * 0.82, H * 0.34, 2)):
        for index in range(-count, count + 1):
            x, y = fx + index * 26, fy + abs(index) * 14
            draw.line([(x - 12, y - 7), (x, y), (x + 12, y - 7)], fill=(35, 35, 45), width=6)
    rng = random.Random(4)
    for x in range(0, W, 9):
        height = rng.uniform(H * 0.1, H * 0.25)
        draw.line([(x, H), (x + rng.uniform(-6, 6), H - height)], fill=(70, 90, 50), width=3)
    return image


def libraries_ai():
    """Bookshelves, and a screen at the reference desk glowing with a friendly face."""
    image = gradient((110, 70, 45), (80, 50, 35))
    draw = ImageDraw.Draw(image)
    rng = random.Random(8)
    colours = [(170, 50, 50), (50, 90, 150), (60, 130, 80), (200, 160, 60), (120, 70, 130), (220, 120, 60)]
    for shelf in range(3):
        base = H * (0.3 + shelf * 0.23)
        draw.rectangle([0, base, W, base + 8], fill=(60, 35, 20))
        x = 4
        while x < W:
            width = rng.randint(8, 16)
            height = rng.randint(40, 56)
            draw.rectangle([x, base - height, x + width, base], fill=rng.choice(colours))
            x += width + 2
    draw.rectangle([0, H * 0.78, W, H], fill=(150, 100, 60))
    cx, cy = W * 0.5, H * 0.55
    draw.rectangle([cx - 80, cy - 60, cx + 80, cy + 50], fill=(30, 35, 45))
    image = glow(image, (cx, cy - 5), 80, (120, 200, 255), 0.35)
    draw = ImageDraw.Draw(image)
    draw.rectangle([cx - 70, cy - 50, cx + 70, cy + 40], fill=(70, 160, 230))
    draw.ellipse([cx - 30, cy - 25, cx - 14, cy - 9], fill=(255, 255, 255))
    draw.ellipse([cx + 14, cy - 25, cx + 30, cy - 9], fill=(255, 255, 255))
    draw.arc([cx - 30, cy - 20, cx + 30, cy + 22], 20, 160, fill=(255, 255, 255), width=5)
    draw.rectangle([cx - 10, cy + 50, cx + 10, H * 0.8], fill=(30, 35, 45))
    return image


PICTURES = {
    "general.jpg": general,
    "business.jpg": business,
    "entertainment.jpg": entertainment,
    "health.jpg": health,
    "science.jpg": science,
    "sports.jpg": sports,
    "technology.jpg": technology,
    "river-alder-tree-planting-weekend.jpg": river_alder,
    "port-avalen-exporters-trial-bitcoin-settlement.jpg": port_avalen,
    "pinecrest-comedy-festival-extra-shows.jpg": pinecrest_comedy,
    "teenage-chess-player-draws-grandmaster.jpg": chess,
    "pharmacies-extend-winter-vaccine-hours.jpg": pharmacy,
    "lake-svetloye-migratory-birds-record.jpg": migratory_birds,
    "northfield-libraries-artificial-intelligence-pilot.jpg": libraries_ai,
}


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        if name.endswith(".jpg") and name not in PICTURES:
            os.remove(os.path.join(OUT, name))
    total = 0
    for name, draw in PICTURES.items():
        size = os.path.getsize(save(draw(), name))
        total += size
        print(f"{size:7,} {name}")
    print(f"{total:7,} bytes in {len(PICTURES)} pictures")


if __name__ == "__main__":
    main()
