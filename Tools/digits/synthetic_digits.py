"""Synthetic counter digits for training the meter model beside the corpus: drum cells rendered
in fonts the corpus does not have, both polarities, red decimal drums, cylinder shading, partial
rolls (label x.f = f tenths of the way to x+1), loose cell crops, blur, tilt and noise.

The fonts come from Debian packages (FONT_PACKAGES) and are never DejaVu or a font derived from it:
the strip benchmark (Tools/docgen/generate_meters.py) renders with DejaVu, so it measures fonts the
model has not seen. More typefaces teach the model what stays the same across them."""
import math
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_FILES = [
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf",
    "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf",
    "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf",
    "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Bold.otf",
    "/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Bold.otf",
    "/usr/share/fonts/opentype/urw-base35/URWGothic-Book.otf",
    "/usr/share/fonts/opentype/urw-base35/URWGothic-Demi.otf",
    "/usr/share/fonts/opentype/urw-base35/C059-Bold.otf",
    "/usr/share/fonts/opentype/urw-base35/P052-Bold.otf",
    "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
    "/usr/share/fonts/truetype/freefont/FreeMonoBold.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSerifBold.ttf",
    "/usr/share/fonts/truetype/lato/Lato-Regular.ttf",
    "/usr/share/fonts/truetype/lato/Lato-Bold.ttf",
    "/usr/share/fonts/opentype/b612/B612-Bold.otf",
    "/usr/share/fonts/opentype/b612/B612Mono-Regular.otf",
    "/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Bold.ttf",
    "/usr/share/fonts/truetype/firacode/FiraCode-Medium.ttf",
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf",
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Bold.ttf",
    "/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf",
    "/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf",
]
FONT_PACKAGES = ("fonts-liberation fonts-urw-base35 fonts-freefont-ttf fonts-lato fonts-b612 fonts-jetbrains-mono "
                 "fonts-firacode fonts-roboto-unhinted fonts-open-sans")


def fonts():
    missing = [path for path in FONT_FILES if not Path(path).exists()]
    if missing:
        # A model trained on fewer typefaces reads worse, so a partial set is an error, not a warning.
        raise SystemExit(f"{len(missing)} training fonts missing ({missing[0]}, …): apt-get install {FONT_PACKAGES}")
    return FONT_FILES


def cell(tenths: float, font_path: str, rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """One drum cell at position tenths/10, as a gray width × height array in 0…1."""
    drum_height = int(rng.integers(40, 72))
    drum_width = int(drum_height * rng.uniform(0.55, 0.85))
    font = ImageFont.truetype(font_path, int(drum_height * rng.uniform(0.6, 0.85)))
    light = rng.random() < 0.55
    red = rng.random() < 0.2
    ink = (235, 235, 230) if light else (15, 15, 15)
    paper = (20, 20, 22) if light else (238, 236, 228)
    if red:
        ink, paper = ((240, 240, 240), (190, 30, 30)) if rng.random() < 0.5 else ((200, 30, 30), paper)
    column = Image.new("RGB", (drum_width, drum_height * 11), paper)
    draw = ImageDraw.Draw(column)
    for index in range(11):
        text = str(index % 10)
        box = draw.textbbox((0, 0), text, font=font)
        draw.text(((drum_width - (box[2] - box[0])) / 2 - box[0], index * drum_height + (drum_height - (box[3] - box[1])) / 2 - box[1]), text, font=font, fill=ink)
    top = int(round(tenths / 10 * drum_height)) % (drum_height * 10)
    drum = np.asarray(column.crop((0, top, drum_width, top + drum_height)), dtype=np.float32)
    rows = np.linspace(-1, 1, drum_height)[:, None, None]
    drum *= rng.uniform(0.45, 0.8) + (1 - rng.uniform(0.45, 0.8)) * np.cos(rows * math.pi / 2.4)

    # The cell as a strip reader cuts it: some frame and neighbour gap around the drum.
    frame = float(rng.integers(100, 210))
    pad_x, pad_y = int(drum_width * rng.uniform(0, 0.15)), int(drum_height * rng.uniform(0, 0.1))
    canvas = np.full((drum_height + 2 * pad_y, drum_width + 2 * pad_x, 3), frame, dtype=np.float32)
    canvas[pad_y:pad_y + drum_height, pad_x:pad_x + drum_width] = drum
    image = Image.fromarray(np.clip(canvas, 0, 255).astype(np.uint8)).convert("L")
    image = image.rotate(rng.uniform(-4, 4), resample=Image.BILINEAR, fillcolor=int(frame))
    shift_x, shift_y = rng.integers(-pad_x - 1, pad_x + 2), rng.integers(-pad_y - 1, pad_y + 2)
    image = image.crop((max(0, shift_x), max(0, shift_y), image.width + min(0, shift_x), image.height + min(0, shift_y)))
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0, 1.4)))
    image = image.resize((width, height), Image.BILINEAR)
    pixels = np.asarray(image, dtype=np.float32) + rng.normal(0, rng.uniform(1, 10), (height, width))
    return np.clip(pixels, 0, 255) / 255.0


def render(count: int, seed: int, width: int = 20, height: int = 32, half_roll_share: float = 0.0):
    """`count` cells at positions spread evenly over 0 … 10 (labels in tenths, not rounded: a
    drum stops anywhere, and 5.63 is trained as 37% 5, 63% 6). `half_roll_share` of them sit
    40–75% of the way to the next digit, where the cell shows only slivers of two glyphs and the
    reader errs most."""
    rng = np.random.default_rng(seed)
    paths = fonts()
    tenths = rng.uniform(0, 100, count)
    half = rng.random(count) < half_roll_share
    tenths[half] = np.floor(tenths[half] / 10) * 10 + rng.uniform(4, 7.5, int(half.sum()))
    images = np.stack([cell(float(t), paths[int(rng.integers(len(paths)))], rng, width, height) for t in tenths])
    return images.astype(np.float32), tenths
