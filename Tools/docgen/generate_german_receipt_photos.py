#!/usr/bin/env python3
"""Phone photos of German and Swiss shop receipts with known truth, for the receipt extractor benchmark.

Every receipt follows one chain's template (ALDI SÜD, ALDI Nord, Lidl, EDEKA, REWE, dm, Migros, Coop,
a Bäckerei, an Apotheke, a Café): header with address, phone and VAT number, items with tax class
letters, quantity and weight lines, Pfand, Leergut and discounts, Zwischensumme, the total, cash
(Gegeben/Rückgeld) or card payment with an optional card slip, a VAT table whose rows add up, and a
footer with date, time and Bon number. EUR shops print decimal commas and CHF shops decimal points,
now and then the other way round. Before saving, a self-check parses the printed lines again and
asserts that items + Pfand - discounts = every total line = the truth, that quantity and weight lines
multiply out, that every VAT row matches its tax class, and that Gegeben - Rückgeld = total.

The receipt is printed at thermal-paper width (576-800 px) and photographed: thermal fade (gradient,
broken strokes, dead print-head dots), a cylindrical curl and paper waves, a crease, rotation up to
±12° and perspective, a drop shadow on a background from generate_documents, uneven light, a hand
shadow, Gaussian or motion blur, sensor noise and JPEG 70-92, at 3000-4000 px on the long side. The
whole receipt stays inside the frame and spans 62-88 % of its height (`--fill LOW HIGH`: less is a
photo taken from further away).

Next to every NNN.jpg goes NNN.json: merchant (as printed in the header), date (ISO), items (name and
amount of every item, deposit and discount line, in print order), total (the
amount paid, decimal point), currency, layout (template) and effects (the distortions used).
Deterministic for a given --seed.

    python3 Tools/docgen/generate_german_receipt_photos.py --out .build/receipts-de-photos --count 48 --seed 1
"""
import argparse
import json
import math
import random
import re
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generate_documents  # noqa: E402

DEJAVU = Path(generate_documents.FONTS[0]).parent
OCRB = Path("/usr/share/fonts/opentype/ocr-b/OCRB.otf")
# (regular, bold or None for a doubled stroke, weight)
BODY_FONTS = [entry for entry in [
    (DEJAVU / "DejaVuSansMono.ttf", DEJAVU / "DejaVuSansMono-Bold.ttf", 5),
    (DEJAVU / "DejaVuSansMono-Bold.ttf", DEJAVU / "DejaVuSansMono-Bold.ttf", 2),
    (OCRB, None, 3),
    (DEJAVU / "DejaVuSansCondensed.ttf", DEJAVU / "DejaVuSansCondensed-Bold.ttf", 2),
] if entry[0].exists()]
HEAD_FONTS = [str(path) for path in [
    DEJAVU / "DejaVuSans-Bold.ttf", DEJAVU / "DejaVuSansCondensed-Bold.ttf", DEJAVU / "DejaVuSerif-Bold.ttf",
    DEJAVU / "DejaVuSerifCondensed-Bold.ttf", DEJAVU / "DejaVuSans-BoldOblique.ttf",
] if path.exists()] or [generate_documents.FONTS[0]]
GLYPH_FALLBACK = {"é": "e", "è": "e", "à": "a", "â": "a", "ô": "o", "×": "x", "’": "'"}

# ---------------------------------------------------------------------------------------------
# Catalogues: (name, lowest, highest price in cents[, Pfand in cents]); weight: price per kg.

SUPER_DE = {
    "red": [("Vollmilch 3,5% 1L", 99, 139), ("H-Milch 1,5% 1L", 85, 119), ("Butter 250g", 179, 259),
            ("Gouda jung Scheiben", 149, 229), ("Toastbrot", 99, 169), ("Eier Freiland 10St", 229, 329),
            ("Spaghetti 500g", 79, 149), ("Tomaten passiert", 59, 99), ("Joghurt Natur 500g", 69, 119),
            ("Äpfel Elstar 1kg", 199, 299), ("Bio Bananen", 169, 229), ("Haferflocken 500g", 59, 99),
            ("Müsli Früchte", 199, 349), ("Frischkäse Kräuter", 89, 149), ("Salami Scheiben", 149, 249),
            ("Rinderhack 500g", 399, 599), ("Hähnchenbrust 400g", 449, 699), ("Lachsfilet 250g", 399, 599),
            ("Kartoffeln 2kg", 199, 349), ("Zwiebeln 1kg", 99, 169), ("Möhren 1kg", 89, 149), ("Gurke", 49, 89),
            ("Paprika rot", 99, 179), ("Schokolade Vollmilch", 99, 189), ("Chips Paprika", 119, 199),
            ("Kaffee Crema 1kg", 999, 1699), ("Brötchen 6St", 99, 179), ("Mozzarella 125g", 59, 99),
            ("Sahne 200g", 69, 109), ("Quark 500g", 99, 149), ("Reis Basmati 1kg", 199, 299),
            ("Tiefkühlpizza", 199, 329), ("Rahmspinat TK", 129, 189), ("Weißkohl", 79, 129)],
    "std": [("Mineralwasser 1,5L", 19, 49, 25), ("Cola Zero 1,5L", 99, 179, 25), ("Orangensaft 1L", 129, 219),
            ("Apfelschorle 1,0L", 69, 109, 25), ("Pils 0,5L", 69, 119, 8), ("Weizenbier 0,5L", 89, 129, 8),
            ("Rotwein trocken", 349, 799), ("Sekt trocken", 299, 599), ("Toilettenpapier 8x", 249, 449),
            ("Spülmittel", 79, 149), ("Zahnpasta", 59, 189), ("Duschgel", 79, 199), ("Katzenfutter 4x85g", 199, 299),
            ("Müllbeutel 35L", 129, 199), ("Küchenrolle 4x", 199, 299), ("Batterien AA 8St", 299, 599),
            ("Tulpen Bund", 299, 599), ("Energy Drink 0,25L", 79, 139, 25), ("Waschmittel 20WL", 399, 699)],
    "weight": [("Bananen", 129, 199), ("Tomaten Rispen", 249, 399), ("Äpfel Braeburn", 199, 299),
               ("Weintrauben hell", 299, 499), ("Bergkäse Theke", 1890, 2990), ("Aufschnitt Theke", 1490, 2290),
               ("Hackfleisch gem.", 899, 1299), ("Paprika Mix", 349, 499)],
}
DM = {
    "std": [("Balea Duschgel 300ml", 55, 95), ("alverde Shampoo", 195, 295), ("Zahnbürste medium", 99, 299),
            ("Windeln Gr.4 44St", 699, 1099), ("Taschentücher 10x10", 89, 149), ("Deo Spray 150ml", 145, 245),
            ("Nagellack", 195, 395), ("Rasierklingen 4St", 599, 1299), ("Wattepads 120St", 65, 95),
            ("Sonnencreme LSF30", 395, 795), ("Handcreme", 145, 295), ("Waschmittel Color", 395, 595),
            ("Haarspülung", 95, 245), ("Zahnseide", 95, 175), ("Feuchttücher", 95, 195)],
    "red": [("dmBio Haferflocken", 69, 99), ("dmBio Nussmus", 299, 499), ("Babybrei Karotte", 85, 125),
            ("dmBio Tee Kamille", 99, 189), ("Reiswaffeln", 89, 149), ("Studentenfutter", 199, 299)],
    "weight": [],
}
APO = {
    "std": [("Ibuprofen 400mg 20St", 395, 695), ("Nasenspray 0,1%", 295, 495), ("Hustensaft 100ml", 695, 1195),
            ("Vitamin D3 1000 IE", 795, 1495), ("Pflaster Strips", 245, 395), ("Halstabletten 24St", 495, 795),
            ("Magnesium 300 Brause", 495, 895), ("Paracetamol 500mg", 195, 395), ("Fieberthermometer", 795, 1495),
            ("Zuzahlung Rezept", 500, 500), ("Lutschtabletten Salbei", 445, 695), ("Wund- und Heilsalbe", 545, 895)],
    "red": [], "weight": [],
}
BAECK = {
    "red": [("Brötchen", 35, 55), ("Laugenbrezel", 65, 95), ("Roggenbrot 750g", 349, 499), ("Croissant", 119, 169),
            ("Butterbrezel", 149, 219), ("Apfeltasche", 169, 229), ("Bienenstich", 229, 299),
            ("Käsekuchen Stück", 259, 329), ("Dinkelvollkornbrot", 399, 549), ("Mohnschnecke", 159, 219),
            ("Mehrkornbrötchen", 55, 75)],
    "std": [("Kaffee to go", 229, 329), ("Cappuccino", 289, 389), ("Latte Macchiato", 329, 429),
            ("Milchkaffee", 299, 389)],
    "weight": [],
}
SUPER_CH = {
    "red": [("Vollmilch UHT 1l", 165, 195), ("Gipfeli 4 Stk", 240, 360), ("Zopf 500g", 380, 520),
            ("Bio Bananen", 260, 380), ("Emmentaler 250g", 420, 620), ("Gruyère AOP 200g", 520, 720),
            ("Cervelat 2 Stk", 280, 380), ("Rüebli 1kg", 190, 290), ("Kartoffeln festk. 2.5kg", 380, 520),
            ("Ovomaltine 500g", 650, 890), ("Schoggi Milch 100g", 150, 320), ("Chips Paprika 175g", 390, 490),
            ("Birchermüesli 500g", 390, 520), ("Salat Mix 250g", 350, 450), ("Kaffee Bohnen 500g", 690, 990),
            ("Joghurt Erdbeer 180g", 75, 95), ("Butter 250g", 390, 470), ("Eier Freiland 6 Stk", 450, 580),
            ("Rivella rot 1.5l", 280, 360), ("Mineral 6x1.5l", 480, 620), ("Spaghetti 500g", 140, 260),
            ("Poulet Brust 300g", 890, 1390), ("Pralinés 200g", 990, 1490), ("Älplermagronen", 690, 890)],
    "std": [("Lagerbier 6x33cl", 790, 990), ("Rotwein Merlot 75cl", 890, 1590), ("WC-Papier 9 Rollen", 590, 890),
            ("Zahnpasta", 290, 490), ("Geschirrspültabs", 890, 1290), ("Shampoo", 390, 690),
            ("Blumenstrauss", 1290, 1990), ("Batterien AA", 690, 990), ("Kehrichtsack 35l", 390, 590)],
    "weight": [("Bananen", 280, 380), ("Tomaten Cherry", 890, 1290), ("Äpfel Gala", 390, 520),
               ("Trauben weiss", 590, 890), ("Appenzeller Theke", 2490, 3290)],
}
CAFE = {
    "std": [("Cappuccino", 450, 590), ("Espresso", 380, 450), ("Latte Macchiato", 520, 620), ("Milchkaffee", 480, 580),
            ("Gipfeli", 190, 260), ("Nussgipfel", 320, 420), ("Mineral 5dl", 450, 550), ("Apfelschorle 3dl", 420, 520),
            ("Rüeblitorte", 550, 690), ("Birchermüesli", 790, 990), ("Croissant Schinken", 650, 820),
            ("Tee Pfefferminz", 420, 520), ("Schokoladenkuchen", 590, 720), ("Eistee 3dl", 420, 520)],
    "red": [], "weight": [],
}

