#!/usr/bin/env python3
"""Generates photos of documents with known truth, for the capture-engine benchmark and tests.

Each photo is a rendered page of known text, warped with a random rotation (up to 30 degrees) and
perspective onto a background, with blur, noise, shadows and JPEG compression. With
--partial-share, that share of the photos shows the page with one corner outside the frame ("cut")
or covered by a hand-coloured blob ("occluded"), as phone photos of long receipts often do. Next to
every `NNN.jpg` goes `NNN.json`: the page corners in photo pixels (tl, tr, br, bl; a cut corner lies
outside the photo), `hidden` (indexes of corners not visible), the page text and the settings
used. Deterministic for a given --seed.

    python3 Tools/docgen/generate_documents.py --out .build/docgen --count 40 --seed 1
"""
import argparse
import json
import math
import random
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
]
WORDS = (
    "Rechnung Betrag Datum Kunde Lieferung Adresse Zahlung Konto Summe Menge Preis Artikel Steuer "
    "Bestellung Vertrag Termin Anmeldung Formular Bemerkung Unterschrift invoice amount customer order "
    "delivery address payment account total quantity price item tax contract meeting reading meter "
    "Strasse Zürich Basel Berlin München Wasser Strom Gas Heizung Monat Jahr Woche Nummer Seite"
).split()


def page_text(rng: random.Random, lines: int, fits) -> list[str]:
    """Lines of words (with amounts and dates now and then), each short enough to fit the page."""
    text = []
    for _ in range(lines):
        words = [rng.choice(WORDS) for _ in range(rng.randint(3, 7))]
        if rng.random() < 0.4:
            words.append(f"{rng.randint(1, 999)},{rng.randint(0, 99):02d}")
        if rng.random() < 0.2:
            words.insert(0, f"{rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.2025")
        while len(words) > 1 and not fits(" ".join(words)):
            words.pop()
        text.append(" ".join(words))
    return text


