#!/usr/bin/env python3
"""Generates an exam cover-sheet template and photographed filled copies, for the form scanner's
benchmark and tests.

    python3 Tools/docgen/generate_forms.py --out .build/forms-gen --count 40 --seed 1 \
        --mnist ../shared/corpora/mnist-train

Writes `template/` (template.json, page1.png, roster.csv: what `scanbook form scan` and the template
import take) and per form `NNN.jpg` + `NNN.json` (the truth: every region's value, the student, the
page corners in the photo). Digits are MNIST digits the handwritten model never trained on (the
held-back share, `digit_corpus.held_back`), inked dark on the paper; names are written in an
oblique face. Photos: perspective, rotation, uneven light, shadows, blur, noise, JPEG, and in a
quarter of them one page corner cut off by the frame.
"""
import argparse
import gzip
import json
import math
import random
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1] / "digits"))
from digit_corpus import held_back  # noqa: E402
from generate_documents import background, perspective_coefficients, shadow  # noqa: E402

FONTS = Path("/usr/share/fonts/truetype/dejavu")
PAGE_W, PAGE_H = 1240, 1754  # A4 at 150 dpi
CELL_W, CELL_H = 56, 76
FIRST = ["Anna", "Ben", "Chiara", "David", "Elif", "Fabio", "Gina", "Hugo", "Ines", "Jonas", "Klara", "Luca", "Mia", "Noah",
         "Olivia", "Paul", "Rahel", "Samuel", "Tara", "Urs"]
LAST = ["Müller", "Meier", "Schmid", "Keller", "Weber", "Huber", "Schneider", "Meyer", "Steiner", "Fischer", "Gerber", "Brunner",
        "Baumann", "Frei", "Zimmermann", "Moser", "Widmer", "Wyss", "Graf", "Roth"]
GROUPS = ["A", "B", "C", "D"]
TASKS = 4
MAX_POINTS = 15
# Points → grade: every 5 points half a grade, 1.0 to 6.0 (55 of 60 points give the 6).
TABLE = [[5 * i, 1.0 + 0.5 * i] for i in range(11)]


def font(name: str, size: int):
    return ImageFont.truetype(str(FONTS / name), size)


def layout():
    """Regions of the cover sheet: (name, type, x, y, cells or None, width for text)."""
    regions = [("matrikel", "studentNumber", 380, 330, 8, None), ("name", "name", 380, 450, None, 700),
               ("gruppe", "seminarGroup", 380, 570, 1, None)]
    for task in range(TASKS):
        regions.append((f"aufgabe{task + 1}", "points", 200 + task * 190, 860, 2, None))
    regions += [("total", "points", 200, 1060, 2, None), ("note", "grade", 580, 1060, 2, None)]
    return regions


def render_template(rng: random.Random) -> Image.Image:
    page = Image.new("L", (PAGE_W, PAGE_H), 255)
    draw = ImageDraw.Draw(page)
    draw.text((100, 90), "Prüfung Lineare Algebra I", font=font("DejaVuSans-Bold.ttf", 52), fill=0)
    draw.text((100, 170), "Deckblatt — Herbstsemester 2026 — Dauer 120 Minuten", font=font("DejaVuSans.ttf", 28), fill=0)
    # Registration-friendly print: a logo block and corner marks give the aligner features everywhere.
    draw.rectangle((1000, 80, 1140, 220), outline=0, width=6)
    draw.text((1018, 120), "ETH", font=font("DejaVuSans-Bold.ttf", 48), fill=0)
    for x, y in [(40, 40), (PAGE_W - 80, 40), (40, PAGE_H - 80), (PAGE_W - 80, PAGE_H - 80)]:
        draw.rectangle((x, y, x + 40, y + 40), fill=0)
    labels = {"matrikel": "Matrikelnummer", "name": "Name, Vorname", "gruppe": "Übungsgruppe"}
    small = font("DejaVuSans.ttf", 26)
    for name, kind, x, y, cells, width in layout():
        if name in labels:
            draw.text((100, y + 20), labels[name], font=small, fill=0)
        elif name.startswith("aufgabe"):
            draw.text((x, y - 45), f"Aufgabe {name[-1]}", font=small, fill=0)
        elif name == "total":
            draw.text((x, y - 45), "Total Punkte", font=small, fill=0)
        elif name == "note":
            draw.text((x, y - 45), "Note", font=small, fill=0)
        if cells:
            for cell in range(cells):
                draw.rectangle((x + cell * CELL_W, y, x + (cell + 1) * CELL_W, y + CELL_H), outline=0, width=3)
        else:
            draw.line((x, y + CELL_H, x + width, y + CELL_H), fill=0, width=3)
    body = font("DejaVuSans.ttf", 22)
    instructions = [
        "Hinweise: Schreiben Sie Ihre Matrikelnummer in die Kästchen, eine Ziffer pro Kästchen.",
        "Erlaubte Hilfsmittel: eine handgeschriebene Zusammenfassung (zwei A4-Seiten).",
        "Lösungswege müssen nachvollziehbar sein; Resultate ohne Herleitung geben keine Punkte.",
        "Die Punkte werden von der korrigierenden Person eingetragen.",
    ]
    for index, line in enumerate(instructions):
        draw.text((100, 1250 + index * 40), line, font=body, fill=0)
    draw.text((100, 1500), "Notenskala: 5 Punkte = eine halbe Note, 55 Punkte = Note 6.", font=body, fill=0)
    return page


