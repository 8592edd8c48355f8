"""`scanbook meter read|match`: counter strips and meter identification, offline."""
import json
import random
import subprocess

import pytest
from PIL import Image, ImageDraw

from test_cli import BINARY
from test_digits import CORPUS, held_back


def run(*arguments):
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, timeout=60)


def panel(path, colour, seed, shift=0):
    """A meter-like photo: a coloured housing lit unevenly (light falls off across it), a dark
    window and some noise; `shift` brightens the whole photo."""
    rng = random.Random(seed)
    image = Image.new("RGB", (240, 180))
    pixels = image.load()
    for x in range(240):
        for y in range(180):
            light, vivid = 0.6 + 0.5 * x / 239, 0.4 + 0.6 * y / 179  # uneven light, faded paint
            pixels[x, y] = tuple(min(255, max(0, int((c * vivid + 128 * (1 - vivid)) * light) + shift)) for c in colour)
    draw = ImageDraw.Draw(image)
    draw.rectangle((60, 70, 180, 110), fill=(30, 30, 30))
    for _ in range(300):
        x, y = rng.randrange(240), rng.randrange(180)
        draw.point((x, y), fill=tuple(rng.randrange(256) for _ in range(3)))
    image.save(path)


def test_match_picks_the_meter_of_the_same_colours_and_says_null_when_unsure(tmp_path):
    references = []
    for index, colour in enumerate([(200, 40, 40), (40, 70, 200), (60, 160, 60)]):
        references.append(tmp_path / f"ref{index}.png")
        panel(references[-1], colour, seed=index)
    photo = tmp_path / "photo.png"
    panel(photo, (40, 70, 200), seed=9, shift=15)  # the blue meter in brighter light
    result = run("meter", "match", str(photo), *map(str, references), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    # Plain panels have no print to match, so colour decides; the ranking lists every reference.
    assert report["best"] == 1 and report["ranking"][0]["reference"] == 1
    assert sorted(candidate["reference"] for candidate in report["ranking"]) == [0, 1, 2]
    assert 0 <= report["certainty"] <= 1
    first = report["ranking"][0]
    assert first["file"] == str(references[1]) and first["matches"] >= 0
    assert set(first["scores"]) == {"correlation", "chiSquare", "intersection", "bhattacharyya"}

    twin = tmp_path / "twin.png"
    panel(twin, (40, 70, 200), seed=1)
    unsure = json.loads(run("meter", "match", str(photo), str(references[1]), str(twin), "--json").stdout)
    assert unsure["best"] is None, "two identical-looking meters cannot be told apart"
    assert len(unsure["ranking"]) == 2, "both offered, the likelier first"


def test_read_refuses_impossible_counters(tmp_path):
    strip = tmp_path / "strip.png"
    Image.new("L", (100, 32), 200).save(strip)
    result = run("meter", "read", str(strip), "--digits", "3", "--decimals", "3")
    assert result.returncode != 0 and "decimals" in result.stderr


@pytest.mark.skipif(not CORPUS.exists(), reason=f"{CORPUS} not found (the shared corpus is not on this machine)")
def test_read_a_strip_of_held_back_digits(tmp_path):
    wanted = [4, 0, 7, 1, 9]
    cells = []
    for digit in wanted:
        files = [f for f in sorted((CORPUS / f"{digit}.0").glob("*.jpg")) if held_back(f.name)]
        cells.append(Image.open(files[len(files) // 2]).convert("RGB").resize((20, 32)))
    strip = Image.new("RGB", (20 * len(cells), 32))
    for index, cell in enumerate(cells):
        strip.paste(cell, (20 * index, 0))
    path = tmp_path / "strip.png"
    strip.save(path)
    result = run("meter", "read", str(path), "--digits", "5", "--decimals", "1", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["value"] == "4071.9"
    assert len(report["digits"]) == 5 and 0 < report["confidence"] <= 1


FIXTURES = __import__("pathlib").Path(__file__).resolve().parents[1] / "ScanbookServerTests" / "Fixtures"


def test_a_whole_photo_is_aligned_to_its_reference_and_read_with_its_doubts(tmp_path):
    """Issue 42: the window found on the reference (or given), the photo aligned to it, the value
    read with a confidence per digit; a window off the counter leaves the digits unsure."""
    reference, photo = str(FIXTURES / "meter-plate-reference.jpg"), str(FIXTURES / "meter-plate-photo-2.jpg")
    result = run("meter", "read", photo, "--reference", reference, "--digits", "6", "--decimals", "1", "--json")
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert output["value"] == "74190.0" and output["unsure"] == [] and output["method"] == "aligned"
    assert len(output["digits"]) == 6 and all(cell["confidence"] > 0.7 for cell in output["digits"])
    window = output["window"]
    assert 320 <= window["x"] <= 370 and 180 <= window["y"] <= 215, window  # the counter row of the 1000 px reference

    # Digits and decimals default to what the reference shows (here a drum counter without a mark: 6 digits).
    found = json.loads(run("meter", "read", photo, "--reference", reference, "--json").stdout)
    assert len(found["digits"]) == 6

    # A window given on the type plate: not a counter, and said so digit by digit.
    off = run("meter", "read", photo, "--reference", reference, "--window", "330,300,300,40", "--digits", "6", "--decimals", "1", "--json")
    assert off.returncode == 0, off.stderr
    assert json.loads(off.stdout)["unsure"], off.stdout

    bad = run("meter", "read", photo, "--reference", reference, "--window", "5000,1,2", "--digits", "6")
    assert bad.returncode != 0 and "--window" in bad.stderr
