"""Reads self-made text lines (Tools/models/calibration_lines.py, a seed the ranges were not measured
on) with the float and the int8 recognizer; prints how often each reads a line exactly and how often
the two agree, as JSON. Run by test_models.py with the models' venv (ONNX Runtime's Python package).

  recognizer_agreement.py MODELS_DIR SEED COUNT INT8_MODEL
"""
import json
import sys
from pathlib import Path

import onnxruntime

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tools" / "models"))
import calibration_lines  # noqa: E402


def spaced(text: str) -> str:
    """Runs of spaces as one: a reader does not count the spaces between words."""
    return " ".join(text.split())


def reader(path: Path):
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    characters = session.get_modelmeta().custom_metadata_map["character"].split("\n")
    # CTC: class 0 is the blank, then the dictionary, then the space PaddleOCR appends.
    classes = ["", *characters, " "]

    def read(planes) -> str:
        best = session.run(None, {"x": planes})[0][0].argmax(axis=-1)
        kept = [index for step, index in enumerate(best) if index != 0 and (step == 0 or best[step - 1] != index)]
        return spaced("".join(classes[index] for index in kept))
    return read


def main() -> int:
    models, seed, count, int8_model = Path(sys.argv[1]) / "ppocr", int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    read_float = reader(models / "PP-OCRv6_rec_small_latin.onnx")
    read_int8 = reader(models / int8_model)
    readings = [(spaced(words), read_float(planes), read_int8(planes)) for words, planes in calibration_lines.lines(seed, count)]
    print(json.dumps({
        "lines": len(readings),
        "float_exact": sum(f == words for words, f, _ in readings) / len(readings),
        "int8_exact": sum(i == words for words, _, i in readings) / len(readings),
        "agree": sum(f == i for _, f, i in readings) / len(readings),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
