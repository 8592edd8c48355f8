#!/usr/bin/env python3
"""Generates meter benchmark sets with known truth.

strips/NNN.jpg + NNN.json: counter strips as a user crops them — several fonts, white-on-black or
black-on-white drums with shading, red decimal drums, partial rolls (the last drum between two
digits, carried through 9s like a real odometer), blur, tilt, noise, loose crops and resolutions.
`steps` is the reading a person writes down: the passed digit for a drum caught mid-roll.

photos/MM-K.jpg + photos/truth.json: photos of several meters (housings of different and of similar
colours; three to a wall, as in a basement) in different light, angle and framing; K = 0 is each
meter's reference photo.

    python3 Tools/docgen/generate_meters.py --out .build/meters-gen --strips 300 --meters 8 --photos 6 --seed 1
"""
import argparse
import json
import math
import random
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONTS = ["DejaVuSans-Bold.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSans.ttf", "DejaVuSansMono.ttf"]


def drum(position: float, font, width: int, height: int, ink, paper) -> Image.Image:
    """One drum showing `position` (3.4 = 40 % of the way from 3 to 4), shaded like a cylinder."""
    column = Image.new("RGB", (width, height * 11), paper)
    draw = ImageDraw.Draw(column)
    for index in range(11):
        text = str(index % 10)
        box = draw.textbbox((0, 0), text, font=font)
        draw.text(((width - (box[2] - box[0])) / 2 - box[0], index * height + (height - (box[3] - box[1])) / 2 - box[1]), text, font=font, fill=ink)
    top = int(round(position * height))
    cell = np.asarray(column.crop((0, top, width, top + height)), dtype=np.float32)
    rows = np.linspace(-1, 1, height)[:, None, None]
    shade = 0.55 + 0.45 * np.cos(rows * math.pi / 2.4)  # darker towards the drum's top and bottom
    return Image.fromarray(np.clip(cell * shade, 0, 255).astype(np.uint8))


def strip(rng: random.Random):
    digits = rng.choice([5, 6, 6, 7, 8])
    decimals = rng.choice([0, 0, 1, 1, 2, 3]) if digits > 5 else rng.choice([0, 1])
    steps = rng.randrange(10 ** digits)
    rolling = rng.random() < 0.35
    fraction = rng.uniform(0.25, 0.65) if rolling else rng.uniform(0, 0.06)
    text = str(steps).zfill(digits)
    positions = []
    carry = fraction
    for index in reversed(range(digits)):
        positions.append(int(text[index]) + carry)
        carry = carry if text[index] == "9" else 0.0  # a drum turns only while the one to its right passes 9
    positions.reverse()

    height = rng.randint(44, 72)
    width = int(height * rng.uniform(0.62, 0.8))
    font = ImageFont.truetype(str(FONT_DIR / rng.choice(FONTS)), int(height * rng.uniform(0.62, 0.78)))
    dark = rng.random() < 0.6
    ink, paper = ((235, 235, 230), (20, 20, 22)) if dark else ((15, 15, 15), (238, 236, 228))
    red_style = rng.choice(["background", "ink"])
    gap = max(2, width // 10)
    frame = (rng.randint(140, 200),) * 3
    image = Image.new("RGB", (digits * (width + gap) + gap, height + 2 * gap), frame)
    for index, position in enumerate(positions):
        decimal = index >= digits - decimals
        cell_ink, cell_paper = ink, paper
        if decimal:
            cell_ink, cell_paper = ((240, 240, 240), (190, 30, 30)) if red_style == "background" else ((200, 30, 30), paper)
        image.paste(drum(position, font, width, height, cell_ink, cell_paper), (gap + index * (width + gap), gap))

    # The user's crop: a little frame around the digits (more above and below than at the sides).
    left, right = rng.uniform(0, 0.03), rng.uniform(0, 0.03)
    top, bottom = rng.uniform(0, 0.12), rng.uniform(0, 0.12)
    image = image.rotate(rng.uniform(-3, 3), resample=Image.BICUBIC, fillcolor=frame)
    w, h = image.size
    image = image.crop((int(gap * 0.5 - left * w), int(gap * 0.5 - top * h), int(w - gap * 0.5 + right * w), int(h - gap * 0.5 + bottom * h)))
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0, 1.2)))
    scale = rng.uniform(0.6, 1.6)
    image = image.resize((max(8, int(image.width * scale)), max(8, int(image.height * scale))), Image.BILINEAR)
    noisy = np.asarray(image, dtype=np.float32) + np.random.default_rng(rng.randrange(2 ** 32)).normal(0, rng.uniform(2, 9), (image.height, image.width, 3))
    image = Image.fromarray(np.clip(noisy, 0, 255).astype(np.uint8))
    value = str(steps).zfill(digits)
    shown = value[: digits - decimals].lstrip("0") or "0"
    if decimals:
        shown += "." + value[digits - decimals:]
    return image, {"digits": digits, "decimals": decimals, "steps": steps, "value": shown, "rolling": rolling}


