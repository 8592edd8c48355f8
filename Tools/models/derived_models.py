"""Derives the models Scanbook runs from PP-OCR's, by exact edits of their weights (so the results'
SHA-256 can be pinned):

- Denormal weights flushed to zero, in both models. 256,000 of the detector's 2.45 million weights
  are denormal floats (under 1.2e-38; 63 % of one 768 -> 384 convolution's), and an Intel CPU
  multiplies those through a slow microcode path: that convolution and its twin took two thirds of
  detection time (about 700 -> 220 ms a page on a Xeon, one thread). A denormal adds nothing a
  float32 sum can keep: the detector's output on a receipt was bit-for-bit the same.
- The recognizer's last layer cut down to Latin script. PP-OCRv6's recognizer scores 18,710
  classes at every time step (Chinese, Japanese, Korean, Latin, Greek, Cyrillic, symbols, emoji),
  and that layer, with its bias and softmax, took 29 % of recognition time. Receipts, slips and
  forms in Scanbook are English, German, French and Italian, so only the classes of Latin letters,
  digits, punctuation, currency, number forms and mathematical signs are kept (and those whose
  compatibility form is one of these, such as full-width digits): 938 with the blank and the space.
  Their weights and biases are copied unchanged; the softmax runs over the kept classes only.
- That recognizer in int8: its ordinary (not depthwise) convolutions, most of its time, run on
  8-bit integers (ONNX Runtime's static QDQ quantization, weights per output channel). The
  activations' ranges were measured once on self-made text lines (calibrate_recognizer.py) and are
  committed (recognizer-ranges.json), so the model comes out the same, byte for byte, on any
  machine. Depthwise convolutions stay in float: in int8 they were slower, and less exact.

Needs the packages of requirements.txt (`make models` installs them into .build/venv-models).
fetch_models.py calls `derive_detector`, `derive_recognizer` and `quantize_recognizer`.
"""
import json
import logging
import shutil
import tempfile
import unicodedata
from pathlib import Path

# The blocks kept: Basic Latin, Latin-1 Supplement, Latin Extended-A and -B, Latin Extended
# Additional, General Punctuation, Currency Symbols, Letterlike Symbols, Number Forms,
# Mathematical Operators.
KEPT_BLOCKS = [(0x20, 0x7E), (0xA0, 0x24F), (0x1E00, 0x1EFF), (0x2000, 0x206F), (0x20A0, 0x20CF),
               (0x2100, 0x214F), (0x2150, 0x218F), (0x2200, 0x22FF)]
# The activations' ranges the int8 recognizer is quantized with (calibrate_recognizer.py writes them).
RECOGNIZER_RANGES = Path(__file__).with_name("recognizer-ranges.json")
# ONNX Runtime's quantizer needs opset 13 or later (per-channel weights); the recognizer is opset 11.
QUANTIZED_OPSET = 17
# The recognizer's last layer: a MatMul by WEIGHTS ([features, classes]) plus BIASES, then softmax.
WEIGHTS = "linear_8.w_0"
BIASES = "linear_8.b_0"


def in_kept_blocks(text: str) -> bool:
    return bool(text) and all(any(low <= ord(c) <= high for low, high in KEPT_BLOCKS) for c in text)


def kept(character: str) -> bool:
    return in_kept_blocks(character) or in_kept_blocks(unicodedata.normalize("NFKC", character))


def flush_denormals(model) -> None:
    import numpy
    from onnx import numpy_helper

    smallest_normal = numpy.finfo(numpy.float32).tiny
    for tensor in model.graph.initializer:
        values = numpy_helper.to_array(tensor)
        if values.dtype != numpy.float32:
            continue
        denormal = (values != 0) & (numpy.abs(values) < smallest_normal)
        if denormal.any():
            values = values.copy()
            values[denormal] = 0
            tensor.CopyFrom(numpy_helper.from_array(values, tensor.name))


