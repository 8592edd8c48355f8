#!/usr/bin/env python3
"""Generates photos of real-looking meters for the which-meter benchmark (issue 26), with truth.

Each meter has a model (brand, housing, layout: electricity with a rotating disc or an LCD, water
with a round dial, gas with a drum counter), its own serial number with a barcode, a type plate of
technical data and the apartment sticker basements label meters with. Two meters share a model and
differ only in serial number, sticker and counter, as neighbours in a basement do. Every photo shows
a different counter value (the meter kept running) and is taken at another angle (perspective, not
only rotation), distance, light (brightness, colour, a gradient, sometimes a glare spot), blur and
noise, sometimes with an edge of the meter out of the frame.

photos/MM-K.jpg + photos/truth.json ([{"file", "meter", "reference", "value", "digits", "decimals",
"layout", "window"}]); K = 0 is each meter's reference photo, taken straight on. `value` is what the
counter shows as a person writes it down (red drums after the point; on water meters only the drums),
`window` the counter's four corners in the photo's pixels.

    python3 Tools/docgen/generate_meter_photos.py --out .build/meter-photos --meters 8 --photos 8 --seed 1
"""
import argparse
import json
import random
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")


def font(name: str, size: int):
    return ImageFont.truetype(str(FONT_DIR / name), size)


# brand, layout, housing, accent, unit
MODELS = [
    ("LANDIS+GYR", "disc", (228, 228, 222), (40, 40, 40), "kWh"),
    ("ELSTER", "lcd", (62, 66, 72), (230, 230, 230), "kWh"),
    ("SENSUS", "dial", (30, 90, 170), (245, 245, 245), "m³"),
    ("ITRON", "drum", (225, 200, 70), (30, 30, 30), "m³"),
    ("ISKRA", "disc", (170, 178, 170), (150, 30, 30), "kWh"),
    ("KAMSTRUP", "lcd", (238, 238, 238), (20, 90, 60), "kWh"),
    ("ZENNER", "dial", (140, 30, 30), (240, 240, 240), "m³"),
]
WALLS = [(222, 210, 190), (200, 200, 200), (240, 238, 232), (170, 90, 70), (120, 130, 140), (215, 225, 215)]


def barcode(draw, box, serial: str):
    """Bars from the serial's digits: a different code on every meter, as on real type plates."""
    x0, y0, x1, y1 = box
    bits = "".join(format(int(d) * 7 + 3, "06b") for d in serial)
    width = (x1 - x0) / len(bits)
    for index, bit in enumerate(bits):
        if bit == "1":
            draw.rectangle((x0 + index * width, y0, x0 + (index + 1) * width - 1, y1), fill=(15, 15, 15))


def counter(draw, box, value: int, digits: int, red: int):
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=(20, 20, 20))
    cell = (x1 - x0) / digits
    face = font("DejaVuSansMono-Bold.ttf", int((y1 - y0) * 0.7))
    text = str(value).zfill(digits)[-digits:]
    for index, digit in enumerate(text):
        background = (170, 20, 20) if index >= digits - red else (245, 245, 245)
        ink = (250, 250, 250) if index >= digits - red else (10, 10, 10)
        cx0 = x0 + index * cell + 3
        draw.rectangle((cx0, y0 + 4, cx0 + cell - 6, y1 - 4), fill=background)
        bbox = draw.textbbox((0, 0), digit, font=face)
        draw.text((cx0 + (cell - 6 - (bbox[2] - bbox[0])) / 2 - bbox[0], y0 + (y1 - y0 - (bbox[3] - bbox[1])) / 2 - bbox[1]), digit, font=face, fill=ink)


