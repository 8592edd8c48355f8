#!/usr/bin/env python3
"""Photos of orange ESR payment slips, codeline printed in OCR-B (Debian fonts-ocr-b), with truth.

Each NNN.jpg has NNN.json: {"codeline": "...", "creditor": {...}, "case": "..."}. The slip is a
salmon-coloured form with printed boxes, the creditor's address block under "Einzahlung für /
Versement pour / Versamento per" followed by its account, and text above the codeline; photos vary
in scale, tilt, blur, light and noise. Deterministic for a seed.
"""
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from payment_sets import mod10, write_set

OCRB = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
TYPES_WITH_AMOUNT = ["01", "03", "11", "21", "23"]
TYPES_WITHOUT = ["04", "14", "31", "33"]


def codeline(rng):
    if rng.random() < 0.8:
        head = rng.choice(TYPES_WITH_AMOUNT) + f"{rng.randint(100, 999999999):010d}"
    else:
        head = rng.choice(TYPES_WITHOUT)
    reference = "".join(rng.choice("0123456789") for _ in range(26))
    participant = f"{rng.choice(['01', '30', '60', '80'])}{rng.randint(1, 999999):06d}"
    return f"{head}{mod10(head)}>{reference}{mod10(reference)}+ {participant}{mod10(participant)}>"


NAMES = ["Muster AG", "Elektrizitätswerk Zürich", "Gemeinde Köniz", "Spitex Bern", "Krankenkasse Helvetia",
         "Verein Pro Senectute", "Stadtwerke Winterthur", "Garage Müller GmbH", "Zahnarztpraxis Dr. Weber",
         "Papeterie Zürcher AG", "Bäckerei Frei", "Musikschule Oberland"]
SECOND_NAMES = ["Abteilung Finanzen", "Sektion Bern", "Debitorenbuchhaltung"]
STREETS = ["Bahnhofstrasse", "Hauptstrasse", "Seestrasse", "Dorfplatz", "Rue du Lac", "Via Cantonale",
           "Industriestrasse", "Kirchweg"]
PLACES = [("8001", "Zürich"), ("3001", "Bern"), ("3098", "Köniz"), ("4051", "Basel"), ("6004", "Luzern"),
          ("1003", "Lausanne"), ("6900", "Lugano"), ("8400", "Winterthur"), ("9000", "St. Gallen"), ("9490", "Vaduz")]


def creditor(rng):
    """The creditor's address as the payment form holds it, and the block's printed lines."""
    name = rng.choice(NAMES)
    lines = [name]
    if rng.random() < 0.25:
        second = rng.choice(SECOND_NAMES)
        lines.append(second)
        name = f"{name}, {second}"
    street, number = "", ""
    kind = rng.random()
    if kind < 0.15:
        street = "Postfach"
        lines.append(street)
    elif kind < 0.9:
        street, number = rng.choice(STREETS), str(rng.randint(1, 120)) + ("a" if rng.random() < 0.1 else "")
        lines.append(f"{street} {number}")
    postal_code, town = rng.choice(PLACES)
    country = "LI" if postal_code.startswith("94") else "CH"
    lines.append(f"{'FL-' if country == 'LI' else ''}{postal_code} {town}")
    return {"name": name, "street": street, "buildingNumber": number, "postalCode": postal_code, "town": town, "country": country}, lines


def participant(text):
    """The codeline's participant number as printed: "01-162-8"."""
    digits = text[-10:-1]
    return f"{digits[:2]}-{int(digits[2:8])}-{digits[8]}"


def slip(text, address_lines, rng):
    width, height = 2100, 1060
    image = Image.new("RGB", (width, height), (250, 214, 180))
    draw = ImageDraw.Draw(image)
    sans = ImageFont.truetype(SANS, 30)
    for box in [(60, 60, 1000, 380), (1100, 60, 2040, 380), (60, 420, 1000, 700)]:
        draw.rectangle(box, outline=(220, 120, 60), width=3)
    draw.text((80, 80), "Einzahlung für / Versement pour", fill=(120, 60, 20), font=sans)
    for index, line in enumerate(address_lines):
        draw.text((80, 130 + 40 * index), line, fill=(20, 20, 20), font=sans)
    draw.text((80, 150 + 40 * len(address_lines)), f"Konto / Compte / Conto   {participant(text)}", fill=(120, 60, 20), font=sans)
    draw.text((1120, 80), "Referenz-Nr. / No de référence", fill=(120, 60, 20), font=sans)
    # The codeline's white band, as on real slips.
    draw.rectangle((0, 860, width, 1000), fill=(255, 255, 255))
    ocrb = ImageFont.truetype(OCRB, 44)
    line_width = draw.textlength(text, font=ocrb)
    draw.text((width - 60 - line_width, 900), text, fill=(0, 0, 0), font=ocrb)
    return image


CASES = ["plain", "small", "tilted", "blurred", "dim", "noisy"]


def photograph(image, case, rng):
    background = Image.new("RGB", (image.width + 400, image.height + 400), (rng.randint(60, 120),) * 3)
    background.paste(image, (200, 200))
    image = background
    if case == "small":
        image = image.resize((image.width * 2 // 3, image.height * 2 // 3), Image.LANCZOS)
    if case == "tilted":
        image = image.rotate(rng.uniform(-4, 4), resample=Image.BICUBIC, expand=True, fillcolor=(90, 90, 90))
    if case == "blurred":
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(1.0, 1.6)))
    if case == "dim":
        image = image.point(lambda value: int(25 + value * 0.45))
    if case == "noisy":
        noise = Image.effect_noise(image.size, 28).convert("RGB")
        image = Image.blend(image, noise, 0.15)
    return image


def make(case, rng):
    text = codeline(rng)
    address, lines = creditor(rng)
    return photograph(slip(text, lines, rng), case, rng), {"codeline": text, "creditor": address}


if __name__ == "__main__":
    write_set(__doc__, CASES, 60, make, "jpg", {"quality": 88})
