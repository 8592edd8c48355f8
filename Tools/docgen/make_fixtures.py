#!/usr/bin/env python3
"""Regenerates the small committed fixtures of Tests/ScanbookVisionTests/Fixtures:
two document photos with their truth, a text image, a QR code, two product barcodes, and the
small PNG and JPEG variants the decoder is tested on (transparency, 16 bits, palette, CMYK).

    python3 Tools/docgen/make_fixtures.py
"""
import json
import random
from pathlib import Path

import numpy
import qrcode
from PIL import Image, ImageDraw, ImageFont

import generate_documents

OUT = Path(__file__).resolve().parents[2] / "Tests" / "ScanbookVisionTests" / "Fixtures"

# EAN/UPC digit patterns: L (odd parity), G (even parity), R codes, and the first digit's parity.
L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
G = ["0100111", "0110011", "0011011", "0100001", "0011101", "0111001", "0000101", "0010001", "0001001", "0010111"]
R = ["1110010", "1100110", "1101100", "1000010", "1011100", "1001110", "1010000", "1000100", "1001000", "1110100"]
PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]


def ean13_bits(code: str) -> str:
    digits = [int(c) for c in code]
    bits = "101"
    for digit, parity in zip(digits[1:7], PARITY[digits[0]]):
        bits += (L if parity == "L" else G)[digit]
    bits += "01010"
    for digit in digits[7:]:
        bits += R[digit]
    return bits + "101"


def ean8_bits(code: str) -> str:
    digits = [int(c) for c in code]
    return "101" + "".join(L[d] for d in digits[:4]) + "01010" + "".join(R[d] for d in digits[4:]) + "101"


def barcode_image(bits: str, module: int = 4, height: int = 160) -> Image.Image:
    quiet = 12 * module
    image = Image.new("L", (len(bits) * module + 2 * quiet, height + 2 * quiet), 255)
    draw = ImageDraw.Draw(image)
    for index, bit in enumerate(bits):
        if bit == "1":
            x = quiet + index * module
            draw.rectangle((x, quiet, x + module - 1, quiet + height), fill=0)
    return image


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, seed in (("document-1", 11), ("document-2", 23)):
        generate_documents.generate(0, random.Random(seed), OUT, 600, 800)
        (OUT / "000.jpg").rename(OUT / f"{name}.jpg")
        (OUT / "000.json").rename(OUT / f"{name}.json")

    text = Image.new("L", (900, 160), 255)
    draw = ImageDraw.Draw(text)
    font = ImageFont.truetype(generate_documents.FONTS[0], 48)
    draw.text((30, 20), "Summe CHF 12.50", font=font, fill=0)
    draw.text((30, 90), "Datum 26.06.2025", font=font, fill=0)
    text.save(OUT / "text.png")

    qr = qrcode.QRCode(border=4, box_size=6)
    qr.add_data("SPC\n0200\n1\nCH4431999123000889012\nScanbook Test")
    qr.make_image(fill_color="black", back_color="white").convert("L").save(OUT / "qr.png")

    combined = Image.new("L", (900, 300), 255)
    combined.paste(barcode_image(ean13_bits("4006381333931")), (10, 20))
    combined.paste(barcode_image(ean8_bits("96385074")), (560, 20))
    combined.save(OUT / "barcodes.png")
    (OUT / "barcodes.json").write_text(json.dumps({"EAN-13": "4006381333931", "EAN-8": "96385074"}))
    codec_fixtures()


def codec_fixtures():
    """16×16 files whose left half is one thing and right half another (CodecTests)."""
    # Left half transparent *black* (what a cut-out often holds), right half opaque dark blue.
    rgba = Image.new("RGBA", (16, 16), (0, 0, 0, 0))
    ImageDraw.Draw(rgba).rectangle((8, 0, 15, 15), fill=(20, 40, 160, 255))
    rgba.save(OUT / "alpha.png")
    # 16-bit gray: left 0x2000 (32 as 8 bits), right 0xE000 (224).
    levels = [[0x2000] * 8 + [0xE000] * 8 for _ in range(16)]
    Image.fromarray(numpy.array(levels, dtype=numpy.uint16)).save(OUT / "gray16.png")
    # A 4-colour palette: left red, right green.
    palette = Image.new("P", (16, 16), 0)
    palette.putpalette([200, 30, 30, 30, 170, 60, 0, 0, 0, 255, 255, 255])
    ImageDraw.Draw(palette).rectangle((8, 0, 15, 15), fill=1)
    palette.save(OUT / "palette.png")
    # CMYK as Photoshop writes it (Adobe marker, inverted), with black ink in both halves so that
    # a reader ignoring K gets it wrong: left C0 M200 Y200 K60 (a dark red, BGR 43, 43, 195),
    # right C0 M0 Y0 K160 (gray 95).
    cmyk = Image.new("CMYK", (16, 16), (0, 200, 200, 60))
    ImageDraw.Draw(cmyk).rectangle((8, 0, 15, 15), fill=(0, 0, 0, 160))
    cmyk.save(OUT / "cmyk.jpg", quality=95)


if __name__ == "__main__":
    main()