def face(meter: dict, value: int) -> Image.Image:
    brand, layout, housing, accent, unit = meter["model"]
    image = Image.new("RGBA", (600, 820), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, 599, 819), radius=36, fill=housing + (255,), outline=(60, 60, 60, 255), width=4)
    draw.rounded_rectangle((30, 30, 569, 560), radius=14, fill=(236, 236, 230, 255), outline=(90, 90, 90, 255), width=2)
    draw.text((56, 46), brand, font=font("DejaVuSans-Bold.ttf", 46), fill=accent if sum(accent) < 400 else (30, 30, 30))
    draw.text((56, 104), meter["type"], font=font("DejaVuSans.ttf", 22), fill=(40, 40, 40))
    if layout in ("disc", "drum"):
        counter(draw, (70, 150, 530, 230), value, meter["digits"], meter["red"])
        if layout == "disc":
            draw.rectangle((170, 250, 430, 290), fill=(30, 30, 30))
            draw.rectangle((290, 256, 330, 284), fill=(200, 30, 30))
    elif layout == "lcd":
        draw.rectangle((70, 150, 530, 250), fill=(150, 170, 140))
        draw.text((95, 162), f"{value / 10:.1f}", font=font("DejaVuSansMono-Bold.ttf", 64), fill=(30, 40, 30))
        draw.ellipse((480, 270, 510, 300), fill=(220, 40, 40))
    else:  # dial
        draw.ellipse((150, 140, 450, 440), fill=(250, 250, 250), outline=(30, 30, 30), width=6)
        counter(draw, (200, 190, 400, 240), value // 10, 5, 0)
        for index, (cx, cy) in enumerate([(230, 330), (300, 370), (370, 330)]):
            draw.ellipse((cx - 30, cy - 30, cx + 30, cy + 30), outline=(170, 20, 20), width=3)
            angle = (value * (index + 3) % 360) * np.pi / 180
            draw.line((cx, cy, cx + 24 * np.sin(angle), cy - 24 * np.cos(angle)), fill=(170, 20, 20), width=4)
    draw.text((460, 240 if layout != "dial" else 450), unit, font=font("DejaVuSans-Bold.ttf", 34), fill=(20, 20, 20))
    lines = meter["plate"]
    for index, line in enumerate(lines):
        draw.text((56, 320 + index * 30 if layout != "dial" else 470 + index * 26), line, font=font("DejaVuSans.ttf", 20), fill=(35, 35, 35))
    draw.text((56, 590), "Nr. " + meter["serial"], font=font("DejaVuSansMono-Bold.ttf", 34), fill=(20, 20, 20) if sum(housing) > 400 else (240, 240, 240))
    barcode(draw, (56, 640, 420, 700), meter["serial"])
    sx, sy = meter["sticker_at"]
    draw.rounded_rectangle((sx, sy, sx + 130, sy + 80), radius=8, fill=meter["sticker_colour"] + (255,), outline=(20, 20, 20, 255), width=2)
    draw.text((sx + 14, sy + 12), meter["sticker"], font=font("DejaVuSans-Bold.ttf", 46), fill=(10, 10, 10))
    for x, y in [(36, 790), (564, 790), (36, 590), (564, 590)]:
        draw.ellipse((x - 10, y - 10, x + 10, y + 10), fill=(130, 130, 130, 255), outline=(60, 60, 60, 255))
    return image


def perspective_coefficients(source, target):
    """PIL's 8 perspective coefficients mapping output pixels (target) to input pixels (source)."""
    matrix, vector = [], []
    for (x, y), (u, v) in zip(target, source):
        matrix.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        matrix.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        vector += [u, v]
    return np.linalg.solve(np.array(matrix, dtype=float), np.array(vector, dtype=float)).tolist()


def photo(meter_face: Image.Image, wall, rng: random.Random, reference: bool, size=(1600, 1200)):
    """The photo, and the face-to-photo coefficients that place the counter window in it."""
    background = np.full((size[1], size[0], 3), wall, dtype=np.float32)
    background += np.random.default_rng(rng.randrange(2 ** 32)).normal(0, 6, background.shape)
    canvas = Image.fromarray(np.clip(background, 0, 255).astype(np.uint8)).convert("RGBA")
    scale = 0.78 if reference else rng.uniform(0.55, 1.0)
    height = size[1] * scale
    width = height * meter_face.width / meter_face.height
    cx = size[0] / 2 + (0 if reference else rng.uniform(-0.2, 0.2) * size[0])
    cy = size[1] / 2 + (0 if reference else rng.uniform(-0.12, 0.12) * size[1])
    # Corners of the meter in the photo: a rotated rectangle, then each corner pushed as a camera
    # held off-axis would (one side nearer, so larger).
    angle = 0 if reference else np.radians(rng.uniform(-10, 10))
    tilt_x = 0 if reference else rng.uniform(-0.16, 0.16)
    tilt_y = 0 if reference else rng.uniform(-0.12, 0.12)
    corners = []
    for sx, sy in [(-1, -1), (1, -1), (1, 1), (-1, 1)]:
        x, y = sx * width / 2, sy * height / 2
        x *= 1 + tilt_y * sy
        y *= 1 + tilt_x * sx
        corners.append((cx + x * np.cos(angle) - y * np.sin(angle), cy + x * np.sin(angle) + y * np.cos(angle)))
    source = [(0, 0), (meter_face.width, 0), (meter_face.width, meter_face.height), (0, meter_face.height)]
    warped = meter_face.transform(size, Image.PERSPECTIVE, perspective_coefficients(source, corners), Image.BICUBIC)
    to_photo = perspective_coefficients(corners, source)
    canvas.alpha_composite(warped)
    pixels = np.asarray(canvas.convert("RGB"), dtype=np.float32)
    if not reference:
        brightness = rng.uniform(0.6, 1.3)
        tint = np.array([rng.uniform(0.88, 1.1), 1.0, rng.uniform(0.88, 1.1)])
        across = np.linspace(rng.uniform(0.7, 1.0), rng.uniform(1.0, 1.2), size[0])[None, :, None]
        pixels = pixels * brightness * tint * across
        if rng.random() < 0.35:  # glare from a lamp or the flash
            gx, gy, radius = rng.uniform(0.3, 0.7) * size[0], rng.uniform(0.3, 0.7) * size[1], rng.uniform(60, 160)
            yy, xx = np.mgrid[0:size[1], 0:size[0]]
            pixels += 120 * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * radius ** 2))[:, :, None]
    pixels = pixels + np.random.default_rng(rng.randrange(2 ** 32)).normal(0, rng.uniform(3, 8), pixels.shape)
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image.filter(ImageFilter.GaussianBlur(0 if reference else rng.uniform(0, 1.8))), to_photo


