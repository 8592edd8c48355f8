"""The meter digit corpus as the trainer and the tests see it: which files are held back, how a
label in tenths becomes soft targets, how images are standardized, and the benchmark's rule for a
correct reading. numpy and Pillow only (Debian: python3-numpy, python3-pil), so tests can import it
without the training framework."""
import hashlib
from pathlib import Path

import numpy as np
from PIL import Image

HELD_BACK_PERCENT = 15


def held_back(name: str) -> bool:
    return int(hashlib.md5(name.encode()).hexdigest(), 16) % 100 < HELD_BACK_PERCENT


def standardize(pixels: np.ndarray) -> np.ndarray:
    """Per image: zero mean, unit deviation (what DigitReader does before inference)."""
    mean = pixels.mean(axis=(1, 2), keepdims=True)
    std = pixels.std(axis=(1, 2), keepdims=True)
    return ((pixels - mean) / np.maximum(std, 1e-3)).astype(np.float32)


def soft_targets(tenths: np.ndarray, classes: int = 10) -> np.ndarray:
    """x.f → weight 1 − f/10 on x and f/10 on x+1 (f may be fractional: rendered rolls stop anywhere)."""
    tenths = np.asarray(tenths, dtype=np.float64)
    lower = np.floor(tenths / 10).astype(int)
    fraction = (tenths - 10 * lower) / 10
    targets = np.zeros((len(tenths), classes), dtype=np.float32)
    rows = np.arange(len(tenths))
    targets[rows, lower % classes] += 1 - fraction
    targets[rows, (lower + 1) % classes] += fraction
    return targets


def load(folder: Path, width: int, height: int, split: str):
    images, labels = [], []
    for label_dir in sorted(p for p in folder.iterdir() if p.is_dir()):
        tenths = round(float(label_dir.name) * 10)
        for file in sorted(label_dir.glob("*.jpg")):
            if held_back(file.name) != (split == "test"):
                continue
            image = Image.open(file).convert("L")
            if image.size != (width, height):
                image = image.resize((width, height), Image.BILINEAR)
            images.append(np.asarray(image, dtype=np.float32) / 255.0)
            labels.append(tenths)
    return np.stack(images), np.array(labels)


def load_mnist(folder: Path, width: int, height: int, split: str):
    """MNIST's IDX files (60,000 handwritten digits, white on black, 28×28): images scaled to 0–1
    and labels in tenths like the meter corpus. Digit i is held back when md5("mnist-train-i")
    falls in the held-back share, so the benchmark measures on digits the model never saw."""
    import gzip
    with gzip.open(folder / "train-images-idx3-ubyte.gz") as file:
        raw = np.frombuffer(file.read(), dtype=np.uint8)
    count, rows, columns = (int.from_bytes(raw[i:i + 4].tobytes(), "big") for i in (4, 8, 12))
    images = raw[16:].reshape(count, rows, columns)
    with gzip.open(folder / "train-labels-idx1-ubyte.gz") as file:
        labels = np.frombuffer(file.read(), dtype=np.uint8)[8:]
    keep = np.array([held_back(f"mnist-train-{i}") == (split == "test") for i in range(count)])
    images, labels = images[keep], labels[keep]
    if (columns, rows) != (width, height):
        images = np.stack([np.asarray(Image.fromarray(image).resize((width, height), Image.BILINEAR)) for image in images])
    return images.astype(np.float32) / 255.0, labels.astype(np.int64) * 10


def correct(predicted, tenths):
    """The benchmark's rule: x.0–x.2 → x, x.8–x.9 → x+1, x.3–x.7 → either."""
    digit, fraction = tenths // 10, tenths % 10
    ok_low = predicted == digit % 10
    ok_high = predicted == (digit + 1) % 10
    return np.where(fraction <= 2, ok_low, np.where(fraction >= 8, ok_high, ok_low | ok_high))
