#!/usr/bin/env python3
"""Copies a folder of NNN.jpg + NNN.json with every image turned by a quarter turn, 90°, 180° and
270° counter-clockwise in turn: receipts photographed sideways or upside down, so the bench can show
that the reader finds how a page lies. The truth is copied unchanged. Usage:
turn_corpus.py SOURCE TARGET [--count N] (the first N images)."""
import argparse
import shutil
from pathlib import Path

from PIL import Image

TURNS = [Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180, Image.Transpose.ROTATE_270]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--count", type=int, default=None)
    arguments = parser.parse_args()
    arguments.target.mkdir(parents=True, exist_ok=True)
    images = [path for path in sorted(arguments.source.glob("*.jpg")) if path.with_suffix(".json").exists()]
    for index, image_path in enumerate(images[:arguments.count]):
        with Image.open(image_path) as image:
            # Turned pixel for pixel; saved once more as JPEG at a high quality.
            image.convert("RGB").transpose(TURNS[index % len(TURNS)]).save(arguments.target / image_path.name, quality=95)
        shutil.copyfile(image_path.with_suffix(".json"), arguments.target / image_path.with_suffix(".json").name)


if __name__ == "__main__":
    main()