HOUSINGS = [(236, 236, 232), (232, 233, 238), (60, 62, 66), (40, 80, 170), (200, 60, 40), (240, 200, 60), (90, 140, 90), (150, 150, 155)]
ACCENTS = [(30, 60, 160), (200, 40, 40), (240, 240, 240), (250, 250, 250), (30, 30, 30), (30, 30, 30), (250, 250, 240), (220, 120, 30)]
WALLS = [(222, 210, 190), (200, 200, 200), (240, 238, 232), (170, 90, 70), (120, 130, 140), (215, 225, 215)]


def meter_face(index: int, rng: random.Random) -> Image.Image:
    """A meter's front: housing, a counter window, a label of an accent colour, screws."""
    housing, accent = HOUSINGS[index % len(HOUSINGS)], ACCENTS[index % len(ACCENTS)]
    face = Image.new("RGBA", (600, 800), (0, 0, 0, 0))
    draw = ImageDraw.Draw(face)
    draw.rounded_rectangle((0, 0, 599, 799), radius=40, fill=housing + (255,))
    draw.rectangle((80, 220, 520, 320), fill=(25, 25, 25, 255))
    label_height = 80 + 40 * (index % 3)
    draw.rectangle((60, 420, 540, 420 + label_height), fill=accent + (255,))
    if index % 2:
        draw.ellipse((230, 560, 370, 700), outline=(20, 20, 20, 255), width=8)
    for x, y in [(40, 40), (560, 40), (40, 760), (560, 760)]:
        draw.ellipse((x - 12, y - 12, x + 12, y + 12), fill=(120, 120, 120, 255))
    return face


def photo(face: Image.Image, wall, rng: random.Random, reference: bool, size=(1600, 1200)) -> Image.Image:
    background = np.full((size[1], size[0], 3), wall, dtype=np.float32)
    background += np.random.default_rng(rng.randrange(2 ** 32)).normal(0, 6, background.shape)
    canvas = Image.fromarray(np.clip(background, 0, 255).astype(np.uint8))
    scale = 0.75 if reference else rng.uniform(0.55, 0.95)
    height = int(size[1] * scale)
    meter = face.resize((int(face.width * height / face.height), height), Image.BICUBIC)
    meter = meter.rotate(0 if reference else rng.uniform(-12, 12), resample=Image.BICUBIC, expand=True)
    x = (size[0] - meter.width) // 2 + (0 if reference else rng.randint(-size[0] // 6, size[0] // 6))
    y = (size[1] - meter.height) // 2 + (0 if reference else rng.randint(-size[1] // 12, size[1] // 12))
    canvas.paste(meter, (x, y), meter)
    pixels = np.asarray(canvas, dtype=np.float32)
    if not reference:
        brightness = rng.uniform(0.7, 1.3)
        tint = np.array([rng.uniform(0.92, 1.08), 1.0, rng.uniform(0.92, 1.08)])
        across = np.linspace(rng.uniform(0.75, 1.0), rng.uniform(1.0, 1.15), size[0])[None, :, None]
        pixels = pixels * brightness * tint * across
    # Sensor noise over everything: phone photos are never flat colour.
    pixels = pixels + np.random.default_rng(rng.randrange(2 ** 32)).normal(0, rng.uniform(3, 8), pixels.shape)
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(0 if reference else rng.uniform(0, 1.5)))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True)
    parser.add_argument("--strips", type=int, default=300)
    parser.add_argument("--meters", type=int, default=8)
    parser.add_argument("--photos", type=int, default=6, help="new photos per meter besides its reference")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    out = Path(arguments.out)
    (out / "strips").mkdir(parents=True, exist_ok=True)
    (out / "photos").mkdir(parents=True, exist_ok=True)
    for number in range(arguments.strips):
        image, truth = strip(rng)
        image.save(out / "strips" / f"{number:03d}.jpg", quality=rng.randint(75, 92))
        (out / "strips" / f"{number:03d}.json").write_text(json.dumps(truth))
    truth = []
    for meter in range(arguments.meters):
        face = meter_face(meter, rng)
        for shot in range(arguments.photos + 1):
            name = f"{meter:02d}-{shot}.jpg"
            photo(face, WALLS[meter // 3 % len(WALLS)], rng, reference=shot == 0).save(out / "photos" / name, quality=85)
            truth.append({"file": name, "meter": meter, "reference": shot == 0})
    (out / "photos" / "truth.json").write_text(json.dumps(truth, indent=1))


if __name__ == "__main__":
    main()
