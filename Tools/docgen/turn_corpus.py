#!/usr/bin/env python3
"""Copies a folder of NNN.jpg + NNN.json with every image turned by a quarter turn, 90°, 180° and
270° counter-clockwise in turn: receipts photographed sideways or upside down, so the bench can show
that the reader finds how a page lies. With --portrait, each is turned 90° or 270° in turn and framed
as a portrait photo (4:3, the table above and below in the colour of the photo's own edges): a
receipt lying sideways in an upright phone photo, spanning its width but not half its height. The
truth is copied unchanged. Usage: turn_corpus.py SOURCE TARGET [--count N] [--portrait] (the first N images)."""
import argparse
import shutil
from pathlib import Path

from PIL import Image, ImageOps, ImageStat

TURNS = [Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180, Image.Transpose.ROTATE_270]
SIDEWAYS = [Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_270]


def in_portrait(image: Image.Image) -> Image.Image:
    """A landscape photo framed as a 4:3 portrait one, the table above and below it in the mean
    colour of its own top and bottom rows (mirroring them copied receipts that touch the edge),
    then scaled so that its width is the photo's height."""
    width, height = image.size
    band = (width * 4 // 3 - height) // 2
    if band <= 0:  # a portrait photo already
        return image
    edge = max(1, height // 50)

    def table(rows: tuple) -> Image.Image:
        colour = tuple(int(c) for c in ImageStat.Stat(image.crop((0, rows[0], width, rows[1]))).mean)
        return Image.new("RGB", (width, band), colour)
    frame = Image.new("RGB", (width, height + 2 * band))
    frame.paste(table((0, edge)), (0, 0))
    frame.paste(image, (0, band))
    frame.paste(table((height - edge, height)), (0, band + height))
    return frame.resize((height, frame.height * height // width), Image.LANCZOS)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--count", type=int, default=None)
    parser.add_argument("--portrait", action="store_true", help="sideways receipts in portrait photos")
    arguments = parser.parse_args()
    arguments.target.mkdir(parents=True, exist_ok=True)
    images = [path for path in sorted(arguments.source.glob("*.jpg")) if path.with_suffix(".json").exists()]
    for index, image_path in enumerate(images[:arguments.count]):
        with Image.open(image_path) as image:
            # Turned pixel for pixel; saved once more as JPEG at a high quality.
            upright = ImageOps.exif_transpose(image).convert("RGB")
            if arguments.portrait:
                turned = in_portrait(upright.transpose(SIDEWAYS[index % len(SIDEWAYS)]))
            else:
                turned = upright.transpose(TURNS[index % len(TURNS)])
            turned.save(arguments.target / image_path.name, quality=95)
        shutil.copyfile(image_path.with_suffix(".json"), arguments.target / image_path.with_suffix(".json").name)


if __name__ == "__main__":
    main()