def keep_latin_classes(model, source: Path) -> None:
    import numpy
    from onnx import numpy_helper

    metadata = {entry.key: entry for entry in model.metadata_props}
    characters = metadata["character"].value.split("\n")
    kept_indices = [index for index, c in enumerate(characters) if kept(c)]
    # Class 0 is CTC's blank, classes 1… the dictionary, the last one the space PaddleOCR appends.
    classes = [0] + [index + 1 for index in kept_indices] + [len(characters) + 1]
    tensors = {tensor.name: tensor for tensor in model.graph.initializer}
    weights = numpy_helper.to_array(tensors[WEIGHTS])
    biases = numpy_helper.to_array(tensors[BIASES])
    if weights.shape[1] != len(characters) + 2 or biases.shape != (len(characters) + 2,):
        raise SystemExit(f"derived_models: {source} is not the recognizer this was written for "
                         f"({WEIGHTS} {weights.shape}, {len(characters)} characters)")
    tensors[WEIGHTS].CopyFrom(numpy_helper.from_array(numpy.ascontiguousarray(weights[:, classes]), WEIGHTS))
    tensors[BIASES].CopyFrom(numpy_helper.from_array(numpy.ascontiguousarray(biases[classes]), BIASES))
    # Every shape the graph declares with the old class count now has the new one.
    for value in [*model.graph.output, *model.graph.value_info]:
        for dimension in value.type.tensor_type.shape.dim:
            if dimension.HasField("dim_value") and dimension.dim_value == len(characters) + 2:
                dimension.dim_value = len(classes)
    metadata["character"].value = "\n".join(characters[index] for index in kept_indices)


def derive_detector(source: Path, target: Path) -> None:
    edit(source, target, flush_denormals)


def derive_recognizer(source: Path, target: Path) -> None:
    def cut_and_flush(model) -> None:
        keep_latin_classes(model, source)
        flush_denormals(model)
    edit(source, target, cut_and_flush)


def quantize_recognizer(source: Path, target: Path, ranges: Path = RECOGNIZER_RANGES, measure_on=None, reduce_range: bool = False) -> None:
    """The recognizer with its ordinary convolutions in int8, at the activations' ranges in `ranges`;
    given `measure_on` (an ONNX Runtime CalibrationDataReader), those ranges are measured on its
    inputs first and written to `ranges` (calibrate_recognizer.py)."""
    import onnx
    from onnx import version_converter
    from onnxruntime.quantization import QuantFormat, QuantType, quantize_static

    model = version_converter.convert_version(onnx.load(str(source)), QUANTIZED_OPSET)
    depthwise = [node.name for node in model.graph.node
                 if node.op_type == "Conv" and any(a.name == "group" and a.i > 1 for a in node.attribute)]
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(target.suffix + ".partial")
    with tempfile.TemporaryDirectory() as scratch:
        # The quantizer measures and saves the ranges when its cache file is missing, and rewrites
        # one it finds stale: when not measuring, it gets a copy, never the committed file.
        cache = Path(scratch) / ranges.name
        if measure_on is None:
            if not ranges.exists():
                raise SystemExit(f"derived_models: {ranges} is missing (calibrate_recognizer.py writes it)")
            shutil.copyfile(ranges, cache)
        # It advises "pre-processing" on the way: ONNX Runtime's graph optimizations, whose result
        # may depend on the machine. Not wanted here, and not worth a warning on every machine.
        root = logging.getLogger()
        level = root.level
        root.setLevel(logging.ERROR)
        try:
            quantize_static(model, str(partial), calibration_data_reader=measure_on, calibration_cache_path=str(cache),
                            quant_format=QuantFormat.QDQ, op_types_to_quantize=["Conv"], nodes_to_exclude=depthwise,
                            per_channel=True, reduce_range=reduce_range, activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8)
        finally:
            root.setLevel(level)
        if measure_on is not None:
            # Sorted, so measuring again on the same model rewrites the same file.
            ranges.write_text(json.dumps(json.loads(cache.read_text()), sort_keys=True, indent=1) + "\n")
    partial.replace(target)


def quantize_recognizer_7bit(source: Path, target: Path) -> None:
    """The int8 recognizer with its weights in 7 bits (-64..63), for x86 processors without VNNI.
    There ONNX Runtime multiplies uint8 by int8 with VPMADDUBSW, which adds two products in 16
    bits: 255 * 127 * 2 saturates, 255 * 64 * 2 does not (ONNX Runtime's `reduce_range`)."""
    quantize_recognizer(source, target, reduce_range=True)


def edit(source: Path, target: Path, change) -> None:
    import onnx

    model = onnx.load(str(source))
    change(model)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(target.suffix + ".partial")
    onnx.save(model, str(partial))
    partial.replace(target)
