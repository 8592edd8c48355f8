"""`scanbook digits`: the trained digit reader from the command line."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from test_cli import BINARY

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpora" / "meter-digits-train"
sys.path.insert(0, str(ROOT / "Tools" / "digits"))
from digit_corpus import held_back  # noqa: E402  the training split itself, not a copy of it


def test_every_file_gets_an_answer_and_a_broken_one_an_error(tmp_path):
    from PIL import Image, ImageDraw
    digit = tmp_path / "digit.png"
    image = Image.new("L", (20, 32), 230)
    ImageDraw.Draw(image).rectangle((8, 4, 11, 27), fill=20)  # a plain "1"-like stroke
    image.save(digit)
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not a picture")
    result = subprocess.run([BINARY, "digits", "--json", str(digit), str(broken)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, "a file that cannot be read makes the exit status 1"
    first, second = json.loads(result.stdout)
    assert first["file"] == str(digit) and 0 <= first["digit"] <= 9
    assert 0 < first["confidence"] <= 1 and first["second"] != first["digit"]
    assert second["file"] == str(broken) and second["digit"] is None and second["error"]


@pytest.mark.skipif(not CORPUS.exists(), reason=f"{CORPUS} not found (the shared corpus is not on this machine)")
def test_held_back_meter_digits_are_read():
    samples = [(f, round(float(f.parent.name) * 10)) for f in sorted(CORPUS.glob("*/*.jpg")) if held_back(f.name)]
    samples = [s for s in samples if s[1] % 10 <= 2][::5]  # clear digits only, a spread of them
    result = subprocess.run([BINARY, "digits", "--json", "--", *[str(f) for f, _ in samples]], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    readings = json.loads(result.stdout)
    right = sum(reading["digit"] == tenths // 10 for reading, (_, tenths) in zip(readings, samples))
    assert right / len(samples) > 0.9, f"{right}/{len(samples)}"
