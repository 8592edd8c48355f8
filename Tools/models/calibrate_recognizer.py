#!/usr/bin/env python3
"""Measures the ranges of the recognizer's activations on self-made text lines
(calibration_lines.py: 300 lines, seed 7), writes them to recognizer-ranges.json and the int8
recognizer made with them to --model. The ranges come from running the model, so they are measured
once and committed, and `make models` makes the same int8 model from them on any machine. Run this
again only when the recognizer changes, then pin the new int8 model's SHA-256 in fetch_models.py.
Needs Pillow besides requirements.txt (the venv `make models` makes sees Debian's python3-pil).

  .build/venv-models/bin/python Tools/models/calibrate_recognizer.py \\
      .build/models/ppocr/PP-OCRv6_rec_small_latin.onnx --model /tmp/int8.onnx
"""
import argparse
import sys
from pathlib import Path

import calibration_lines
import derived_models

SEED = 7
COUNT = 300


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("recognizer", type=Path, help="the Latin-script recognizer (PP-OCRv6_rec_small_latin.onnx)")
    parser.add_argument("--model", type=Path, required=True, help="where the int8 recognizer goes")
    parser.add_argument("--ranges", type=Path, default=derived_models.RECOGNIZER_RANGES)
    arguments = parser.parse_args()
    from onnxruntime.quantization import CalibrationDataReader

    class Lines(CalibrationDataReader):
        def __init__(self) -> None:
            self.lines = iter(planes for _, planes in calibration_lines.lines(SEED, COUNT))

        def get_next(self):
            line = next(self.lines, None)
            return None if line is None else {"x": line}

    derived_models.quantize_recognizer(arguments.recognizer, arguments.model, arguments.ranges, measure_on=Lines())
    print(f"calibrate_recognizer: ranges in {arguments.ranges}, the int8 recognizer in {arguments.model}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
