"""`scanbook form scan` and `scanbook digits --model handwritten`, run as a user would."""
import json
import os
import subprocess
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("SCANBOOK_BIN", str(ROOT / ".build" / "debug" / "scanbook"))
FORMS = ROOT / "Tests" / "ScanbookVisionTests" / "Fixtures" / "forms"


def scanbook(*arguments):
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, timeout=300)


def test_a_photographed_form_is_read_into_the_documented_json():
    result = scanbook("form", "scan", str(FORMS / "template" / "template.json"), str(FORMS / "003.jpg"), "--json")
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    truth = json.loads((FORMS / "003.json").read_text())
    assert output["pages"][0]["found"] is True
    assert {region["name"]: region["value"] for region in output["regions"]} == truth["values"]
    assert all(set(region) >= {"name", "type", "value", "confidence"} and 0 <= region["confidence"] <= 1 for region in output["regions"])
    assert [link["kind"] for link in output["links"]] == ["sum", "gradeScale"] and all(link["ok"] for link in output["links"])
    assert output["student"] == truth["student"]


def test_a_broken_template_or_a_missing_page_is_refused_with_the_reason():
    with tempfile.TemporaryDirectory() as folder:
        template = json.loads((FORMS / "template" / "template.json").read_text())
        template["regions"].append(dict(template["regions"][0]))
        template["links"].append({"kind": "equal", "regions": ["matrikel", "ghost"]})
        (Path(folder) / "template.json").write_text(json.dumps(template))
        (Path(folder) / "page1.png").write_bytes((FORMS / "template" / "page1.png").read_bytes())
        (Path(folder) / "roster.csv").write_text("studentNumber,name,group\n1,A,B\n")
        broken = scanbook("form", "scan", str(Path(folder) / "template.json"), str(FORMS / "000.jpg"))
        assert broken.returncode != 0
        assert "two regions are named matrikel" in broken.stderr and "ghost" in broken.stderr
    missing = scanbook("form", "scan", str(FORMS / "template" / "template.json"))
    assert missing.returncode != 0


def test_a_handwritten_digit_image_is_read_and_a_blank_one_is_no_digit():
    with tempfile.TemporaryDirectory() as folder:
        digit = Image.new("L", (90, 120), 235)
        ImageDraw.Draw(digit).text((18, 5), "7", font=ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 100), fill=20)
        digit.save(Path(folder) / "seven.png")
        Image.new("L", (90, 120), 235).save(Path(folder) / "blank.png")
        result = scanbook("digits", "--model", "handwritten", "--json", str(Path(folder) / "seven.png"), str(Path(folder) / "blank.png"))
        readings = json.loads(result.stdout)
        assert readings[0]["digit"] == 7, readings
        assert readings[1]["digit"] is None and "blank" in readings[1]["error"]
        assert result.returncode == 1