DE_CITIES = [("50", "Köln", "0221"), ("80", "München", "089"), ("10", "Berlin", "030"), ("20", "Hamburg", "040"),
             ("70", "Stuttgart", "0711"), ("60", "Frankfurt am Main", "069"), ("04", "Leipzig", "0341"),
             ("90", "Nürnberg", "0911"), ("44", "Dortmund", "0231"), ("45", "Mülheim an der Ruhr", "0208"),
             ("40", "Düsseldorf", "0211"), ("28", "Bremen", "0421"), ("30", "Hannover", "0511"),
             ("01", "Dresden", "0351"), ("79", "Freiburg", "0761"), ("93", "Regensburg", "0941")]
CH_CITIES = [("8001", "Zürich", "044"), ("3011", "Bern", "031"), ("4051", "Basel", "061"), ("6003", "Luzern", "041"),
             ("9000", "St. Gallen", "071"), ("8400", "Winterthur", "052"), ("2502", "Biel/Bienne", "032"),
             ("3600", "Thun", "033"), ("5000", "Aarau", "062"), ("7000", "Chur", "081")]
DE_STREETS = ["Hauptstraße", "Bahnhofstraße", "Industriestr.", "Kölner Str.", "Am Markt", "Schillerstraße",
              "Goethestr.", "Lindenallee", "Berliner Straße", "Friedrich-Ebert-Str.", "Münchener Straße",
              "Weißenburger Str.", "Gewerbering"]
CH_STREETS = ["Bahnhofstrasse", "Marktgasse", "Hauptstrasse", "Seestrasse", "Zürcherstrasse", "Bernstrasse",
              "Spitalgasse", "Dorfstrasse", "Badenerstrasse", "Limmatquai"]
PEOPLE = ["Anna", "Marco", "Sabine", "Jens", "Fatma", "Luca", "Petra", "Nico", "Ilse", "Tobias", "Mehmet", "Lea"]

# ---------------------------------------------------------------------------------------------
# Chain templates. Lists are choices; probabilities are per receipt.

BASE = dict(
    country="DE", currency="EUR", catalog=SUPER_DE, items=(4, 22), std_p=0.35, weight_p=0.1, qty_p=0.18,
    codes={"red": "B", "std": "A"}, col_header_p=0.5, col_header=["EUR"], qty_style=["above"],
    weight_style=["above"], disc_p=0.07, disc_labels=["Rabatt", "Aktion", "Preisvorteil"], pfand_p=0.9,
    pfand_labels=["Pfand", "Pfand EW", "Pfand {p} EW", "Einwegpfand"], leergut_p=0.12, leergut_labels=["Leergut", "Pfandrückgabe"],
    subtotal_p=0.25, subtotal_labels=["Zwischensumme"], total_labels=["SUMME", "Summe EUR"],
    total_styles=["dh", "b", "n", "dw"], cash_p=0.45, given_labels=["Bar", "Gegeben"],
    change_labels=["Rückgeld", "Zurück"], cards=["Kartenzahlung", "girocard", "EC-Karte", "VISA"], slip_p=0.45,
    vat="de4", vat_sum_p=0.4, footer=["plain"], posten_p=0.3, neg=["pre"], cols=[32, 38, 40, 42],
    barcode_p=0.2, thanks=["Vielen Dank für Ihren Einkauf", "Vielen Dank für Ihren Einkauf!"],
)
LAYOUTS = {
    "aldi_sued": dict(merchants=["ALDI SÜD"], subtitles=["Unternehmensgruppe ALDI SÜD"], head=["logo_inv", "logo"],
                      codes={"red": "A", "std": "B"}, disc_labels=["Rabatt", "Preisreduzierung"],
                      total_labels=["Summe", "SUMME"], footer=["aldi"], qty_style=["above"], col_header_p=0.7),
    "aldi_nord": dict(merchants=["ALDI Nord"], subtitles=["ALDI GmbH & Co. KG"], head=["logo", "big"],
                      codes={"red": "1", "std": "2"}, total_labels=["Zu zahlen", "zu zahlen", "SUMME"],
                      footer=["aldi", "plain"], col_header=["EUR", "Preis EUR"], neg=["pre", "post"]),
    "lidl": dict(merchants=["Lidl"], subtitles=["Lidl Vertriebs-GmbH & Co. KG"], head=["logo_inv"],
                 codes={"red": "A", "std": "B"}, disc_labels=["Preisvorteil", "Lidl Plus Rabatt", "Rabatt"],
                 disc_p=0.12, total_labels=["zu zahlen", "Summe", "SUMME"], cards=["Karte", "Kartenzahlung", "girocard"],
                 saved=True, footer=["lidl"], qty_style=["inline", "above"], vat_sum_p=0.7),
    "edeka": dict(merchants=["EDEKA Schmidt", "EDEKA Meyer", "EDEKA Center Koch", "EDEKA Wagner"], head=["big", "logo"],
                  codes={"red": "B", "std": "A"}, total_labels=["SUMME EUR", "Summe", "Gesamt"],
                  cards=["EC-Karte", "Geg. EC-Karte", "VISA", "Mastercard"], payback=True, footer=["plain", "kv"],
                  qty_style=["above", "below"], weight_style=["above", "below"], leergut_labels=["Leergut", "Leergutbon"]),
    "rewe": dict(merchants=["REWE Markt GmbH"], head=["big"], total_labels=["SUMME", "SUMME EUR"],
                 cards=["Geg. Kartenzahlung", "Kartenzahlung", "Geg. girocard"], given_labels=["Geg. BAR", "Gegeben BAR"],
                 change_labels=["Rückgeld BAR", "Rückgeld"], bonus=True, footer=["rewe"], qty_style=["below"],
                 weight_style=["below"], slip_p=0.6),
    "dm": dict(merchants=["dm-drogerie markt"], head=["big", "logo"], catalog=DM, std_p=0.8, items=(2, 12),
               codes={"std": "1", "red": "2"}, pfand_p=0, leergut_p=0, disc_labels=["Coupon", "Rabatt 10%"],
               total_labels=["SUMME EUR", "Summe", "Gesamtsumme"], payback=True, footer=["kv", "plain"],
               qty_style=["inline", "above"], cards=["EC-Karte", "Kartenzahlung", "VISA", "Mastercard"]),
    "migros": dict(country="CH", currency="CHF", catalog=SUPER_CH, merchants=["Migros"],
                   subtitles=["Genossenschaft Migros Zürich", "Genossenschaft Migros Aare", "MM Bahnhof"],
                   head=["logo", "big"], codes={"red": "1", "std": "2"}, col_header=["CHF"], pfand_p=0, leergut_p=0,
                   disc_labels=["Aktion", "Rabatt", "Cumulus-Bon"], total_labels=["Total CHF", "TOTAL", "Total"],
                   cards=["TWINT", "PostFinance Card", "Debit Mastercard", "VISA Debit"], given_labels=["Bar", "Bar CHF"],
                   change_labels=["Zurück", "Rückgeld"], vat="ch", cumulus=True, footer=["plain", "kv"],
                   qty_style=["inline", "above"], neg=["pre", "post"]),
    "coop": dict(country="CH", currency="CHF", catalog=SUPER_CH, merchants=["Coop"],
                 subtitles=["Coop Genossenschaft", "Coop Supermarkt", "Coop City"], head=["logo", "big"],
                 codes={"red": "1", "std": "2"}, pfand_p=0, leergut_p=0, disc_labels=["Aktion", "Rabatt"],
                 total_labels=["Total CHF", "TOTAL CHF"], cards=["TWINT", "Debit Mastercard", "PostFinance Card"],
                 given_labels=["Bar CHF", "Bar"], change_labels=["Rückgeld CHF", "Rückgeld"], vat="ch", supercard=True,
                 footer=["plain", "kv"], qty_style=["columns"], weight_style=["columns"], cols=[40, 42, 44, 48]),
    "baeckerei": dict(merchants=["Bäckerei Müller", "Bäckerei Schneider", "Bäckerei Schäfer", "Landbäckerei Huber"],
                      subtitles=["Backstube & Café", "Meisterbäckerei seit 1921"], head=["big", "logo"], catalog=BAECK,
                      items=(1, 6), std_p=0.25, weight_p=0, qty_p=0.45, pfand_p=0, leergut_p=0, disc_p=0,
                      subtotal_p=0, codes={"red": "B", "std": "A"}, total_labels=["Gesamt", "Summe", "SUMME", "Bar-Summe"],
                      cash_p=0.75, cards=["EC-Karte", "Kartenzahlung"], slip_p=0.3, footer=["kv", "plain"],
                      posten_p=0, col_header_p=0.2, barcode_p=0, thanks=["Vielen Dank und bis bald!", "Danke für Ihren Einkauf"]),
    "apotheke": dict(merchants=["Stern-Apotheke", "Löwen-Apotheke", "Apotheke am Markt", "Rosen-Apotheke"],
                     subtitles=["Inh. Dr. M. Weber e.K.", "Inh. Apotheker J. Braun"], head=["big"], catalog=APO,
                     items=(1, 5), std_p=1.0, weight_p=0, qty_p=0.15, pfand_p=0, leergut_p=0, disc_p=0.15,
                     disc_labels=["Rabatt", "Stammkundenrabatt"], subtotal_p=0, codes=None, vat="inline",
                     total_labels=["Gesamt EUR", "Summe", "Zu zahlen"], cards=["EC-Karte", "girocard", "VISA"],
                     pzn=True, footer=["kv", "plain"], posten_p=0, col_header_p=0.3, thanks=["Gute Besserung!",
                     "Vielen Dank für Ihren Besuch"]),
    "cafe": dict(country="CH", currency="CHF", merchants=["Café Central", "Café Sonne", "Café am Platz"],
                 subtitles=["Kaffeebar & Konditorei"], head=["big", "logo"], catalog=CAFE, items=(1, 7), std_p=1.0,
                 weight_p=0, qty_p=0.35, pfand_p=0, leergut_p=0, disc_p=0, subtotal_p=0, codes=None, vat="inline",
                 total_labels=["Total CHF", "Total", "TOTAL"], cards=["TWINT", "Debit Mastercard", "VISA"],
                 given_labels=["Bar", "Gegeben"], change_labels=["Rückgeld", "Zurück"], cash_p=0.4, slip_p=0.2,
                 table=True, footer=["top"], posten_p=0, col_header_p=0, barcode_p=0,
                 thanks=["Merci und auf Wiedersehen", "Vielen Dank für Ihren Besuch"]),
}
LAYOUT_WEIGHTS = {"aldi_sued": 4, "aldi_nord": 3, "lidl": 5, "edeka": 4, "rewe": 5, "dm": 3, "migros": 4, "coop": 4,
                  "baeckerei": 2, "apotheke": 2, "cafe": 2}
