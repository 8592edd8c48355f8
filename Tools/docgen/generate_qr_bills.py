#!/usr/bin/env python3
"""Photos of Swiss QR-bills that are hard for barcode readers, with the truth beside each.

Each NNN.png has NNN.json: {"payloads": [...]} (the QR-bill payloads on it, none for a page without
a bill). Cases: small codes (~3 px per module), rotation, blur, low light, perspective, inverted,
a transparent background, two bills on one page, no bill. Deterministic for a seed.
"""
import numpy
import qrcode
from PIL import Image, ImageFilter

from payment_sets import mod10, write_set

NAMES = ["Müller & Söhne AG", "Robert Schneider AG", "Crèmerie Zürich GmbH", "Pia-Maria Rutschmann-Schnyder", "Bäckerei Jäggi"]
TOWNS = [("8001", "Zürich"), ("2501", "Biel"), ("9400", "Rorschach"), ("1000", "Lausanne"), ("3011", "Bern")]


def payload(rng):
    postal, town = rng.choice(TOWNS)
    body = "".join(rng.choice("0123456789") for _ in range(26))
    amount = "" if rng.random() < 0.2 else f"{rng.randint(1, 99999)}.{rng.randint(0, 99):02d}"
    debtor = ["S", rng.choice(NAMES), "Grosse Marktgasse", str(rng.randint(1, 99)), "9400", "Rorschach", "CH"] if rng.random() < 0.7 else [""] * 7
    return "\n".join(["SPC", "0200", "1", "CH4431999123000889012", "S", rng.choice(NAMES), "Bahnhofstrasse", str(rng.randint(1, 200)), postal, town, "CH"]
                     + [""] * 7 + [amount, rng.choice(["CHF", "EUR"])] + debtor
                     + ["QRR", body + mod10(body), f"Rechnung {rng.randint(1000, 9999)} für Gartenarbeiten", "EPD"])


def code(text, box):
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=box, border=4)
    qr.add_data(text.encode("utf-8"))
    return qr.make_image(fill_color="black", back_color="white").convert("L")


def perspective(image, rng):
    """A true projective tilt (a camera's), not PIL's bilinear QUAD, which bends straight lines."""
    width, height = image.size
    shift = width * 0.12
    source = [(0, 0), (0, height), (width, height), (width, 0)]
    target = [(rng.uniform(0, shift), rng.uniform(0, shift)), (rng.uniform(0, shift), height - rng.uniform(0, shift)),
              (width - rng.uniform(0, shift), height - rng.uniform(0, shift)), (width - rng.uniform(0, shift), rng.uniform(0, shift))]
    # Coefficients mapping output pixels (target) back to input pixels (source).
    rows, values = [], []
    for (x, y), (u, v) in zip(target, source):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        values += [u, v]
    coefficients = numpy.linalg.solve(numpy.array(rows, dtype=float), numpy.array(values, dtype=float))
    return image.transform((width, height), Image.PERSPECTIVE, tuple(coefficients), resample=Image.BICUBIC, fillcolor=255)


def page(codes, rng, size=(2000, 1400)):
    canvas = Image.new("L", size, rng.randint(200, 245))
    for index, image in enumerate(codes):
        canvas.paste(image, (100 + index * (size[0] // 2), rng.randint(60, max(61, size[1] - image.size[1] - 60))))
    return canvas


CASES = ["small", "rotated", "blurred", "dim", "perspective", "inverted", "transparent", "two", "none", "plain"]


def photo(case, rng):
    texts = [payload(rng) for _ in range(2 if case == "two" else 0 if case == "none" else 1)]
    if case == "small":
        return page([code(texts[0], 3)], rng), texts
    if case == "rotated":
        return page([code(texts[0], 4).rotate(rng.uniform(5, 355), expand=True, fillcolor=255)], rng), texts
    if case == "blurred":
        return page([code(texts[0], 5).filter(ImageFilter.GaussianBlur(rng.uniform(0.8, 1.4)))], rng), texts
    if case == "dim":
        # The whole photo dark and flat, as taken in a dim room.
        return page([code(texts[0], 4)], rng).point(lambda value: 30 + value * 0.3), texts
    if case == "perspective":
        # A white margin around the code, so the tilt never cuts into it.
        framed = Image.new("L", tuple(side + 160 for side in code(texts[0], 5).size), 255)
        framed.paste(code(texts[0], 5), (80, 80))
        return page([perspective(framed, rng)], rng), texts
    if case == "inverted":
        return page([code(texts[0], 4).point(lambda value: 255 - value)], rng), texts
    if case == "transparent":
        black = code(texts[0], 4)
        rgba = Image.new("RGBA", (black.size[0] + 200, black.size[1] + 200), (0, 0, 0, 0))
        rgba.paste(Image.new("RGBA", black.size, (0, 0, 0, 255)), (100, 100), mask=Image.eval(black, lambda value: 255 - value))
        return rgba, texts
    if case == "two":
        return page([code(text, 4) for text in texts], rng), texts
    if case == "none":
        return page([], rng), texts
    return page([code(texts[0], 6)], rng), texts


def make(case, rng):
    image, texts = photo(case, rng)
    return image, {"payloads": texts}


if __name__ == "__main__":
    write_set(__doc__, CASES, 40, make, "png")