def counter_truth(meter: dict, value: int):
    """What the counter shows (as a person writes it down), its layout, and its window on the face."""
    layout = meter["model"][1]
    if layout == "lcd":
        text = f"{value / 10:.1f}"
        return text, len(text) - 1, 1, (70, 150, 530, 250)
    if layout == "dial":  # only the drums count; the small dials are fractions
        return str(value // 10).zfill(5)[-5:], 5, 0, (200, 190, 400, 240)
    digits, red = meter["digits"], meter["red"]
    shown = str(value).zfill(digits)[-digits:]
    return (shown[:digits - red] + "." + shown[digits - red:] if red else shown), digits, red, (70, 150, 530, 230)


def place(coefficients, x: float, y: float):
    a, b, c, d, e, f, g, h = coefficients
    w = g * x + h * y + 1
    return [round((a * x + b * y + c) / w, 1), round((d * x + e * y + f) / w, 1)]


def make_meters(count: int, rng: random.Random):
    meters = []
    for index in range(count):
        # The last meter is a second one of the first model: the look-alike neighbour.
        model = MODELS[0] if index == count - 1 and count > 2 else MODELS[index % len(MODELS)]
        layout = model[1]
        meters.append({
            "model": model,
            "type": model[0].title().replace("+", " ") + f" {rng.choice(['ZMD', 'AS', 'MT', 'E'])}{rng.randint(100, 999)}",
            "serial": "".join(rng.choice("0123456789") for _ in range(8)),
            "plate": [f"{rng.choice(['230V', '3x230/400V'])} {rng.choice(['5(60)A', '10(100)A', '0,25-5(80)A'])} 50Hz",
                      f"{rng.choice([500, 1000, 2000])} imp/{model[4]}  Kl. {rng.choice(['1', '2', 'B'])}",
                      f"CE M{rng.randint(10, 23)} {rng.randint(1000, 9999)}  {rng.randint(2008, 2024)}"],
            "digits": 6 if layout != "drum" else 7,
            "red": 1 if layout != "lcd" else 0,
            "sticker": f"{rng.choice('ABCDW')}{rng.randint(1, 12)}",
            "sticker_colour": rng.choice([(250, 220, 40), (250, 250, 250), (120, 200, 240), (240, 160, 60)]),
            "sticker_at": (rng.choice([420, 430, 440]), rng.choice([600, 620, 720])),
            "start": rng.randint(1000, 900000),
        })
        if model is MODELS[0] and index == count - 1 and count > 2:
            # Same batch: type and plate as the first, only serial, sticker and counter differ.
            meters[-1].update(type=meters[0]["type"], plate=meters[0]["plate"])
    return meters


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True)
    parser.add_argument("--meters", type=int, default=8)
    parser.add_argument("--photos", type=int, default=8, help="new photos per meter besides its reference")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    out = Path(arguments.out) / "photos"
    out.mkdir(parents=True, exist_ok=True)
    truth = []
    for number, meter in enumerate(make_meters(arguments.meters, rng)):
        wall = WALLS[number // 3 % len(WALLS)]
        value = meter["start"]
        for shot in range(arguments.photos + 1):
            value += rng.randint(30, 4000)  # the meter kept running between photos
            name = f"{number:02d}-{shot}.jpg"
            image, to_photo = photo(face(meter, value), wall, rng, reference=shot == 0)
            image.save(out / name, quality=rng.randint(78, 92))
            shown, digits, decimals, (x0, y0, x1, y1) = counter_truth(meter, value)
            window = [place(to_photo, x, y) for x, y in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]]
            truth.append({"file": name, "meter": number, "reference": shot == 0, "value": shown,
                          "digits": digits, "decimals": decimals, "layout": meter["model"][1], "window": window})
    (out / "truth.json").write_text(json.dumps(truth, indent=1))


if __name__ == "__main__":
    main()