MONEY_ROLES = ("item", "pfand", "discount")

# ---------------------------------------------------------------------------------------------
# Money and the printed receipt model.


def half_up(numerator, denominator):
    sign = -1 if numerator < 0 else 1
    return sign * ((2 * abs(numerator) + denominator) // (2 * denominator))


def vat_of(brutto, rate):
    """VAT contained in a gross amount; rate in hundredths of a percent (1900 = 19%)."""
    return half_up(brutto * rate, 10000 + rate)


def money(cents, sep=".", neg="pre"):
    text = f"{abs(cents) // 100}{sep}{abs(cents) % 100:02d}"
    if cents < 0:
        return "-" + text if neg == "pre" else text + "-"
    return text


AMOUNT = re.compile(r"(-?)(\d{1,6})[.,](\d{2})(-?)")
QTY = re.compile(r"(\d+)\s*(?:Stk\.?|St\.?)?\s*[xX×*]\s*(\d+[.,]\d{2})")
WEIGHT = re.compile(r"(\d+[.,]\d{3})\s*kg\s*[xX×*à@a]\s*(\d+[.,]\d{2})")
RATE = re.compile(r"(\d+)(?:[.,](\d+))?\s*%")
DATE = re.compile(r"(\d{2})\.(\d{2})\.(\d{4}|\d{2})\b")


def parse_amount(text):
    match = AMOUNT.fullmatch(text.strip())
    assert match, f"not an amount: {text!r}"
    value = int(match.group(2)) * 100 + int(match.group(3))
    return -value if (match.group(1) or match.group(4)) else value


class Row:
    def __init__(self, segs, style="n", role=None, value=None, amount=None, meta=None):
        self.segs = [list(seg) for seg in segs]  # [text, anchor l/r/c/fill, x as a share of the printable width]
        self.style, self.role, self.value, self.amount, self.meta = style, role, value, amount, meta or {}

    def plain(self):
        return "  ".join(seg[0] for seg in self.segs)


class Receipt:
    def __init__(self, rng, cfg, sep, cols):
        self.rng, self.cfg, self.sep, self.cols = rng, cfg, sep, cols
        self.neg = rng.choice(cfg["neg"])
        self.rows = []
        self.code_w = 2 / cols if cfg["codes"] else 0.0
        self.round5 = cfg["currency"] == "CHF"

    def m(self, cents):
        return money(cents, self.sep, self.neg)

    def add(self, segs, style="n", role=None, value=None, amount=None, meta=None):
        row = Row(segs, style, role, value, amount, meta)
        self.rows.append(row)
        return row

    def center(self, text, style="n", role=None, meta=None):
        return self.add([(text, "c", 0.5)], style, role, meta=meta)

    def left(self, text, style="n", role=None, meta=None):
        return self.add([(text, "l", 0.0)], style, role, meta=meta)

    def pair(self, left, right, style="n", role=None, meta=None):
        return self.add([(left, "l", 0.0), (right, "r", 1.0)], style, role, meta=meta)

    def rule(self, char="-"):
        self.add([(char, "fill", 0.0)])

    def blank(self, height=1.0):
        self.add([], "blank", meta={"h": height})

    def money_line(self, label, cents, code=None, role=None, style="n", mid=(), meta=None, price_x=None):
        segs = [(label, "l", 0.0)] + list(mid)
        segs.append((self.m(cents), "r", 1.0 - self.code_w if price_x is None else price_x))
        amount = len(segs) - 1
        meta = dict(meta or {})
        if self.code_w and code is not None:
            segs.append((code, "r", 1.0))
            meta["code"] = len(segs) - 1
        return self.add(segs, style, role, cents, amount, meta)


# ---------------------------------------------------------------------------------------------
# Content.


def shop_price(rng, low, high, rc):
    value = rng.randint(low, high)
    if rc.round5:
        return max(5, int(round(value / 5)) * 5)
    if rng.random() < 0.7 and value > 20:
        value = value // 10 * 10 + 9
    return value


def weigh(grams, per_kg, round5):
    if round5:
        return half_up(grams * per_kg, 5000) * 5
    return half_up(grams * per_kg, 1000)


def fmt_kg(grams, sep):
    return f"{grams // 1000}{sep}{grams % 1000:03d}"


def pick_items(rng, rc):
    cfg, catalog = rc.cfg, rc.cfg["catalog"]
    items, prices = [], {}  # one price per article on a receipt
    for _ in range(rng.randint(*cfg["items"])):
        if catalog["weight"] and rng.random() < cfg["weight_p"]:
            name, low, high = rng.choice(catalog["weight"])
            per_kg = prices.setdefault(name, shop_price(rng, low, high, rc))
            grams = rng.randint(115, 1850)
            items.append(dict(name=name, cls="red", kind="weight", unit=per_kg, grams=grams,
                              amount=weigh(grams, per_kg, rc.round5), qty=1))
            continue
        cls = "std" if rng.random() < cfg["std_p"] else "red"
        if not catalog[cls]:
            cls = "red" if cls == "std" else "std"
        entry = rng.choice(catalog[cls])
        unit = shop_price(rng, entry[1], entry[2], rc)
        if cfg["catalog"] is CAFE and rc.cfg["currency"] == "EUR":
            unit = max(90, int(round(unit * 0.62 / 10)) * 10)
        unit = prices.setdefault(entry[0], unit)
        qty = rng.choice([2, 2, 2, 3, 4, 6]) if rng.random() < cfg["qty_p"] else 1
        items.append(dict(name=entry[0], cls=cls, kind="qty" if qty > 1 else "unit", unit=unit, qty=qty,
                          amount=unit * qty, pfand=entry[3] if len(entry) > 3 else 0))
    return items


def address(rng, cfg):
    if cfg["country"] == "CH":
        plz, city, area = rng.choice(CH_CITIES)
        plz = f"{int(plz) + rng.randint(0, 9)}"
        street = f"{rng.choice(CH_STREETS)} {rng.randint(1, 120)}"
        phone = f"Tel. {area} {rng.randint(200, 999)} {rng.randint(10, 99)} {rng.randint(10, 99)}"
        uid = f"CHE-{rng.randint(100, 999)}.{rng.randint(100, 999)}.{rng.randint(100, 999)}"
        tax = rng.choice([f"MWST-Nr {uid}", f"MWST-Nr. {uid} MWST", f"UID {uid} MWST"])
    else:
        prefix, city, area = rng.choice(DE_CITIES)
        plz = f"{prefix}{rng.randint(100, 999)}"
        street = f"{rng.choice(DE_STREETS)} {rng.randint(1, 180)}{rng.choice(['', '', '', 'a', 'b'])}"
        phone = rng.choice(["Tel. ", "Tel.: ", "Telefon "]) + f"{area} {rng.randint(10000, 9999999)}"
        tax = rng.choice([f"USt-IdNr. DE{rng.randint(100000000, 999999999)}",
                          f"UID Nr.: DE{rng.randint(100000000, 999999999)}",
                          f"St.-Nr. {rng.randint(100, 299)}/{rng.randint(100, 999)}/{rng.randint(10000, 99999)}"])
    return street, f"{plz} {city}", phone, tax


def header(rng, rc, merchant):
    cfg = rc.cfg
    style = rng.choice(cfg["head"])
    rc.blank(rng.uniform(0.2, 1.0))
    rc.add([(merchant, "c", 0.5)], style, role="merchant", meta={"inverted": style == "logo_inv"})
    if cfg.get("subtitles") and rng.random() < 0.5:
        rc.center(rng.choice(cfg["subtitles"]))
    street, city, phone, tax = address(rng, cfg)
    if rng.random() < 0.3:
        rc.center(f"{street}, {city}" if len(street) + len(city) + 2 <= rc.cols else street)
        if len(street) + len(city) + 2 > rc.cols:
            rc.center(city)
    else:
        rc.center(street)
        rc.center(city)
    if rng.random() < 0.6:
        rc.center(phone)
    if rng.random() < 0.5:
        rc.center(tax)
    if cfg.get("table"):
        rc.blank(0.5)
        rc.pair(f"Tisch {rng.randint(1, 24)}", f"Bedienung: {rng.choice(PEOPLE)}")
    rc.blank(rng.uniform(0.5, 1.2))


def item_rows(rng, rc, items):
    cfg, codes = rc.cfg, rc.cfg["codes"] or {}
    qty_style, weight_style = rng.choice(cfg["qty_style"]), rng.choice(cfg["weight_style"])
    cur = rc.cfg["currency"]
    # one way of printing quantities and weights per receipt, as a till does
    qty_format = rng.choice(["{q} x {p}", "{q} x  {p}", "{q} Stk x {p}", "{q} X {p}"])
    weight_format = rng.choice(["{kg} kg x {p} {cur}/kg", "{kg}kg * {p}/kg",
                                "{kg} kg à {p} {cur}/kg" if cur == "CHF" else "{kg} kg x {p} EUR/kg"])
    columns = qty_style == "columns"
    if columns:
        rc.add([("Artikel", "l", 0.0), ("Menge", "r", 0.52), ("Preis", "r", 0.73), ("Total", "r", 1.0 - rc.code_w)])
        rc.rule(rng.choice("-="))
    elif rng.random() < cfg["col_header_p"]:
        rc.add([(rng.choice(cfg["col_header"]), "r", 1.0 - rc.code_w)])
    name_max = int(rc.cols * (0.52 if columns else 0.62)) - (6 if columns else 2)
    std_code = codes.get("std")
    for item in items:
        name = item["name"][:name_max].rstrip()
        code = codes.get(item["cls"])
        if columns:
            if item["kind"] == "weight":
                qty_text = fmt_kg(item["grams"], rc.sep)
            else:
                qty_text = str(item["qty"])
            mid = [(qty_text, "r", 0.52), (rc.m(item["unit"]), "r", 0.73)]
            rc.money_line(name, item["amount"], code, "item", mid=mid,
                          meta={"columns": (1, 2, "weight" if item["kind"] == "weight" else "qty")})
        elif item["kind"] == "weight":
            text = "  " + weight_format.format(kg=fmt_kg(item["grams"], rc.sep), p=rc.m(item["unit"]), cur=cur)
            if weight_style == "above":
                info = rc.left(text, role="weight")
                info.meta["item"] = rc.money_line(name, item["amount"], code, "item")
            else:
                row = rc.money_line(name, item["amount"], code, "item")
                rc.left(text, role="weight", meta={"item": row})
        elif item["kind"] == "qty":
            text = qty_format.format(q=item["qty"], p=rc.m(item["unit"]))
            if qty_style == "inline" and len(name) + len(text) + 10 < rc.cols:
                rc.money_line(name, item["amount"], code, "item", mid=[(text, "r", 0.74 - rc.code_w)],
                              meta={"qty_seg": 1})
            elif qty_style == "below":
                row = rc.money_line(name, item["amount"], code, "item")
                rc.left("  " + text, role="qty", meta={"item": row})
            else:
                info = rc.left("  " + text, role="qty")
                info.meta["item"] = rc.money_line(name, item["amount"], code, "item")
        else:
            if cfg.get("pzn") and rng.random() < 0.7:
                rc.left(f"PZN {rng.randint(1000000, 99999999):08d}")
            rc.money_line(name, item["amount"], code, "item")
        if item.get("pfand") and rng.random() < cfg["pfand_p"]:
            deposit, count = item["pfand"], item["qty"]
            label = rng.choice(["Pfand", "Pfand MW", "Pfand Glas"] if deposit < 25 else cfg["pfand_labels"])
            label = label.format(p=rc.m(deposit))
            if count > 1:
                label = f"{label} {count} x {rc.m(deposit)}"
            rc.money_line(label, deposit * count, std_code, "pfand", meta={"qty_in_label": count > 1})
        if rng.random() < cfg["disc_p"] and item["amount"] >= 100:
            cut = max(10, int(item["amount"] * rng.uniform(0.1, 0.3)) // 10 * 10)
            rc.money_line("  " + rng.choice(cfg["disc_labels"]), -cut, code, "discount")


def build(rng, layout):
    cfg = dict(BASE, **LAYOUTS[layout])
    if layout == "cafe" and rng.random() < 0.35:
        cfg.update(country="DE", currency="EUR", total_labels=["Summe", "Gesamt", "Zu zahlen"],
                   cards=["EC-Karte", "Kartenzahlung", "VISA"], given_labels=["Bar", "Gegeben"])
    rates = {"red": 260, "std": 810} if cfg["currency"] == "CHF" else {"red": 700, "std": 1900}
    flip = rng.random() < 0.12
    sep = "," if (cfg["currency"] == "EUR") != flip else "."
    cols = rng.choice(cfg["cols"])
    rc = Receipt(rng, cfg, sep, cols)
    merchant = rng.choice(cfg["merchants"])
    header(rng, rc, merchant)
    rc.header_end = len(rc.rows)
    items = pick_items(rng, rc)
    item_rows(rng, rc, items)
    # Leergut: a deposit return voucher, never more than half of the standard-rate class.
    std_sum = sum(r.value for r in rc.rows if r.role in MONEY_ROLES and r.meta.get("code") is not None
                  and r.segs[r.meta["code"]][0] == (cfg["codes"] or {}).get("std"))
    if cfg["codes"] and rng.random() < cfg["leergut_p"]:
        back = rng.choice([25, 75, 150, 200, 300, 8 * rng.randint(2, 20), 15 * rng.randint(1, 10)])
        if back * 2 <= std_sum:
            rc.money_line(rng.choice(cfg["leergut_labels"]), -back, cfg["codes"]["std"], "discount")
    total = sum(r.value for r in rc.rows if r.role in MONEY_ROLES)
    discounts = sum(r.value for r in rc.rows if r.role == "discount")
    if total <= 0:
        raise ValueError("non-positive total")
    # Zwischensumme before the receipt-wide discounts: move a coupon below it.
    if rng.random() < cfg["subtotal_p"]:
        if cfg["disc_p"] and rng.random() < 0.6 and total > 500:
            coupon = max(10, int(total * rng.uniform(0.03, 0.1)) // 10 * 10) if not rc.round5 else \
                max(50, int(total * rng.uniform(0.03, 0.1)) // 50 * 50)
            rc.rule("-")
            rc.money_line(rng.choice(cfg["subtotal_labels"]), total, None, "subtotal")
            label = rng.choice(["Coupon", "Rabatt", "Aktion", "Gutschein"]) if cfg["currency"] == "EUR" else \
                rng.choice(["Aktion", "Cumulus-Bon" if cfg.get("cumulus") else "Rabatt", "Gutschein"])
            code = (cfg["codes"] or {}).get("red") if rng.random() < 0.5 else (cfg["codes"] or {}).get("std")
            if code is not None and sum(r.value for r in rc.rows if r.role in MONEY_ROLES and
                                        r.segs[r.meta["code"]][0] == code) < 2 * coupon:
                code = None
            if code is not None or not cfg["codes"]:
                rc.money_line(label, -coupon, code, "discount")
                total -= coupon
                discounts -= coupon
        else:
            rc.rule("-")
            rc.money_line(rng.choice(cfg["subtotal_labels"]), total, None, "subtotal")
    rc.rule(rng.choice("-=-"))
    label = rng.choice(cfg["total_labels"])
    style = rng.choice(cfg["total_styles"])
    if style == "dw" and len(label) + len(rc.m(total)) + 3 > cols // 2:
        style = "dh"
    rc.money_line(label, total, None, "total", style=style, price_x=1.0 if style == "dw" else 1.0 - rc.code_w)
    if rng.random() < cfg["posten_p"]:
        count = sum(1 for r in rc.rows if r.role == "item")
        rc.left(rng.choice(["Posten: {n}", "Anzahl Artikel: {n}", "{n} Artikel"]).format(n=count))
    payment(rng, rc, total)
    if discounts and cfg.get("saved"):
        rc.blank(0.5)
        rc.add([(rng.choice(["Sie haben gespart", "Ihre Ersparnis", "Preisvorteil gesamt"]), "l", 0.0),
                (rc.m(-discounts), "r", 1.0)], "b", role="saved", value=-discounts, amount=1)
    if cfg.get("cumulus"):
        rc.blank(0.5)
        rc.left(f"Cumulus-Nummer: 2099 **** {rng.randint(1000, 9999)}")
        rc.pair("Cumulus-Punkte", str(total // 100 + rng.randint(0, 3)))
    if cfg.get("supercard"):
        rc.blank(0.5)
        rc.pair("Supercard", f"**** {rng.randint(1000, 9999)}")
        rc.pair("Superpunkte", str(total // 100))
    if cfg.get("payback") and rng.random() < 0.5:
        rc.blank(0.5)
        rc.pair("PAYBACK Karte", f"#########{rng.randint(100, 999)}")
        rc.pair("PAYBACK Punkte", str(total // 200))
    if cfg.get("bonus") and rng.random() < 0.5:
        rc.blank(0.5)
        rc.add([("Bonus-Guthaben", "l", 0.0), (rc.m(rng.randint(10, 900)), "r", 0.85), ("EUR", "r", 1.0)])
    vat_table(rng, rc, rates)
    year, month, day = rng.choice([2023, 2024, 2025, 2025]), rng.randint(1, 12), rng.randint(1, 28)
    hour, minute, second = rng.randint(7, 21), rng.randint(0, 59), rng.randint(0, 59)
    footer(rng, rc, (year, month, day), (hour, minute, second))
    truth = {"merchant": merchant, "date": f"{year}-{month:02d}-{day:02d}", "total": money(total),
             "currency": cfg["currency"], "layout": layout,
             # Every line that costs or takes off money, in print order: what an item reader must find.
             "items": [{"name": r.segs[0][0].strip(), "amount": money(r.value)} for r in rc.rows if r.role in MONEY_ROLES]}
    return rc, truth


def payment(rng, rc, total):
    cfg = rc.cfg
    if rng.random() < cfg["cash_p"]:
        notes = [500, 1000, 2000, 5000, 10000, 20000]
        options = [total, -(-total // 100) * 100, -(-total // 500) * 500, -(-total // 1000) * 1000,
                   min([n for n in notes if n >= total] or [total])]
        given = rng.choice(options)
        rc.money_line(rng.choice(cfg["given_labels"]), given, None, "given")
        rc.money_line(rng.choice(cfg["change_labels"]), given - total, None, "change")
        rc.cash = True
        return
    rc.cash = False
    card = rng.choice(cfg["cards"])
    rc.money_line(card, total, None, "paid")
    rc.card = card
    rc.slip = rng.random() < cfg["slip_p"]


def card_slip(rng, rc, total, date_text, time_text):
    cur = rc.cfg["currency"]
    rc.blank(0.8)
    rc.rule(rng.choice("*-="))
    if cur == "EUR":
        rc.center(rng.choice(["Kundenbeleg", "Kunden-Beleg", "** Kundenbeleg **"]))
        rc.center("Kartenzahlung")
        rc.center(rc.card.replace("Geg. ", "") if "girocard" in rc.card or "VISA" in rc.card or "Master" in rc.card
                  else rng.choice(["girocard", "Debit Mastercard", "VISA"]))
        rc.pair(f"Datum: {date_text}", f"{time_text} Uhr", role="date", meta={"date": date_text})
        rc.pair("Terminal-ID", f"{rng.randint(50000000, 69999999)}")
        rc.pair(f"TA-Nr. {rng.randint(1, 999999):06d}", f"BNr. {rng.randint(1, 9999):04d}")
        rc.left(rng.choice(["Karte ", "PAN "]) + "#" * 12 + f"{rng.randint(1000, 9999)}")
        rc.money_line(rng.choice(["Betrag EUR", "BETRAG EUR", "Betrag"]), total, None, "paid", style=rng.choice("nb"),
                      price_x=1.0)
        rc.center(rng.choice(["Zahlung erfolgt", "GENEHMIGT", "Zahlung erfolgt"]))
    else:
        rc.center(rng.choice(["Buchung", "Kundenquittung"]))
        rc.center(rc.card)
        rc.pair(date_text, time_text, role="date", meta={"date": date_text})
        rc.pair("Trm-Id:", f"{rng.randint(10000000, 99999999)}")
        rc.pair("Trx. Seq-Cnt:", f"{rng.randint(1, 999999):06d}")
        rc.pair("AID:", "A000000" + rng.choice(["0041010", "0031010", "1111010"]))
        rc.money_line("Total-EFT CHF:", total, None, "paid", price_x=1.0)
        rc.center(rng.choice(["Transaktion OK", "Bezahlt"]))
    rc.rule(rng.choice("*-="))


def rate_text(rng, rate, sep):
    whole, frac = divmod(rate, 100)
    if frac == 0:
        options = [f"{whole}%", f"{whole}{sep}0%", f"{whole}{sep}00 %", f"{whole} %"]
    else:
        options = [f"{whole}{sep}{frac // 10}%", f"{whole}{sep}{frac:02d}%", f"{whole}{sep}{frac // 10} %"]
    return rng.choice(options)


def vat_table(rng, rc, rates):
    cfg = rc.cfg
    codes = cfg["codes"] or {}
    groups = {}
    for row in rc.rows:
        if row.role in MONEY_ROLES:
            code = row.segs[row.meta["code"]][0] if "code" in row.meta else ""
            groups[code] = groups.get(code, 0) + row.value
    code_cls = {code: cls for cls, code in codes.items()}
    rc.blank(rng.uniform(0.6, 1.2))
    if cfg["vat"] == "inline":
        [(code, brutto)] = groups.items()
        rate = rates["std"]
        tax = vat_of(brutto, rate)
        label = rng.choice(["inkl. {r} MwSt", "MwSt {r}", "enth. MwSt {r}"] if cfg["currency"] == "EUR"
                           else ["inkl. MWST {r}", "MWST {r} inkl.", "MWST {r}"]).format(r=rate_text(rng, rate, rc.sep))
        if rng.random() < 0.5:
            rc.add([("Netto", "l", 0.0), (rc.m(brutto - tax), "r", 1.0)], role="vat",
                   meta={"vcode": code, "rate": rate, "cols": {"netto": 1}, "rate_text": None})
        rc.add([(label, "l", 0.0), (rc.m(tax), "r", 1.0)], role="vat",
               meta={"vcode": code, "rate": rate, "cols": {"steuer": 1}, "rate_text": 0})
        return
    if cfg["vat"] == "ch":
        kinds = rng.choice([("brutto", "steuer"), ("netto", "steuer", "brutto"), ("steuer", "brutto")])
        names = {"brutto": rng.choice(["Total", "Betrag", "inkl."]), "steuer": "MWST", "netto": rng.choice(["Netto", "exkl."])}
        first = rng.choice(["MWST", "Satz", "MWST-Satz"])
    else:
        kinds = rng.choice([("netto", "steuer", "brutto"), ("steuer", "netto", "brutto"), ("netto", "steuer", "brutto")])
        names = {"brutto": rng.choice(["Brutto", "Umsatz", "BRUTTO"]), "steuer": rng.choice(["Steuer", "MwSt", "MWST"]),
                 "netto": rng.choice(["Netto", "NETTO"])}
        first = rng.choice(["MwSt", "Steuer %", "MwSt-Satz", "MWST"])
    xs = [1.0] if len(kinds) == 1 else ([0.68, 1.0] if len(kinds) == 2 else [0.5, 0.75, 1.0])
    rc.add([(first, "l", 0.0)] + [(names[k], "r", x) for k, x in zip(kinds, xs)])
    sums = {"netto": 0, "steuer": 0, "brutto": 0}
    order = sorted(groups, key=lambda code: rates[code_cls.get(code, "std")], reverse=rng.random() < 0.5)
    for code in order:
        brutto = groups[code]
        rate = rates[code_cls.get(code, "std")]
        tax = vat_of(brutto, rate)
        values = {"netto": brutto - tax, "steuer": tax, "brutto": brutto}
        for kind in sums:
            sums[kind] += values[kind]
        rtext = rate_text(rng, rate, rc.sep)
        label = rng.choice([f"{code}= {rtext}", f"{code} {rtext}", f"{code}  {rtext}"]) if code.strip() else rtext
        segs = [(label, "l", 0.0)] + [(rc.m(values[k]), "r", x) for k, x in zip(kinds, xs)]
        rc.add(segs, role="vat", meta={"vcode": code, "rate": rate, "cols": {k: i + 1 for i, k in enumerate(kinds)},
                                        "rate_text": 0})
    if rng.random() < cfg["vat_sum_p"]:
        label = rng.choice(["Summe", "Gesamtbetrag" if rc.cols >= 40 else "Summe", "Gesamt", "Total"])
        rc.add([(label, "l", 0.0)] + [(rc.m(sums[k]), "r", x) for k, x in zip(kinds, xs)], role="vatsum",
               meta={"cols": {k: i + 1 for i, k in enumerate(kinds)}})


def footer(rng, rc, date, clock):
    cfg = rc.cfg
    year, month, day = date
    d4, d2 = f"{day:02d}.{month:02d}.{year}", f"{day:02d}.{month:02d}.{year % 100:02d}"
    date_text = rng.choice([d4, d4, d2])
    time_text = f"{clock[0]:02d}:{clock[1]:02d}" + (f":{clock[2]:02d}" if rng.random() < 0.35 else "")
    if getattr(rc, "slip", False) and not rc.cash:
        slip_time = f"{clock[0]:02d}:{clock[1]:02d}"
        card_slip(rng, rc, next(r.value for r in rc.rows if r.role == "total"), date_text, slip_time)
    style = rng.choice(cfg["footer"])
    rc.blank(rng.uniform(0.8, 1.5))
    bon = rng.randint(1000, 99999)
    if style == "top":  # the café prints date and time below the header
        index = rc.header_end
        row = Row([(f"{date_text} {time_text}", "l", 0.0), (f"Beleg {bon}", "r", 1.0)], role="date", meta={"date": date_text})
        rc.rows.insert(index, row)
        rc.center(rng.choice(cfg["thanks"]))
        return
    if style == "aldi":
        rc.center(rng.choice(cfg["thanks"]))
        rc.blank(0.6)
        rc.left(f"{date_text} {time_text}  {rng.randint(100, 999)} {rng.randint(100, 999)} {rng.randint(1, 9)}",
                role="date", meta={"date": date_text})
    elif style == "lidl":
        till = f"{rng.randint(1000, 9999)} {rng.randint(100000, 999999)}/{rng.randint(1, 9)}"
        if len(till) + len(date_text) + len(time_text) + 5 <= rc.cols:
            rc.left(f"{till}    {date_text} {time_text}", role="date", meta={"date": date_text})
        elif len(till) + len(date_text) + len(time_text) + 3 <= rc.cols:
            rc.pair(till, f"{date_text} {time_text}", role="date", meta={"date": date_text})
        else:
            rc.left(till)
            rc.left(f"{date_text} {time_text}", role="date", meta={"date": date_text})
        rc.blank(0.6)
        rc.center(rng.choice(cfg["thanks"]))
    elif style == "rewe":
        rc.pair(date_text, time_text, role="date", meta={"date": date_text})
        rc.pair(f"Bon-Nr.:{bon}", f"Markt:{rng.randint(1000, 9999)}")
        rc.pair(f"Kasse:{rng.randint(1, 12)}", f"Bed.:{rng.randint(100000, 999999)}")
        rc.blank(0.6)
        rc.center(rng.choice(cfg["thanks"]))
    elif style == "kv":
        rc.left(f"Datum: {date_text}", role="date", meta={"date": date_text})
        rc.left(f"Uhrzeit: {time_text}" + rng.choice(["", " Uhr"]))
        rc.left(rng.choice(["Bon-Nr.: ", "Beleg-Nr. ", "Bon "]) + str(bon))
        rc.left(rng.choice(["Es bediente Sie: ", "Kassierer: ", "Kasse 1 / "]) + rng.choice(PEOPLE))
        rc.blank(0.6)
        rc.center(rng.choice(cfg["thanks"]))
    else:
        rc.center(rng.choice(cfg["thanks"]))
        rc.blank(0.5)
        rc.pair(f"{date_text} {time_text}", f"Bon {bon}", role="date", meta={"date": date_text})
        rc.pair(f"Kasse {rng.randint(1, 12)}", rng.choice(PEOPLE))
    if rng.random() < cfg["barcode_p"]:
        rc.blank(0.5)
        rc.add([], "barcode", meta={"seed": rng.randint(0, 1 << 30)})
    if rng.random() < 0.3:
        rc.center(rng.choice(["Öffnungszeiten Mo-Sa 7-22 Uhr", "Mo-Fr 8-20 Uhr, Sa 8-18 Uhr",
                              "www.example-markt.de" if rc.cfg["currency"] == "EUR" else "Mo-Sa 8.00-20.00"]))


# ---------------------------------------------------------------------------------------------
# Self-check: parse what is printed and redo the arithmetic.


def self_check(rc, truth):
    rows = rc.rows
    amount = {id(r): parse_amount(r.segs[r.amount][0]) for r in rows if r.amount is not None}
    for r in rows:
        if r.amount is not None and r.value is not None:
            assert amount[id(r)] == r.value, (r.plain(), r.value)
    money_rows = [r for r in rows if r.role in MONEY_ROLES]
    total = sum(amount[id(r)] for r in money_rows)
    assert total > 0
    for r in money_rows:
        assert (amount[id(r)] < 0) == (r.role == "discount"), r.plain()
    totals = [r for r in rows if r.role == "total"]
    assert len(totals) == 1 and amount[id(totals[0])] == total, (total, [t.plain() for t in totals])
    assert truth["total"] == money(total), (truth["total"], total)
    running = 0
    for r in rows:
        if r.role in MONEY_ROLES:
            running += amount[id(r)]
        if r.role == "subtotal":
            assert amount[id(r)] == running, r.plain()
    # quantity and weight lines multiply out
    for r in rows:
        if r.role in ("qty", "weight") or "qty_seg" in r.meta or r.meta.get("qty_in_label") or "columns" in r.meta:
            target = r.meta.get("item", r)
            value = amount[id(target)]
            if "columns" in r.meta:
                qi, ui, kind = r.meta["columns"]
                quantity, unit = r.segs[qi][0], parse_amount(r.segs[ui][0])
                if kind == "weight":
                    grams = int(quantity.replace(",", "").replace(".", ""))
                    assert weigh(grams, unit, rc.round5) == value, r.plain()
                else:
                    assert int(quantity) * unit == value, r.plain()
                continue
            text = r.segs[r.meta.get("qty_seg", 0)][0]
            if r.role == "weight":
                match = WEIGHT.search(text)
                assert match, text
                grams = int(match.group(1).replace(",", "").replace(".", ""))
                assert weigh(grams, parse_amount(match.group(2)), rc.round5) == value, (text, value)
            else:
                match = QTY.search(text)
                assert match, text
                assert int(match.group(1)) * parse_amount(match.group(2)) == value, (text, value)
    # VAT rows match their tax class; the table covers the whole total
    groups = {}
    for r in money_rows:
        code = r.segs[r.meta["code"]][0] if "code" in r.meta else ""
        groups[code] = groups.get(code, 0) + amount[id(r)]
    seen, brutto_sum = set(), 0
    vat_rows = [r for r in rows if r.role == "vat"]
    assert vat_rows
    sums = {"netto": 0, "steuer": 0, "brutto": 0}
    for r in vat_rows:
        code, rate = r.meta["vcode"], r.meta["rate"]
        brutto = groups[code]
        tax = vat_of(brutto, rate)
        expected = {"netto": brutto - tax, "steuer": tax, "brutto": brutto}
        for kind, index in r.meta["cols"].items():
            assert parse_amount(r.segs[index][0]) == expected[kind], (r.plain(), kind, expected)
        if r.meta["rate_text"] is not None:
            match = RATE.search(r.segs[r.meta["rate_text"]][0])
            assert match, r.plain()
            frac = (match.group(2) or "0").ljust(2, "0")[:2]
            assert int(match.group(1)) * 100 + int(frac) == rate, r.plain()
            if code not in seen:
                seen.add(code)
                brutto_sum += brutto
                for kind in sums:
                    sums[kind] += expected[kind]
    assert seen == set(groups) and brutto_sum == total, (seen, groups)
    for r in rows:
        if r.role == "vatsum":
            for kind, index in r.meta["cols"].items():
                assert parse_amount(r.segs[index][0]) == sums[kind], r.plain()
    # payment
    given = [amount[id(r)] for r in rows if r.role == "given"]
    change = [amount[id(r)] for r in rows if r.role == "change"]
    paid = [amount[id(r)] for r in rows if r.role == "paid"]
    assert (len(given), len(change)) in ((1, 1), (0, 0)) and (given or paid)
    if given:
        assert given[0] - change[0] == total and change[0] >= 0
    assert all(p == total for p in paid), paid
    for r in rows:
        if r.role == "saved":
            assert amount[id(r)] == -sum(amount[id(x)] for x in money_rows if x.role == "discount")
    # date and merchant as printed
    year, month, day = truth["date"].split("-")
    date_rows = [r for r in rows if r.role == "date"]
    assert date_rows
    for r in date_rows:
        match = DATE.search(r.plain())
        assert match and match.group(0) == r.meta["date"], r.plain()
        assert (match.group(1), match.group(2)) == (day, month) and year.endswith(match.group(3)), r.plain()
    [head] = [r for r in rows if r.role == "merchant"]
    assert head.segs[0][0] == truth["merchant"], (head.segs[0][0], truth["merchant"])


# ---------------------------------------------------------------------------------------------
# Thermal printing.


class Printer:
    def __init__(self, rng, paper_w, cols):
        reg, bold, _ = rng.choices(BODY_FONTS, weights=[f[2] for f in BODY_FONTS])[0]
        self.font_name = reg.stem
        self.margin = int(paper_w * rng.uniform(0.035, 0.065))
        self.width = paper_w - 2 * self.margin
        probe = ImageFont.truetype(str(reg), 100)
        self.size = int(self.width / (cols * probe.getlength("0") / 100))
        self.font = ImageFont.truetype(str(reg), self.size)
        self.bold = ImageFont.truetype(str(bold), self.size) if bold else None
        self.line = int(round(self.size * rng.uniform(1.18, 1.4)))
        ascent, descent = self.font.getmetrics()
        self.top = (self.line - ascent - descent) // 2 + 1
        self.head_font = rng.choice(HEAD_FONTS)
        self.rng = rng
        self.glyphs = {}

    def printable(self, text, font):
        out = []
        for ch in text:
            key = (id(font), ch)
            if key not in self.glyphs:
                self.glyphs[key] = ch == " " or font.getmask(ch).getbbox() is not None
            out.append(ch if self.glyphs[key] else GLYPH_FALLBACK.get(ch, "?"))
        return "".join(out)

    def strip(self, row, width, font, fake_bold):
        image = Image.new("L", (width, self.line), 0)
        draw = ImageDraw.Draw(image)
        for seg in row.segs:
            if seg[1] == "fill":
                seg[0] = seg[0][0] * int(width // font.getlength(seg[0][0]))
            seg[0] = self.printable(seg[0], font)

        def box(seg):
            text, anchor, x = seg
            w = font.getlength(text)
            x0 = {"l": x * width, "fill": 0.0, "r": x * width - w, "c": x * width - w / 2}[anchor]
            return [x0, x0 + w, seg]

        boxes = sorted((box(seg) for seg in row.segs), key=lambda b: b[0])
        gap = font.getlength(" ") * 0.9
        for i, current in enumerate(boxes):
            limit = boxes[i + 1][0] - gap if i + 1 < len(boxes) else width + 0.5
            if current[0] < -0.5:
                raise OverflowError(f"row does not fit: {row.plain()!r}")
            if current[1] <= limit:
                continue
            # Printers cut item names short; everything else must fit as designed.
            if row.role in MONEY_ROLES + ("subtotal",) and current[2] is row.segs[0] and current[2][1] == "l":
                text = current[2][0]
                while text and current[0] + font.getlength(text) > limit:
                    text = text[:-1]
                current[2][0] = text.rstrip()
                if len(current[2][0]) < 4:
                    raise OverflowError(f"row does not fit: {row.plain()!r}")
                current[1] = current[0] + font.getlength(current[2][0])
            else:
                raise OverflowError(f"row does not fit: {row.plain()!r}")
        for x0, _, seg in boxes:
            draw.text((x0, self.top), seg[0], font=font, fill=255)
            if fake_bold:
                draw.text((x0 + 1, self.top), seg[0], font=font, fill=255)
        return image

    def head(self, row, style):
        rng = self.rng
        text = row.segs[0][0]
        scale = rng.uniform(2.2, 3.2) if style.startswith("logo") else rng.uniform(1.5, 2.1)
        font = ImageFont.truetype(self.head_font, int(self.size * scale))
        text = row.segs[0][0] = self.printable(text, font)
        left, top, right, bottom = font.getbbox(text)
        image = Image.new("L", (right - left + 4, bottom - top + 4), 0)
        ImageDraw.Draw(image).text((2 - left, 2 - top), text, font=font, fill=255)
        stretch = rng.uniform(1.1, 1.7) if style.startswith("logo") else 1.0
        w = int(image.width * stretch)
        if w > self.width * 0.92:
            w = int(self.width * 0.92)
        h = image.height if w >= image.width * 0.8 else int(image.height * w / (image.width * 0.8))
        image = image.resize((w, h), Image.BICUBIC)
        if style == "logo_inv":
            pad = int(self.size * 0.5)
            box = Image.new("L", (w + 2 * pad, h + 2 * pad), 255)
            box.paste(Image.eval(image, lambda v: 255 - v), (pad, pad))
            image = box
        line = Image.new("L", (self.width, image.height + self.line // 2), 0)
        line.paste(image, ((self.width - image.width) // 2, self.line // 4))
        return line

    def barcode(self, seed):
        rng = random.Random(seed)
        h = int(self.line * 2.2)
        image = Image.new("L", (self.width, h + self.line // 2), 0)
        draw = ImageDraw.Draw(image)
        x, end = self.width * 0.15, self.width * 0.85
        while x < end:
            w = rng.choice([2, 2, 3, 4, 6])
            if rng.random() < 0.55:
                draw.rectangle((x, 0, x + w - 1, h), fill=255)
            x += w
        return image

    def render(self, rows):
        strips = []
        for row in rows:
            if row.style == "blank":
                strips.append(Image.new("L", (self.width, int(self.line * row.meta["h"])), 0))
            elif row.style == "barcode":
                strips.append(self.barcode(row.meta["seed"]))
            elif row.style in ("big", "logo", "logo_inv"):
                strips.append(self.head(row, row.style))
            elif row.style == "dw":
                half = self.strip(row, self.width // 2, self.bold or self.font, self.bold is None)
                strips.append(half.resize((self.width, self.line * 2), Image.BILINEAR))
            elif row.style == "dh":
                one = self.strip(row, self.width, self.bold or self.font, self.bold is None)
                strips.append(one.resize((self.width, self.line * 2), Image.BILINEAR))
            elif row.style == "b":
                strips.append(self.strip(row, self.width, self.bold or self.font, self.bold is None))
            else:
                strips.append(self.strip(row, self.width, self.font, False))
        top, bottom = int(self.line * self.rng.uniform(1.0, 3.0)), int(self.line * self.rng.uniform(3.0, 7.0))
        height = top + bottom + sum(s.height for s in strips)
        ink = Image.new("L", (self.width + 2 * self.margin, height), 0)
        y = top
        for s in strips:
            ink.paste(s, (self.margin, y))
            y += s.height
        return np.asarray(ink, dtype=np.float32) / 255.0


def lowfreq(nrng, shape, cell):
    h, w = shape
    small = nrng.random((max(2, h // cell + 2), max(2, w // cell + 2))).astype(np.float32)
    return np.asarray(Image.fromarray(small).resize((w, h), Image.BILINEAR))


def thermal(rng, ink, effects):
    """Ink coverage (0..1) to paper luminance (0..1) with fading, broken strokes and dead dots."""
    nrng = np.random.default_rng(rng.randint(0, 1 << 30))
    h, w = ink.shape
    kind = rng.choices(["fresh", "light", "strong"], weights=[3, 4, 3])[0]
    base = {"fresh": 1.0, "light": rng.uniform(0.72, 0.9), "strong": rng.uniform(0.5, 0.72)}[kind]
    direction = rng.choice(["vertical", "horizontal"])
    low_end = rng.uniform(0.6, 0.95) if kind != "fresh" else rng.uniform(0.85, 1.0)
    ramp = np.linspace(1.0, low_end, h if direction == "vertical" else w, dtype=np.float32)
    if rng.random() < 0.5:
        ramp = ramp[::-1]
    ramp = ramp[:, None] if direction == "vertical" else ramp[None, :]
    field = base * ramp * (1 + 0.35 * (lowfreq(nrng, (h, w), 70) - 0.5))
    field = np.clip(field, 0.38, 1.0)
    missing = {"fresh": 0.0, "light": rng.uniform(0.0, 0.1), "strong": rng.uniform(0.06, 0.2)}[kind]
    coverage = ink * field
    if missing:
        holes = lowfreq(nrng, (h, w), 3)
        coverage *= np.clip((holes - missing) / 0.15, 0, 1)
    dead = rng.choice([0, 0, 0, 1, 2, 3])
    for _ in range(dead):
        x = rng.randrange(w)
        coverage[:, x:x + rng.choice([1, 1, 2])] *= 0.12
    darkness = rng.uniform(0.8, 0.93)
    albedo = rng.uniform(0.9, 0.99) * (1 + 0.03 * (lowfreq(nrng, (h, w), 20) - 0.5))
    effects["fade"] = {"kind": kind, "strength": round(1 - base, 2), "gradient": direction,
                       "gradient_low": round(low_end, 2), "missing": round(missing, 3), "dead_dots": dead}
    return albedo * (1 - darkness * coverage)


class Curl:
    """Maps flat-photo coordinates (the receipt as it appears, before perspective) back to paper."""

    def __init__(self, rng, w, h, effects):
        self.w, self.h = w, h
        self.R = None
        self.apparent_w = w
        curl = {}
        if rng.random() < 0.5:
            theta = rng.uniform(0.3, 0.75)
            self.R = w / (2 * theta)
            self.apparent_w = 2 * self.R * math.sin(theta)
            self.light = rng.uniform(-0.12, 0.12)
            curl["cylinder_deg"] = round(math.degrees(theta), 1)
        self.wave = None
        if rng.random() < 0.5:
            self.wave = (rng.uniform(0.015, 0.05) * w, rng.uniform(0.5, 1.4) * w, rng.uniform(0, 2 * math.pi))
            curl["wave_px"] = round(self.wave[0], 1)
        self.shift = None
        if rng.random() < 0.45:
            self.shift = (rng.uniform(1.0, 4.0), rng.uniform(0.7, 2.5) * w, rng.uniform(0, 2 * math.pi))
            curl["row_shift_px"] = round(self.shift[0], 1)
        self.z = rng.uniform(1.3, 2.2) * max(h, 2 * w)
        self.crease = None
        if rng.random() < 0.35:
            vertical = rng.random() < 0.2
            pos = rng.uniform(0.25, 0.75) * (w if vertical else h)
            self.crease = (vertical, pos, math.tan(math.radians(rng.uniform(-6, 6))), rng.uniform(1, 3.5),
                           rng.uniform(0.1, 0.22))
            effects["crease"] = {"vertical": vertical, "at": round(pos), "depth": round(self.crease[4], 2)}
        else:
            effects["crease"] = None
        effects["curl"] = curl or None

    def height(self, u, v):
        h = 0.0
        if self.R:
            theta = (u - self.w / 2) / self.R
            h = h + self.R * (1 - np.cos(theta))
        if self.wave:
            amp, lam, phase = self.wave
            h = h + amp * (1 - np.cos(2 * np.pi * v / lam + phase)) / 2
        return h

    def crease_distance(self, u, v):
        vertical, pos, slope, _, _ = self.crease
        if vertical:
            return (u - pos - v * slope) / math.sqrt(1 + slope * slope)
        return (v - pos - u * slope) / math.sqrt(1 + slope * slope)

    def inverse(self, x, y):
        cx, cy = self.apparent_w / 2, self.h / 2
        u = self.w / 2 + (x - cx) * self.w / self.apparent_w
        v = y.copy()
        for _ in range(4):
            m = self.z / (self.z - self.height(u, v))
            xs = x - (self.shift[0] * np.sin(2 * np.pi * v / self.shift[1] + self.shift[2]) if self.shift else 0)
            xc = cx + (xs - cx) / m
            v = cy + (y - cy) / m
            if self.R:
                u = self.w / 2 + self.R * np.arcsin(np.clip((xc - cx) / self.R, -1, 1))
            else:
                u = xc
        if self.crease:
            vertical, _, _, offset, _ = self.crease
            step = 0.5 * (1 + np.tanh(self.crease_distance(u, v) / 3))
            if vertical:
                v = v + offset * step
            else:
                u = u + offset * step
        return u, v

    def shading(self):
        """Brightness on the paper from its shape: curl, waves and the crease."""
        u = np.arange(self.w, dtype=np.float32)[None, :]
        v = np.arange(self.h, dtype=np.float32)[:, None]
        shade = np.ones((self.h, self.w), dtype=np.float32)
        if self.R:
            theta = (u - self.w / 2) / self.R
            shade = shade * (1 + self.light * np.sin(theta) - 0.12 * (1 - np.cos(theta)))
        if self.wave:
            amp, lam, phase = self.wave
            slope = np.sin(2 * np.pi * v / lam + phase)
            shade = shade * (1 + 0.05 * slope * min(1.0, amp / (0.03 * self.w)))
        if self.crease:
            d = self.crease_distance(u, v)
            depth = self.crease[4]
            shade = shade * (1 - depth * np.exp(-(d / 1.6) ** 2) + 0.05 * np.tanh(d / 6) * np.exp(-np.abs(d) / 40))
        return shade


def paper_alpha(rng, w, h):
    alpha = np.ones((h, w), dtype=np.float32)
    x = np.arange(w)
    for end in ("top", "bottom"):
        if rng.random() < 0.6:  # torn off at the serrated bar
            period, amp = rng.uniform(6, 12), rng.uniform(1.5, 4.5)
            edge = (amp * np.abs(((x / period) % 1.0) - 0.5) * 2 + rng.uniform(0, 1.5)).astype(int)
        else:
            edge = np.zeros(w, dtype=int) + rng.randint(0, 2)
        ys = np.arange(h)[:, None]
        if end == "top":
            alpha[ys < edge[None, :]] = 0
        else:
            alpha[ys >= h - edge[None, :]] = 0
    return alpha


# ---------------------------------------------------------------------------------------------
# The photo.


def place(rng, photo_w, photo_h, flat_w, flat_h, effects, fill_range=(0.62, 0.88)):
    fill = rng.uniform(*fill_range)
    scale = min(fill * photo_h / flat_h, 0.62 * photo_w / flat_w, 4.2)
    for attempt in range(400):
        angle = math.radians(rng.uniform(-12, 12))
        half_w, half_h = flat_w * scale / 2, flat_h * scale / 2
        keystone = rng.uniform(0, 0.09)
        side = rng.choice(["top", "bottom", "left", "right"])
        local = [[-half_w, -half_h], [half_w, -half_h], [half_w, half_h], [-half_w, half_h]]
        pinch = {"top": (0, 1, 0), "bottom": (3, 2, 0), "left": (0, 3, 1), "right": (1, 2, 1)}[side]
        a, b, axis = pinch
        for i in (a, b):
            local[i][axis] *= 1 - keystone
        jitter = 0.02 * min(half_w, half_h)
        local = [(x + rng.uniform(-jitter, jitter), y + rng.uniform(-jitter, jitter)) for x, y in local]
        cx = photo_w / 2 + rng.uniform(-0.12, 0.12) * photo_w
        cy = photo_h / 2 + rng.uniform(-0.06, 0.06) * photo_h
        corners = [(cx + x * math.cos(angle) - y * math.sin(angle), cy + x * math.sin(angle) + y * math.cos(angle))
                   for x, y in local]
        margin = 0.04 * min(photo_w, photo_h)
        if all(margin <= x <= photo_w - margin and margin <= y <= photo_h - margin for x, y in corners):
            effects.update(rotation_deg=round(math.degrees(angle), 2), keystone=round(keystone, 3),
                           keystone_side=side, scale=round(scale, 3))
            return corners
        if attempt % 20 == 19:
            scale *= 0.95
    raise RuntimeError("could not place the receipt")


def mesh(coefficients, curl, photo_w, photo_h, src_w, src_h, step=32):
    xs = np.append(np.arange(0, photo_w, step), photo_w).astype(np.float64)
    ys = np.append(np.arange(0, photo_h, step), photo_h).astype(np.float64)
    X, Y = np.meshgrid(xs, ys)
    a, b, c, d, e, f, g, h = coefficients
    den = g * X + h * Y + 1
    U, V = curl.inverse((a * X + b * Y + c) / den, (d * X + e * Y + f) / den)
    quads = np.stack([U[:-1, :-1], V[:-1, :-1], U[1:, :-1], V[1:, :-1], U[1:, 1:], V[1:, 1:], U[:-1, 1:], V[:-1, 1:]], -1)
    us, vs = quads[..., 0::2], quads[..., 1::2]
    keep = (us.max(-1) > -2) & (us.min(-1) < src_w + 2) & (vs.max(-1) > -2) & (vs.min(-1) < src_h + 2)
    # The receipt must stay inside the frame: no grid point on the border may fall on the paper.
    inside = (U >= -1) & (U <= src_w + 1) & (V >= -1) & (V <= src_h + 1)
    border = np.concatenate([inside[0], inside[-1], inside[:, 0], inside[:, -1], inside[1], inside[-2], inside[:, 1], inside[:, -2]])
    if border.any():
        raise RuntimeError("receipt touches the frame")
    data = []
    for j, i in zip(*np.nonzero(keep)):
        data.append(((int(xs[i]), int(ys[j]), int(xs[i + 1]), int(ys[j + 1])), tuple(float(q) for q in quads[j, i])))
    return data


def upsample(array, size):
    return np.asarray(Image.fromarray(array.astype(np.float32)).resize(size, Image.BILINEAR))


def photograph(rng, lum, alpha, curl, effects, fill_range=(0.62, 0.88)):
    ph, pw = lum.shape
    long_side = rng.choice([3000, 3264, 3456, 4000, 4032])
    if ph > 2400:
        long_side = max(long_side, 3456)
    aspect = rng.choice([0.75, 0.75, 0.5625, 0.6667])
    photo_h, photo_w = long_side, int(round(long_side * aspect))
    if ph < pw * 1.4 and rng.random() < 0.5:  # short slip, landscape photo
        photo_w, photo_h = photo_h, photo_w
    effects["photo"] = [photo_w, photo_h]
    flat = [(0, 0), (curl.apparent_w, 0), (curl.apparent_w, ph), (0, ph)]
    for attempt in range(8):  # curl and waves can push an edge out of the frame: place again
        corners = place(rng, photo_w, photo_h, curl.apparent_w, ph, effects, fill_range)
        coefficients = generate_documents.perspective_coefficients(flat, corners)
        try:
            data = mesh(coefficients, curl, photo_w, photo_h, pw, ph)
            break
        except RuntimeError:
            if attempt == 7:
                raise
    lum_img = Image.fromarray(np.clip(lum * 255, 0, 255).astype(np.uint8), "L")
    alpha_img = Image.fromarray((alpha * 255).astype(np.uint8), "L")
    warped = np.asarray(lum_img.transform((photo_w, photo_h), Image.MESH, data, Image.BICUBIC), dtype=np.float32)
    mask_img = alpha_img.transform((photo_w, photo_h), Image.MESH, data, Image.BILINEAR)
    mask = np.asarray(mask_img, dtype=np.float32) / 255.0

    bg = np.asarray(generate_documents.background(rng, photo_w, photo_h), dtype=np.float32)
    # the receipt's soft shadow on the table
    small = mask_img.resize((photo_w // 8, photo_h // 8), Image.BILINEAR)
    off = (rng.randint(-4, 6), rng.randint(0, 8))
    shadow = Image.new("L", small.size, 0)
    shadow.paste(small, off)
    shadow = shadow.filter(ImageFilter.GaussianBlur(rng.uniform(2, 5)))
    drop = np.asarray(shadow.resize((photo_w, photo_h), Image.BILINEAR), dtype=np.float32) / 255.0
    drop_k = rng.uniform(0.2, 0.45)
    bg *= (1 - drop_k * drop)[..., None]
    tint = np.array(rng.choice([(1.0, 0.995, 0.97), (0.99, 0.99, 1.0), (1.0, 0.98, 0.94), (1.0, 1.0, 1.0)]),
                    dtype=np.float32)
    out = bg
    out *= (1 - mask)[..., None]
    out += (warped * mask)[..., None] * tint[None, None, :]
    del bg, warped
    # uneven light: a gradient in a random direction, vignetting and the camera's white balance
    phi = rng.uniform(0, 2 * math.pi)
    lo, hi = rng.uniform(0.68, 0.95), rng.uniform(1.0, 1.1)
    vig = rng.uniform(0.0, 0.25)
    xs = np.linspace(-1, 1, photo_w, dtype=np.float32)
    ys = np.linspace(-1, 1, photo_h, dtype=np.float32)
    mid, slope = (lo + hi) / 2, (hi - lo) / 2 / math.sqrt(2)
    light = (mid + slope * math.cos(phi) * xs - vig * 0.5 * xs ** 2)[None, :] + \
            (slope * math.sin(phi) * ys - vig * 0.5 * ys ** 2)[:, None]
    balance = np.array(rng.choice([(1.0, 1.0, 1.0), (1.04, 1.0, 0.9), (0.95, 0.99, 1.05), (1.02, 1.0, 0.96)]),
                       dtype=np.float32)
    out *= light[..., None]
    out *= balance[None, None, :]
    effects["light"] = {"gradient": [round(lo, 2), round(hi, 2)], "vignette": round(vig, 2)}
    photo = Image.fromarray(np.clip(out, 0, 255).astype(np.uint8), "RGB")
    del out
    effects["hand_shadow"] = rng.random() < 0.35
    if effects["hand_shadow"]:
        photo = generate_documents.shadow(rng, photo)
    blur_kind = rng.choices(["none", "gaussian", "motion"], weights=[2, 5, 3])[0]
    if blur_kind == "gaussian":
        radius = rng.uniform(0.5, 2.0)
        photo = photo.filter(ImageFilter.GaussianBlur(radius))
        effects["blur"] = {"kind": "gaussian", "radius": round(radius, 2)}
    elif blur_kind == "motion":
        length, angle = rng.uniform(2.5, 7), rng.uniform(0, math.pi)
        pixels = np.asarray(photo, dtype=np.float32)
        acc = np.zeros_like(pixels)
        steps = int(length) + 1
        for k in range(steps):
            t = k - (steps - 1) / 2
            acc += np.roll(pixels, (int(round(t * math.sin(angle))), int(round(t * math.cos(angle)))), axis=(0, 1))
        photo = Image.fromarray((acc / steps).astype(np.uint8), "RGB")
        effects["blur"] = {"kind": "motion", "length": round(length, 1), "angle_deg": round(math.degrees(angle))}
        del acc, pixels
    else:
        effects["blur"] = None
    if rng.random() < 0.3:
        photo = photo.filter(ImageFilter.UnsharpMask(radius=2, percent=rng.randint(40, 90), threshold=2))
        effects["sharpened"] = True
    sigma = rng.choice([0.0, 2.0, 3.5, 5.0, 7.0])
    if sigma:
        nrng = np.random.default_rng(rng.randint(0, 1 << 30))
        pixels = np.asarray(photo, dtype=np.float32)
        luma = nrng.standard_normal((photo_h, photo_w), dtype=np.float32) * sigma
        chroma = upsample(nrng.standard_normal((photo_h // 4, photo_w // 4, ), dtype=np.float32), (photo_w, photo_h))
        pixels = pixels + luma[..., None]
        pixels[..., 2] += chroma * sigma * 0.8
        photo = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")
        del pixels, luma, chroma
    effects["noise"] = sigma
    return photo


def generate(job):
    index, seed, out, fill_range = job
    started = time.time()
    for attempt in range(20):
        rng = random.Random(seed * 1_000_003 + index * 101 + attempt)
        layout = rng.choices(list(LAYOUT_WEIGHTS), weights=list(LAYOUT_WEIGHTS.values()))[0]
        try:
            rc, truth = build(rng, layout)
            paper_w = rng.choice([576, 576, 640, 720, 800])
            printer = Printer(rng, paper_w, rc.cols)
            ink = printer.render(rc.rows)
        except (ValueError, OverflowError):
            continue
        self_check(rc, truth)
        effects = {"paper_width": paper_w, "font": printer.font_name, "font_px": printer.size, "columns": rc.cols,
                   "decimal": rc.sep}
        lum = thermal(rng, ink, effects)
        h, w = lum.shape
        curl = Curl(rng, w, h, effects)
        lum = lum * curl.shading()
        alpha = paper_alpha(rng, w, h)
        try:
            photo = photograph(rng, lum, alpha, curl, effects, fill_range)
        except RuntimeError:
            continue
        quality = rng.randint(70, 92)
        effects["jpeg_quality"] = quality
        name = f"{index:03d}"
        photo.save(out / f"{name}.jpg", quality=quality)
        truth["effects"] = effects
        (out / f"{name}.json").write_text(json.dumps(truth, ensure_ascii=False, indent=1))
        text = "\n".join(r.plain() for r in rc.rows if r.segs)
        return index, layout, time.time() - started, text
    raise RuntimeError(f"receipt {index}: no layout fitted")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--count", type=int, default=48)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (output does not depend on it)")
    parser.add_argument("--print-text", action="store_true", help="print each receipt's text")
    parser.add_argument("--fill", type=float, nargs=2, default=(0.62, 0.88), metavar=("LOW", "HIGH"),
                        help="share of the photo's height the receipt spans (default 0.62 0.88; less: a photo from further away)")
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    jobs = [(index, arguments.seed, arguments.out, tuple(arguments.fill)) for index in range(arguments.count)]
    if arguments.jobs > 1:
        with Pool(arguments.jobs) as pool:
            results = pool.map(generate, jobs, chunksize=1)
    else:
        results = [generate(job) for job in jobs]
    for index, layout, seconds, text in results:
        if arguments.print_text:
            print(f"--- {index:03d} {layout} ({seconds:.1f} s)\n{text}")
    layouts = {}
    for _, layout, _, _ in results:
        layouts[layout] = layouts.get(layout, 0) + 1
    print(f"{len(results)} receipts in {time.time() - started:.1f} s: "
          + ", ".join(f"{k} {v}" for k, v in sorted(layouts.items())))


if __name__ == "__main__":
    main()