def template_json():
    regions = []
    for name, kind, x, y, cells, width in layout():
        w = cells * CELL_W if cells else width
        region = {"name": name, "type": kind, "page": 1, "rect": [x, y, w, CELL_H]}
        if cells:
            region["cells"] = cells
        regions.append(region)
    return {
        "name": "Prüfung Lineare Algebra I", "pages": [{"image": "page1.png"}], "regions": regions,
        "links": [{"kind": "sum", "parts": [f"aufgabe{t + 1}" for t in range(TASKS)], "total": "total"},
                  {"kind": "gradeScale", "points": "total", "grade": "note", "table": TABLE}],
        "roster": "roster.csv",
    }


def load_digits(mnist: Path):
    with gzip.open(mnist / "train-images-idx3-ubyte.gz") as f:
        raw = np.frombuffer(f.read(), dtype=np.uint8)
    images = raw[16:].reshape(-1, 28, 28)
    with gzip.open(mnist / "train-labels-idx1-ubyte.gz") as f:
        labels = np.frombuffer(f.read(), dtype=np.uint8)[8:]
    by_digit = {d: [] for d in range(10)}
    for index in range(len(labels)):
        if held_back(f"mnist-train-{index}"):
            by_digit[int(labels[index])].append(images[index])
    return by_digit


def write_digit(page: Image.Image, rng: random.Random, digits, digit: int, x: int, y: int, ink: int):
    sample = digits[digit][rng.randrange(len(digits[digit]))]
    size = int(CELL_H * rng.uniform(0.85, 1.0))
    glyph = Image.fromarray(sample).resize((size, size), Image.BILINEAR)
    dx = int((CELL_W - size) / 2 + rng.uniform(-4, 4))
    dy = int((CELL_H - size) / 2 + rng.uniform(-4, 4))
    ink_layer = Image.new("L", glyph.size, ink)
    page.paste(ink_layer, (x + dx, y + dy), glyph)


def fill(template: Image.Image, rng: random.Random, digits, student, points):
    page = template.copy()
    draw = ImageDraw.Draw(page)
    ink = rng.randint(10, 70)
    values = {}
    for name, kind, x, y, cells, width in layout():
        if kind == "studentNumber":
            value = student["studentNumber"]
        elif kind == "name":
            value = f"{student['first']} {student['last']}"
            draw.text((x + 10, y + 8), value, font=font("DejaVuSans-Oblique.ttf", 46), fill=ink)
            values[name] = value
            continue
        elif kind == "seminarGroup":
            value = student["group"]
            draw.text((x + 12, y + 6), value, font=font("DejaVuSans-Oblique.ttf", 56), fill=ink)
            values[name] = value
            continue
        elif name == "total":
            value = str(sum(points))
        elif name == "note":
            total = sum(points)
            grade = max(g for p, g in TABLE if p <= total)
            value = f"{grade:.1f}"
        else:
            value = str(points[int(name[-1]) - 1])
        values[name] = value
        written = value.replace(".", "")
        written = written if kind != "points" else written.rjust(cells, " ")
        for cell, character in enumerate(written[:cells]):
            if character != " ":
                write_digit(page, rng, digits, int(character), x + cell * CELL_W, y, ink)
    return page, values


