"""`scanbook slip`: QR-bills in photos that are hard for barcode readers, and orange-slip codelines."""
import json
import os
import subprocess
from pathlib import Path

import pytest
import qrcode
from PIL import Image, ImageFilter

from test_cli import BINARY

# Built from the Swiss Implementation Guidelines' example accounts; names with umlauts on purpose.
PAYLOAD = "\n".join([
    "SPC", "0200", "1", "CH4431999123000889012",
    "S", "Müller & Söhne AG", "Bahnhofstrasse", "7", "8001", "Zürich", "CH",
    "", "", "", "", "", "", "",
    "1949.75", "CHF",
    "S", "Pia-Maria Rutschmann-Schnyder", "Grosse Marktgasse", "28", "9400", "Rorschach", "CH",
    "QRR", "210000000003139471430009017", "Rechnung 2026-11 für Gartenarbeiten, bitte bis Monatsende", "EPD",
    "//S1/10/10201409/11/170309/20/14000000/30/106017086",
])


def slip(*arguments, env=None):
    result = subprocess.run([BINARY, "slip", *arguments, "--json"], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["slips"]


def code(box_size):
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=box_size, border=4)
    qr.add_data(PAYLOAD.encode("utf-8"))
    return qr.make_image(fill_color="black", back_color="white").convert("L")


def page(*codes, size=(1600, 1000)):
    canvas = Image.new("L", size, 235)
    for index, image in enumerate(codes):
        canvas.paste(image, (80 + index * (size[0] // 2), 120))
    return canvas


CASES = {
    # About 3 px per module, as on a scanned A4 bill.
    "small": lambda: page(code(3)),
    "rotated": lambda: page(code(4).rotate(17, expand=True, fillcolor=255)),
    "blurred": lambda: page(code(5).filter(ImageFilter.GaussianBlur(1.2))),
    "dim": lambda: page(code(4).point(lambda value: 60 + value * 0.35)),
    "upside down": lambda: page(code(4).rotate(180)),
    "inverted": lambda: page(code(4).point(lambda value: 255 - value)),
    "dark photo": lambda: page(code(4)).point(lambda value: 30 + value * 0.3),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_hard_qr_bills_are_read_with_every_field(tmp_path, name):
    path = tmp_path / f"{name.replace(' ', '-')}.png"
    CASES[name]().save(path)
    found = slip(str(path))
    assert len(found) == 1, found
    bill = found[0]
    assert bill["kind"] == "qr-bill" and bill["problems"] == []
    assert bill["account"] == "CH4431999123000889012" and bill["amount"] == "1949.75" and bill["currency"] == "CHF"
    assert bill["creditor"]["name"] == "Müller & Söhne AG" and bill["creditor"]["town"] == "Zürich"
    assert bill["debtor"]["postalCode"] == "9400"
    assert bill["referenceType"] == "QRR" and bill["reference"] == "210000000003139471430009017"
    assert bill["billInformation"].startswith("//S1/10/")


def test_a_transparent_png_and_two_bills_on_one_page(tmp_path):
    rgba = Image.new("RGBA", (900, 900), (0, 0, 0, 0))
    black = code(4)
    rgba.paste(Image.new("RGBA", black.size, (0, 0, 0, 255)), (60, 60), mask=Image.eval(black, lambda value: 255 - value))
    rgba.save(tmp_path / "transparent.png")
    assert [bill["amount"] for bill in slip(str(tmp_path / "transparent.png"))] == ["1949.75"]
    page(code(4), code(4)).save(tmp_path / "two.png")
    assert len(slip(str(tmp_path / "two.png"))) == 2


def test_a_page_without_a_bill_has_no_slip(tmp_path):
    page().save(tmp_path / "empty.png")
    assert slip(str(tmp_path / "empty.png")) == []


def test_a_qr_bill_is_read_without_the_text_reader_and_a_missing_one_is_named(tmp_path):
    """PP-OCR's models are loaded only for a photo without a QR-bill: with none installed, the bill
    is still read, and a page that needs the text reader fails saying what to install."""
    env = dict(os.environ, SCANBOOK_OCR_ENGINE="ppocr", SCANBOOK_MODELS_DIR=str(tmp_path / "no-models"))
    page(code(4)).save(tmp_path / "bill.png")
    assert [found["amount"] for found in slip(str(tmp_path / "bill.png"), env=env)] == ["1949.75"]
    page().save(tmp_path / "empty.png")
    empty = subprocess.run([BINARY, "slip", str(tmp_path / "empty.png"), "--json"], env=env, capture_output=True, text=True, timeout=120)
    assert empty.returncode != 0 and "make models" in empty.stderr, empty.stderr


def test_codelines_are_checked_and_never_guessed():
    good = slip("--codeline", "0100003949753>120000000000234478943216899+ 010001628>")
    assert good == [{"account": "01-162-8", "amount": "3949.75", "currency": "CHF", "kind": "esr", "notification": False,
                     "problems": [], "reference": "120000000000234478943216899", "referenceType": "ESR"}]
    wrong = slip("--codeline", "0100003949753>120000000000234478943216899+ 010001629>")
    assert wrong[0]["problems"][0]["field"] == "participant" and "account" not in wrong[0]


@pytest.mark.parametrize("engine", ["tesseract", "ppocr"])
def test_an_orange_slip_photo_gives_its_codeline_and_creditor(tmp_path, engine):
    """Two generated slip photos (plain and tilted), with either reader: the OCR-B codeline, and the
    creditor from the address block under "Einzahlung für" (with its umlaut: "Gemeinde Köniz")."""
    generator = Path(__file__).resolve().parents[2] / "Tools" / "docgen" / "generate_slips.py"
    subprocess.run(["/usr/bin/python3", str(generator), "--out", str(tmp_path), "--count", "3", "--seed", "7"], check=True, timeout=120)
    for index in (0, 2):
        truth = json.loads((tmp_path / f"{index:03d}.json").read_text())
        found = slip(str(tmp_path / f"{index:03d}.jpg"), "--engine", engine)
        assert len(found) == 1 and found[0]["kind"] == "esr", found
        creditor = found[0].pop("creditor", None)
        assert found[0] == slip("--codeline", truth["codeline"])[0]
        assert creditor == truth["creditor"], creditor
    assert truth["creditor"]["name"] == "Gemeinde Köniz"
