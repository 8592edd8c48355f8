#!/usr/bin/env python3
"""Copies a folder of NNN.jpg + NNN.json with every image enlarged by a factor (Lanczos): the
downscaled receipt corpus made to stand in for what a phone delivers, so the bench can show that
results do not depend on resolution. Usage: upscale_corpus.py SOURCE TARGET [--factor 2]."""
import argparse
import shutil
from pathlib import Path

from PIL import Image


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--factor", type=float, default=2.0)
    arguments = parser.parse_args()
    arguments.target.mkdir(parents=True, exist_ok=True)
    for image_path in sorted(arguments.source.glob("*.jpg")):
        truth = image_path.with_suffix(".json")
        if not truth.exists():
            continue
        with Image.open(image_path) as image:
            size = (round(image.width * arguments.factor), round(image.height * arguments.factor))
            image.convert("RGB").resize(size, Image.LANCZOS).save(arguments.target / image_path.name, quality=92)
        shutil.copyfile(truth, arguments.target / truth.name)


if __name__ == "__main__":
    main()