def photograph(page: Image.Image, rng: random.Random, cut_corner: bool, photo_w: int = 2250):
    photo_h = photo_w * 4 // 3
    for _ in range(500):
        angle = math.radians(rng.uniform(-12, 12))
        scale = rng.uniform(0.75, 0.9) * photo_h / PAGE_H * (1.08 if cut_corner else 1.0)
        half_w, half_h = PAGE_W * scale / 2, PAGE_H * scale / 2
        keystone = rng.uniform(0, 0.08)
        local = [(-half_w * (1 - keystone), -half_h), (half_w * (1 - keystone), -half_h), (half_w, half_h), (-half_w, half_h)]
        jitter = 0.02 * half_h
        local = [(x + rng.uniform(-jitter, jitter), y + rng.uniform(-jitter, jitter)) for x, y in local]
        cx = photo_w / 2 + rng.uniform(-0.06, 0.06) * photo_w
        cy = photo_h / 2 + rng.uniform(-0.05, 0.05) * photo_h
        corners = [(cx + x * math.cos(angle) - y * math.sin(angle), cy + x * math.sin(angle) + y * math.cos(angle)) for x, y in local]
        inside = [0 <= x <= photo_w and 0 <= y <= photo_h for x, y in corners]
        if (sum(inside) == 3 and not inside[2]) if cut_corner else all(inside):
            break
    else:
        raise RuntimeError("could not place the page")
    photo = background(rng, photo_w, photo_h)
    coefficients = perspective_coefficients([(0, 0), (PAGE_W, 0), (PAGE_W, PAGE_H), (0, PAGE_H)], corners)
    rgb = page.convert("RGB")
    warped = rgb.transform((photo_w, photo_h), Image.PERSPECTIVE, coefficients, Image.BICUBIC)
    mask = Image.new("L", page.size, 255).transform((photo_w, photo_h), Image.PERSPECTIVE, coefficients, Image.BILINEAR)
    photo.paste(warped, (0, 0), mask)
    gradient = np.linspace(rng.uniform(0.75, 1.0), rng.uniform(0.9, 1.1), photo_w, dtype=np.float32)[None, :, None]
    pixels = np.array(photo, dtype=np.float32) * gradient
    noise = rng.choice([0, 3, 6])
    if noise:
        pixels += np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, noise, pixels.shape)
    photo = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")
    has_shadow = rng.random() < 0.4
    if has_shadow:
        photo = shadow(rng, photo)
    blur = rng.choice([0, 0, 0.8, 1.5])
    if blur:
        photo = photo.filter(ImageFilter.GaussianBlur(blur))
    return photo, corners, {"angle": round(math.degrees(angle), 2), "blur": blur, "noise": noise, "shadow": has_shadow, "cutCorner": cut_corner}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mnist", type=Path, default=Path("../shared/corpora/mnist-train"))
    parser.add_argument("--photo-width", type=int, default=2250, help="photo width in pixels (height 4:3); test fixtures use 1200")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    digits = load_digits(args.mnist)
    (args.out / "template").mkdir(parents=True, exist_ok=True)
    template = render_template(rng)
    template.save(args.out / "template" / "page1.png")
    (args.out / "template" / "template.json").write_text(json.dumps(template_json(), ensure_ascii=False, indent=1))
    students = []
    for index in range(20):
        students.append({"studentNumber": f"{rng.randint(10, 29)}{rng.randint(0, 999999):06d}", "first": FIRST[index], "last": LAST[index],
                         "group": GROUPS[index % len(GROUPS)]})
    roster = "studentNumber,name,group\n" + "".join(f"{s['studentNumber']},{s['first']} {s['last']},{s['group']}\n" for s in students)
    (args.out / "template" / "roster.csv").write_text(roster)
    for index in range(args.count):
        student = students[rng.randrange(len(students))]
        points = [rng.randint(0, MAX_POINTS) for _ in range(TASKS)]
        page, values = fill(template, rng, digits, student, points)
        photo, corners, settings = photograph(page, rng, cut_corner=index % 4 == 3, photo_w=args.photo_width)
        name = f"{index:03d}"
        photo.save(args.out / f"{name}.jpg", quality=rng.randint(82, 95))
        truth = {"values": values, "student": {"studentNumber": student["studentNumber"], "name": f"{student['first']} {student['last']}", "group": student["group"]},
                 "corners": [[round(x, 2), round(y, 2)] for x, y in corners], "page": [PAGE_W, PAGE_H], "settings": settings}
        (args.out / f"{name}.json").write_text(json.dumps(truth, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
