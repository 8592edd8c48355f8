"""The models `make models` derives (Tools/models): the int8 recognizer reads as the float one does."""
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# ONNX Runtime's Python package lives in the venv `make models` makes, not in Debian's Python.
MODELS_PYTHON = ROOT / ".build" / "venv-models" / "bin" / "python"
MODELS_DIR = os.environ.get("SCANBOOK_MODELS_DIR") or str(ROOT / ".build" / "models")


def processor_flags() -> set:
    with open("/proc/cpuinfo", encoding="utf-8") as info:
        line = next((line for line in info if line.startswith("flags")), "")
    return set(line.partition(":")[2].split())


SATURATES_8_BIT = platform.machine() == "x86_64" and not {"avx512_vnni", "avx_vnni"} & processor_flags()


# Without VNNI, ONNX Runtime's 8-bit products saturate on x86, so Scanbook reads with 7-bit weights
# there (PaddleModelFiles.RecognizerWeights); the 8-bit model is held to the float one elsewhere.
@pytest.mark.parametrize("model", [
    pytest.param("PP-OCRv6_rec_small_latin_int8.onnx", marks=pytest.mark.skipif(
        SATURATES_8_BIT, reason="this x86 processor has no VNNI: Scanbook reads with 7-bit weights here")),
    "PP-OCRv6_rec_small_latin_int8_7bit.onnx",
])
def test_the_int8_recognizer_reads_self_made_lines_as_the_float_one_does(model):
    assert MODELS_PYTHON.exists(), f"{MODELS_PYTHON} is missing: run `make models`"
    # 200 lines of a seed the ranges were not measured on (they were on seed 7).
    result = subprocess.run([str(MODELS_PYTHON), str(Path(__file__).with_name("recognizer_agreement.py")), MODELS_DIR, "2026", "200", model],
                            capture_output=True, text=True, timeout=300, env={**os.environ, "OMP_NUM_THREADS": "1"})
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["lines"] == 200
    # The lines are readable (so agreeing means something), and rounding to int8 costs little.
    assert figures["float_exact"] >= 0.6, figures
    assert figures["int8_exact"] >= figures["float_exact"] - 0.03, figures
    assert figures["agree"] >= 0.85, figures
