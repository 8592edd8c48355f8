"""Offline recognition commands (`scanbook ocr|detect|barcode --json`), no server or database."""
import json
import math
import subprocess
from pathlib import Path

from test_cli import BINARY

FIXTURES = Path(__file__).resolve().parents[1] / "ScanbookVisionTests" / "Fixtures"


def run(*arguments):
    result = subprocess.run([BINARY, *arguments], capture_output=True, text=True, timeout=120)
    return result


def test_detect_reports_corners_in_source_pixels_and_writes_the_page(tmp_path):
    out = tmp_path / "page.png"
    result = run("detect", str(FIXTURES / "document-2.jpg"), "--json", "--out", str(out))
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    truth = json.loads((FIXTURES / "document-2.json").read_text())["corners"]
    assert report["found"] is True
    diagonal = math.dist(truth[0], truth[2])
    for name, expected in zip(["tl", "tr", "br", "bl"], truth):
        assert math.dist(report["corners"][name], expected) < 0.02 * diagonal
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_ocr_json_has_text_confidence_and_word_boxes():
    result = run("ocr", str(FIXTURES / "text.png"), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert "Summe CHF 12.50" in report["text"]
    assert report["confidence"] > 80
    word = next(w for w in report["words"] if w["text"] == "12.50")
    assert set(word["box"]) == {"x", "y", "width", "height"} and word["confidence"] > 80


def test_ocr_rejects_a_bad_rectangle_and_a_non_image():
    assert run("ocr", str(FIXTURES / "text.png"), "--rect", "1,2,3").returncode != 0
    outside = run("ocr", str(FIXTURES / "text.png"), "--rect", "800,0,300,50")
    assert outside.returncode != 0 and "outside" in outside.stderr
    garbage = run("ocr", str(FIXTURES / "document-1.json"))
    assert garbage.returncode != 0 and "not a JPEG or PNG" in garbage.stderr


def test_barcode_lists_every_symbol():
    result = run("barcode", str(FIXTURES / "barcodes.png"), "--json")
    assert result.returncode == 0, result.stderr
    found = {code["symbology"]: code["payload"] for code in json.loads(result.stdout)}
    assert found == json.loads((FIXTURES / "barcodes.json").read_text())
    qr = json.loads(run("barcode", str(FIXTURES / "qr.png"), "--json").stdout)
    assert qr[0]["symbology"] == "QR-Code" and qr[0]["payload"].startswith("SPC\n0200")
