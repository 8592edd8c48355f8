"""Receipt-like text lines, drawn here with Debian's fonts, as the recognizer sees them: the ranges
its int8 model is calibrated on (calibrate_recognizer.py). Self-made on purpose: no evaluation
receipt decides how the model rounds. Seeded, so the same seed draws the same lines.

Each line: item names, prices with a point or a comma, dates and times, totals with their keyword,
codes; in nine fonts (sans, mono, condensed, serif, bold, OCR-B) at 16-44 px, on paper of varying
grey and tint, some turned by up to 2 degrees, blurred, noisy and JPEG-compressed.
"""
import io
import random

import numpy
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf", "/usr/share/fonts/opentype/ocr-b/OCRB.otf",
]
WORDS = ("Milch Brot Butter Käse Äpfel Bananen Wasser Kaffee Tee Zucker Mehl Eier Joghurt Müsli Nudeln Reis Tomaten "
         "Gurken Salat Zwiebeln Kartoffeln Schokolade Bier Wein Saft Orangen Öl Essig Salz Pfeffer Quark Sahne "
         "TOTAL SUMME Summe Gesamt MwSt Bar Rückgeld EUR CHF Kartenzahlung Beleg Datum Uhrzeit Kasse Filiale "
         "TAX GST Cash Change Rounding Qty Item Price Amount Invoice Receipt Thank you SDN BHD Jalan Taman "
         "RM Subtotal Discount Total incl. exkl. Bon Nr. Str. Straße Zürich München Berlin Hamburg Genève").split()
CODE_CHARACTERS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789-#/:"


def text(rng: random.Random) -> str:
    kind = rng.randrange(6)
    price = f"{rng.randrange(0, 300)}{rng.choice(['.', ','])}{rng.randrange(100):02d}"

    def words(most: int) -> str:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, most)))

    if kind == 0:
        return words(5)
    if kind == 1:
        return f"{words(3)}  {price}"
    if kind == 2:
        return price if rng.random() < 0.5 else f"{rng.randrange(1, 9)} x {price}"
    if kind == 3:
        return (f"{rng.randrange(1, 29):02d}{rng.choice('./-')}{rng.randrange(1, 13):02d}{rng.choice('./-')}"
                f"{rng.choice(['2024', '2025', '19', '18'])} {rng.randrange(24):02d}:{rng.randrange(60):02d}")
    if kind == 4:
        return f"{rng.choice(['TOTAL', 'SUMME', 'Total', 'Gesamt', 'TOTAL RM', 'Summe EUR'])} {price}"
    return "".join(rng.choice(CODE_CHARACTERS) for _ in range(rng.randrange(4, 16)))


def line(rng: random.Random) -> tuple:
    """(text, image): one line as a detector's box would cut it out, with a little paper around it."""
    font = ImageFont.truetype(rng.choice(FONTS), rng.randrange(16, 44))
    words = text(rng)
    left, top, right, bottom = font.getbbox(words)
    pad_x, pad_y = rng.randrange(2, 12), rng.randrange(2, 10)
    paper, ink = rng.randrange(170, 256), rng.randrange(0, 90)
    image = Image.new("L", (right - left + 2 * pad_x, bottom - top + 2 * pad_y), paper)
    ImageDraw.Draw(image).text((pad_x - left, pad_y - top), words, font=font, fill=ink)
    if rng.random() < 0.5:
        image = image.rotate(rng.uniform(-2, 2), resample=Image.BILINEAR, expand=False, fillcolor=paper)
    if rng.random() < 0.6:
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.2, 1.3)))
    pixels = numpy.asarray(image, dtype=numpy.float32)
    if rng.random() < 0.5:
        pixels = pixels + numpy.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(2, 12), pixels.shape)
    image = Image.fromarray(numpy.clip(pixels, 0, 255).astype(numpy.uint8)).convert("RGB")
    if rng.random() < 0.4:
        tint = numpy.array([rng.randrange(200, 256) for _ in range(3)], dtype=numpy.float32)
        image = Image.fromarray((numpy.asarray(image, dtype=numpy.float32) * tint / 255).astype(numpy.uint8))
    compressed = io.BytesIO()
    image.save(compressed, "JPEG", quality=rng.randrange(50, 96))
    compressed.seek(0)
    return words, Image.open(compressed).convert("RGB")


def recognizer_input(image: Image.Image, height: int = 48) -> numpy.ndarray:
    """As cvision_text_line_input prepares a box: `height` pixels high, the width rounded up to 8
    (zeros after the line), BGR planes scaled to -1…1."""
    used = max(1, int(numpy.ceil(height * image.width / image.height)))
    width = max(8, (used + 7) // 8 * 8)
    bgr = numpy.asarray(image.resize((used, height), Image.BILINEAR), dtype=numpy.float32)[:, :, ::-1]
    planes = numpy.zeros((1, 3, height, width), numpy.float32)
    planes[0, :, :, :used] = bgr.transpose(2, 0, 1) / 127.5 - 1.0
    return planes


def lines(seed: int, count: int) -> list:
    """(text, recognizer input) of `count` lines."""
    rng = random.Random(seed)
    return [(words, recognizer_input(image)) for words, image in (line(rng) for _ in range(count))]
