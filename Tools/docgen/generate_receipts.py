#!/usr/bin/env python3
"""Generates German and Swiss shop receipts with known truth for the receipt benchmark.

Each NNN.jpg (a receipt printed in a monospaced thermal font, photographed slightly rotated on a
background) comes with NNN.json: merchant, date (ISO), total (decimal string), currency. The
receipts use decimal commas or points, CHF/EUR, "Summe"/"Total"/"Zu zahlen", MwSt lines, and
"Bar"/"Rückgeld" so that the paid total must be told apart from what was handed over.

    python3 Tools/docgen/generate_receipts.py --out .build/receipts-de --count 60 --seed 1
"""
import argparse
import json
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

import generate_documents

MERCHANTS = [
    ("Migros Genossenschaft", "CHF"), ("Coop Bahnhof Bern", "CHF"), ("Bäckerei Müller AG", "CHF"),
    ("Denner AG", "CHF"), ("Apotheke zur Rose GmbH", "CHF"), ("REWE Markt GmbH", "EUR"), ("EDEKA Schmidt", "EUR"),
    ("dm-drogerie markt", "EUR"), ("Café Central GmbH", "EUR"), ("Buchhandlung Lesezeit KG", "EUR"),
]
ITEMS = ["Milch", "Brot", "Butter", "Käse", "Äpfel", "Kaffee", "Zahnpasta", "Gipfeli", "Joghurt", "Tomaten",
         "Reis", "Nudeln", "Wasser 6x1.5l", "Schokolade", "Shampoo", "Zeitung", "Bananen", "Eier 6 Stk"]


def money(cents: int, comma: bool) -> str:
    text = f"{cents // 100}.{cents % 100:02d}"
    return text.replace(".", ",") if comma else text


def receipt_lines(rng: random.Random):
    merchant, currency = rng.choice(MERCHANTS)
    comma = currency == "EUR" or rng.random() < 0.3
    width = 32
    lines = [merchant, f"{rng.choice(['Hauptstrasse', 'Bahnhofplatz', 'Marktgasse'])} {rng.randint(1, 99)}",
             f"{rng.randint(1000, 9999)} {rng.choice(['Bern', 'Zürich', 'Basel', 'München', 'Köln'])}", ""]
    total = 0
    for _ in range(rng.randint(2, 9)):
        name = rng.choice(ITEMS)
        price = rng.randint(45, 2490)
        quantity = rng.choice([1, 1, 1, 2, 3])
        amount = price * quantity
        total += amount
        if quantity > 1:
            lines.append(f"{quantity} x {money(price, comma)}")
        lines.append(name.ljust(width - 10) + money(amount, comma).rjust(10))
    keyword = rng.choice(["Summe", "Total", "TOTAL", "Zu zahlen", "Gesamt"])
    lines.append("-" * width)
    lines.append(f"{keyword} {currency}".ljust(width - 10) + money(total, comma).rjust(10))
    vat_rate = 8.1 if currency == "CHF" else 7.0
    vat = round(total * vat_rate / (100 + vat_rate))
    lines.append(f"MwSt {vat_rate}% inkl.".ljust(width - 10) + money(vat, comma).rjust(10))
    if rng.random() < 0.6:
        tendered = ((total // 500) + 1) * 500 + rng.choice([0, 1000, 5000])
        lines.append("Bar".ljust(width - 10) + money(tendered, comma).rjust(10))
        lines.append("Rückgeld".ljust(width - 10) + money(tendered - total, comma).rjust(10))
    else:
        lines.append(rng.choice(["Karte", "Visa", "Maestro", "TWINT"]).ljust(width - 10) + money(total, comma).rjust(10))
    day, month, year = rng.randint(1, 28), rng.randint(1, 12), rng.choice([2024, 2025])
    date_text = rng.choice([f"{day:02d}.{month:02d}.{year}", f"{day:02d}.{month:02d}.{year % 100:02d}", f"{day:02d}/{month:02d}/{year}"])
    lines += ["", f"Datum: {date_text}  {rng.randint(7, 20):02d}:{rng.randint(0, 59):02d}",
              f"Bon {rng.randint(1000, 99999)}/{rng.randint(1, 9)}", "Vielen Dank für Ihren Einkauf!"]
    truth = {"merchant": merchant, "date": f"{year}-{month:02d}-{day:02d}", "total": money(total, False), "currency": currency}
    return lines, truth


def render(rng: random.Random, lines):
    font = ImageFont.truetype(generate_documents.FONTS[2], 26)
    line_height = 34
    paper = Image.new("RGB", (32 * 16 + 60, line_height * len(lines) + 80), (250, 250, 246))
    draw = ImageDraw.Draw(paper)
    ink = rng.randint(20, 90)  # faded thermal print now and then
    for index, line in enumerate(lines):
        draw.text((30, 40 + index * line_height), line, font=font, fill=(ink, ink, ink))
    angle = rng.uniform(-4, 4)
    margin = 120
    photo = generate_documents.background(rng, paper.width + 2 * margin, paper.height + 2 * margin)
    rotated = paper.rotate(angle, expand=True, resample=Image.BICUBIC, fillcolor=(0, 0, 0))
    mask = Image.new("L", paper.size, 255).rotate(angle, expand=True)
    photo.paste(rotated, ((photo.width - rotated.width) // 2, (photo.height - rotated.height) // 2), mask)
    return photo.filter(ImageFilter.GaussianBlur(rng.choice([0, 0.5, 1.0])))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    for index in range(arguments.count):
        rng = random.Random(arguments.seed * 7919 + index)
        lines, truth = receipt_lines(rng)
        render(rng, lines).save(arguments.out / f"{index:03d}.jpg", quality=90)
        (arguments.out / f"{index:03d}.json").write_text(json.dumps(truth, ensure_ascii=False))


if __name__ == "__main__":
    main()