def render_page(rng: random.Random, width: int, height: int):
    paper = tuple(rng.randint(235, 255) for _ in range(3))
    page = Image.new("RGB", (width, height), paper)
    draw = ImageDraw.Draw(page)
    size = max(12, width // 42)
    font = ImageFont.truetype(rng.choice(FONTS), size)
    title_font = ImageFont.truetype(FONTS[0], int(size * 1.4))
    margin = width // 12
    usable = width - 2 * margin
    lines = page_text(rng, rng.randint(12, 20), lambda line: font.getlength(line) <= usable)
    title = lines[0].upper().split()
    while len(title) > 1 and title_font.getlength(" ".join(title)) > usable:
        title.pop()
    lines[0] = " ".join(title)
    y = margin
    draw.text((margin, y), lines[0], font=title_font, fill=(20, 20, 20))
    y += int(size * 2.6)
    for line in lines[1:]:
        if y > height - margin - size:
            break
        draw.text((margin, y), line, font=font, fill=(rng.randint(0, 50),) * 3)
        y += int(size * rng.uniform(1.6, 2.1))
    top = y + size // 2
    if rng.random() < 0.5 and top + 3 * size < height - margin:  # a box, like a form field
        draw.rectangle((margin, top, width - margin, top + 3 * size), outline=(60, 60, 60), width=max(1, size // 10))
    return page, lines


def background(rng: random.Random, width: int, height: int) -> Image.Image:
    kind = rng.choice(["wood", "dark", "cloth", "light", "stone"])
    base = {
        "wood": (rng.randint(110, 160), rng.randint(70, 100), rng.randint(40, 60)),
        "dark": (rng.randint(30, 70),) * 3,
        "cloth": (rng.randint(40, 200), rng.randint(40, 200), rng.randint(40, 200)),
        "light": (rng.randint(165, 200),) * 3,  # low contrast against paper: the hard case
        "stone": (rng.randint(100, 150), rng.randint(100, 140), rng.randint(90, 130)),
    }[kind]
    small_w, small_h = max(8, width // 8), max(8, height // 8)
    noise = np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, 18, (small_h, small_w, 1))
    if kind == "wood":
        stripes = np.sin(np.linspace(0, rng.uniform(20, 60), small_h))[:, None, None] * 14
        noise = noise + stripes
    pixels = np.clip(np.array(base, dtype=np.float32)[None, None, :] + noise, 0, 255).astype(np.uint8)
    return Image.fromarray(pixels, "RGB").resize((width, height), Image.BILINEAR).filter(ImageFilter.GaussianBlur(2))


def perspective_coefficients(source, target):
    """Coefficients for PIL's PERSPECTIVE transform mapping target (photo) points to source (page)."""
    rows = []
    for (x, y), (u, v) in zip(target, source):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    a = np.array(rows, dtype=np.float64)
    b = np.array(source, dtype=np.float64).reshape(8)
    return np.linalg.solve(a, b).tolist()


def place_page(rng: random.Random, photo_w: int, photo_h: int, page_w: int, page_h: int, cut: bool = False):
    """Random rotation (up to 30 degrees), scale, keystone and corner jitter, kept inside the photo;
    with `cut`, exactly one corner lies 3-12% of the page's height outside it."""
    for _ in range(2000):
        angle = math.radians(rng.uniform(-30, 30))
        scale = rng.uniform(0.55, 0.85) * photo_h / page_h
        half_w, half_h = page_w * scale / 2, page_h * scale / 2
        keystone = rng.uniform(0, 0.12)
        local = [(-half_w * (1 - keystone), -half_h), (half_w * (1 - keystone), -half_h), (half_w, half_h), (-half_w, half_h)]
        jitter = 0.03 * half_h
        local = [(x + rng.uniform(-jitter, jitter), y + rng.uniform(-jitter, jitter)) for x, y in local]
        spread = 0.35 if cut else 0.1
        cx = photo_w / 2 + rng.uniform(-spread, spread) * photo_w
        cy = photo_h / 2 + rng.uniform(-spread * 0.8, spread * 0.8) * photo_h
        corners = [(cx + x * math.cos(angle) - y * math.sin(angle), cy + x * math.sin(angle) + y * math.cos(angle)) for x, y in local]
        margin = 0.02 * min(photo_w, photo_h)
        inside = [margin <= x <= photo_w - margin and margin <= y <= photo_h - margin for x, y in corners]
        if not cut and all(inside):
            return corners, math.degrees(angle), []
        if cut and inside.count(False) == 1:
            x, y = corners[inside.index(False)]
            outside = max(-x, x - photo_w, -y, y - photo_h)
            if 0.03 * 2 * half_h <= outside <= 0.12 * 2 * half_h:
                return corners, math.degrees(angle), [inside.index(False)]
    raise RuntimeError("could not place the page")


def occlude(rng: random.Random, photo: Image.Image, corner, page_size: float):
    """A thumb or an object over one corner: a skin- or dark-coloured ellipse hiding it."""
    draw = ImageDraw.Draw(photo)
    radius_x, radius_y = rng.uniform(0.07, 0.12) * page_size, rng.uniform(0.05, 0.09) * page_size
    colour = rng.choice([(224, 172, 140), (198, 134, 66), (141, 85, 36), (40, 40, 45)])
    cx, cy = corner
    draw.ellipse((cx - radius_x, cy - radius_y, cx + radius_x, cy + radius_y), fill=colour)


def shadow(rng: random.Random, photo: Image.Image) -> Image.Image:
    w, h = photo.size
    mask = Image.new("L", (w // 4, h // 4), 0)
    draw = ImageDraw.Draw(mask)
    x0 = rng.uniform(-0.2, 0.6) * w / 4
    draw.polygon([(x0, 0), (x0 + rng.uniform(0.2, 0.6) * w / 4, 0), (x0 + rng.uniform(0.1, 0.8) * w / 4, h / 4), (x0 - rng.uniform(0, 0.3) * w / 4, h / 4)], fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(w / 60)).resize((w, h), Image.BILINEAR)
    darkness = rng.uniform(0.55, 0.8)
    dark = Image.eval(photo, lambda value: int(value * darkness))
    return Image.composite(dark, photo, mask)


def generate(index: int, rng: random.Random, out: Path, photo_w: int, photo_h: int, partial_share: float = 0.0):
    page_w = int(photo_w * 0.45)
    page_h = int(page_w * 1.414)
    page, lines = render_page(rng, page_w, page_h)
    case = "whole"
    if partial_share > 0 and rng.random() < partial_share:
        case = rng.choice(["cut", "occluded"])
    corners, angle, hidden = place_page(rng, photo_w, photo_h, page_w, page_h, cut=case == "cut")
    photo = background(rng, photo_w, photo_h)
    coefficients = perspective_coefficients([(0, 0), (page_w, 0), (page_w, page_h), (0, page_h)], corners)
    warped = page.transform((photo_w, photo_h), Image.PERSPECTIVE, coefficients, Image.BICUBIC)
    mask = Image.new("L", page.size, 255).transform((photo_w, photo_h), Image.PERSPECTIVE, coefficients, Image.BILINEAR)
    photo.paste(warped, (0, 0), mask)
    if case == "occluded":
        hidden = [rng.randrange(4)]
        occlude(rng, photo, corners[hidden[0]], math.dist(corners[0], corners[3]))
    # Light falls unevenly on a phone photo.
    gradient = np.linspace(rng.uniform(0.75, 1.0), rng.uniform(0.9, 1.1), photo_w, dtype=np.float32)[None, :, None]
    pixels = np.array(photo, dtype=np.float32) * gradient
    has_shadow = rng.random() < 0.4
    blur = rng.choice([0, 0, 0.8, 1.5, 2.5]) * photo_w / 3000
    noise = rng.choice([0, 3, 6, 9])
    if noise:
        pixels += np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, noise, pixels.shape)
    photo = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")
    if has_shadow:
        photo = shadow(rng, photo)
    if blur:
        photo = photo.filter(ImageFilter.GaussianBlur(blur))
    quality = rng.randint(80, 95)
    name = f"{index:03d}"
    photo.save(out / f"{name}.jpg", quality=quality)
    truth = {
        "corners": [[round(x, 2), round(y, 2)] for x, y in corners],
        "hidden": hidden,
        "case": case,
        "text": "\n".join(lines),
        "photo": [photo_w, photo_h],
        "settings": {"angle": round(angle, 2), "blur": blur, "noise": noise, "shadow": has_shadow, "jpegQuality": quality},
    }
    (out / f"{name}.json").write_text(json.dumps(truth, ensure_ascii=False, indent=1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--width", type=int, default=3000, help="photo width (3000x4000 = 12 MP)")
    parser.add_argument("--height", type=int, default=4000)
    parser.add_argument("--partial-share", type=float, default=0.0, help="share of photos with a corner cut off or covered")
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    for index in range(arguments.count):
        generate(index, random.Random(arguments.seed * 100003 + index), arguments.out, arguments.width, arguments.height, arguments.partial_share)


if __name__ == "__main__":
    main()
