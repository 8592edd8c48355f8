#!/usr/bin/env python3
"""Trains the digit reader: a small convolutional network, written out as JSON for the plain-Swift
inference in `DigitReader` (Sources/ScanbookCore/Digits).

    python3 Sources/ScanbookOCR/Models/train_digits.py --synthetic 6000 \
        --data ../shared/corpora/meter-digits-train --out Sources/ScanbookOCR/Models/meter-digits.json

(the shipped model: 30 epochs, seed 1, ~30 min on one core). `--synthetic N` adds N rendered drum
digits (synthetic_digits.py: fonts the corpus and the strip benchmark do not use, both polarities,
red drums, partial rolls) so the model reads counters unlike the corpus's.

The corpus has one folder per label in tenths of a step ("5.4" = a 5 rolling towards 6). A digit x.f
is trained towards x with weight 1 − f/10 and towards x+1 with f/10, so a half-rolled drum is a real
input whose two candidates come out first and second. Files whose name hashes into the held-back
share (md5 of the file name, see `held_back`) are never trained on; the benchmark measures on them.

Model (general: input size and classes come from the data and are stored in the JSON):
  input H×W gray, standardized per image → conv 3×3×F1 + ReLU → max-pool 2 → conv 3×3×F2 + ReLU
  → max-pool 2 → dense HIDDEN + ReLU → dense C → softmax (defaults 8, 16, 64).
Only numpy and Pillow are needed (Debian: python3-numpy, python3-pil).
"""
import argparse
import hashlib
import json
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
    return (pixels - mean) / np.maximum(std, 1e-3)


def load(folder: Path, width: int, height: int, split: str):
    images, targets, labels = [], [], []
    for label_dir in sorted(p for p in folder.iterdir() if p.is_dir()):
        tenths = round(float(label_dir.name) * 10)
        digit, fraction = divmod(tenths, 10)
        for file in sorted(label_dir.glob("*.jpg")):
            if held_back(file.name) != (split == "test"):
                continue
            image = Image.open(file).convert("L")
            if image.size != (width, height):
                image = image.resize((width, height), Image.BILINEAR)
            images.append(np.asarray(image, dtype=np.float32) / 255.0)
            target = np.zeros(10, dtype=np.float32)
            target[digit % 10] += 1 - fraction / 10
            target[(digit + 1) % 10] += fraction / 10
            targets.append(target)
            labels.append(tenths)
    return standardize(np.stack(images)), np.stack(targets), np.array(labels)


def im2col(x, k=3):
    """x: N×C×H×W → (N·H·W)×(C·k·k), 'same' padding."""
    n, c, h, w = x.shape
    pad = k // 2
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    cols = np.empty((n, c, k, k, h, w), dtype=x.dtype)
    for dy in range(k):
        for dx in range(k):
            cols[:, :, dy, dx] = xp[:, :, dy:dy + h, dx:dx + w]
    return cols.transpose(0, 4, 5, 1, 2, 3).reshape(n * h * w, c * k * k)


def col2im(cols, shape, k=3):
    n, c, h, w = shape
    pad = k // 2
    cols = cols.reshape(n, h, w, c, k, k).transpose(0, 3, 4, 5, 1, 2)
    xp = np.zeros((n, c, h + 2 * pad, w + 2 * pad), dtype=cols.dtype)
    for dy in range(k):
        for dx in range(k):
            xp[:, :, dy:dy + h, dx:dx + w] += cols[:, :, dy, dx]
    return xp[:, :, pad:pad + h, pad:pad + w]


class Net:
    def __init__(self, height, width, classes, rng, filters=(8, 16), hidden=64):
        def he(*shape, fan_in):
            return (rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)).astype(np.float32)
        self.h, self.w = height, width
        f1, f2 = filters
        flat = f2 * (height // 4) * (width // 4)
        self.p = {
            "c1w": he(f1, 1 * 9, fan_in=9), "c1b": np.zeros(f1, np.float32),
            "c2w": he(f2, f1 * 9, fan_in=f1 * 9), "c2b": np.zeros(f2, np.float32),
            "d1w": he(flat, hidden, fan_in=flat), "d1b": np.zeros(hidden, np.float32),
            "d2w": he(hidden, classes, fan_in=hidden), "d2b": np.zeros(classes, np.float32),
        }

    @staticmethod
    def conv(x, weights, bias):
        n, _, h, w = x.shape
        cols = im2col(x)
        out = cols @ weights.T + bias
        return out.reshape(n, h, w, -1).transpose(0, 3, 1, 2), cols

    @staticmethod
    def pool(x):
        n, c, h, w = x.shape
        blocks = x[:, :, :h // 2 * 2, :w // 2 * 2].reshape(n, c, h // 2, 2, w // 2, 2)
        out = blocks.max(axis=(3, 5))
        mask = blocks == out[:, :, :, None, :, None]
        return out, mask

    def forward(self, x):
        p, cache = self.p, {}
        a1, cache["cols1"] = self.conv(x[:, None], p["c1w"], p["c1b"])
        r1 = np.maximum(a1, 0)
        m1, cache["mask1"] = self.pool(r1)
        a2, cache["cols2"] = self.conv(m1, p["c2w"], p["c2b"])
        r2 = np.maximum(a2, 0)
        m2, cache["mask2"] = self.pool(r2)
        flat = m2.reshape(len(x), -1)
        h1 = np.maximum(flat @ p["d1w"] + p["d1b"], 0)
        logits = h1 @ p["d2w"] + p["d2b"]
        cache.update(x=x, a1=a1, m1=m1, a2=a2, m2=m2, flat=flat, h1=h1)
        return logits, cache

    def backward(self, logits, targets, cache):
        p, g = self.p, {}
        n = len(logits)
        probs = softmax(logits)
        dlogits = (probs - targets) / n
        g["d2w"] = cache["h1"].T @ dlogits
        g["d2b"] = dlogits.sum(0)
        dh1 = dlogits @ p["d2w"].T * (cache["h1"] > 0)
        g["d1w"] = cache["flat"].T @ dh1
        g["d1b"] = dh1.sum(0)
        dm2 = (dh1 @ p["d1w"].T).reshape(cache["m2"].shape)
        dr2 = unpool(dm2, cache["mask2"], cache["a2"].shape)
        da2 = dr2 * (cache["a2"] > 0)
        da2_flat = da2.transpose(0, 2, 3, 1).reshape(-1, da2.shape[1])
        g["c2w"] = da2_flat.T @ cache["cols2"]
        g["c2b"] = da2_flat.sum(0)
        dcols2 = da2_flat @ p["c2w"]
        dm1 = col2im(dcols2, cache["m1"].shape)
        dr1 = unpool(dm1, cache["mask1"], cache["a1"].shape)
        da1 = dr1 * (cache["a1"] > 0)
        da1_flat = da1.transpose(0, 2, 3, 1).reshape(-1, da1.shape[1])
        g["c1w"] = da1_flat.T @ cache["cols1"]
        g["c1b"] = da1_flat.sum(0)
        return g


def unpool(d, mask, shape):
    n, c, h, w = shape
    grad = np.zeros(shape, dtype=d.dtype)
    expanded = mask * d[:, :, :, None, :, None]
    grad[:, :, :h // 2 * 2, :w // 2 * 2] = expanded.reshape(n, c, h // 2 * 2, w // 2 * 2)
    return grad


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def augment(batch, rng):
    """Shifts by up to one pixel and scales contrast a little: framing and light vary on meters."""
    out = np.empty_like(batch)
    for i, image in enumerate(batch):
        dy, dx = rng.integers(-1, 2, size=2)
        out[i] = np.roll(np.roll(image, dy, axis=0), dx, axis=1) * rng.uniform(0.85, 1.15)
    return out


def correct(predicted, tenths):
    """The benchmark's rule: x.0–x.2 → x, x.8–x.9 → x+1, x.3–x.7 → either."""
    digit, fraction = tenths // 10, tenths % 10
    ok_low = predicted == digit % 10
    ok_high = predicted == (digit + 1) % 10
    return np.where(fraction <= 2, ok_low, np.where(fraction >= 8, ok_high, ok_low | ok_high))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--width", type=int, default=20)
    parser.add_argument("--height", type=int, default=32)
    parser.add_argument("--filters", type=int, nargs=2, default=[8, 16], help="channels of the two convolutions")
    parser.add_argument("--hidden", type=int, default=64, help="units of the hidden dense layer")
    parser.add_argument("--synthetic", type=int, default=0, help="rendered drum digits added to the training set (synthetic_digits.py)")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    x, y, _ = load(args.data, args.width, args.height, "train")
    tx, _, tlabels = load(args.data, args.width, args.height, "test")
    if args.synthetic:
        import synthetic_digits
        images, tenths = synthetic_digits.render(args.synthetic, args.seed, args.width, args.height)
        targets = np.zeros((len(tenths), 10), dtype=np.float32)
        targets[np.arange(len(tenths)), tenths // 10 % 10] += 1 - tenths % 10 / 10
        targets[np.arange(len(tenths)), (tenths // 10 + 1) % 10] += tenths % 10 / 10
        x, y = np.concatenate([x, standardize(images)]), np.concatenate([y, targets])
    print(f"train {len(x)}, held back {len(tx)}")
    net = Net(args.height, args.width, 10, rng, filters=tuple(args.filters), hidden=args.hidden)
    f1, f2 = args.filters
    m = {k: np.zeros_like(v) for k, v in net.p.items()}
    v = {k: np.zeros_like(v) for k, v in net.p.items()}
    step, rate = 0, 0.002
    for epoch in range(args.epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), 64):
            index = order[start:start + 64]
            logits, cache = net.forward(augment(x[index], rng))
            grads = net.backward(logits, y[index], cache)
            step += 1
            for k in net.p:
                m[k] = 0.9 * m[k] + 0.1 * grads[k]
                v[k] = 0.999 * v[k] + 0.001 * grads[k] ** 2
                net.p[k] -= rate * (m[k] / (1 - 0.9 ** step)) / (np.sqrt(v[k] / (1 - 0.999 ** step)) + 1e-8)
        if epoch == args.epochs * 2 // 3:
            rate /= 5
        logits, _ = net.forward(tx)
        accuracy = correct(logits.argmax(1), tlabels).mean()
        print(f"epoch {epoch + 1}: held-back accuracy {accuracy * 100:.2f}%", flush=True)
    model = {
        "format": "scanbook-digits-1",
        "inputWidth": args.width, "inputHeight": args.height,
        "classes": [str(d) for d in range(10)],
        "trainedOn": f"{args.data.name}, {len(x) - args.synthetic} digits, md5(name) % 100 >= {HELD_BACK_PERCENT}; {args.synthetic} synthetic (seed {args.seed})",
        "layers": [
            {"type": "conv3x3", "inputChannels": 1, "outputChannels": f1,
             "weights": net.p["c1w"].ravel().round(6).tolist(), "bias": net.p["c1b"].round(6).tolist()},
            {"type": "relu"}, {"type": "maxpool2"},
            {"type": "conv3x3", "inputChannels": f1, "outputChannels": f2,
             "weights": net.p["c2w"].ravel().round(6).tolist(), "bias": net.p["c2b"].round(6).tolist()},
            {"type": "relu"}, {"type": "maxpool2"},
            {"type": "dense", "inputs": int(net.p["d1w"].shape[0]), "outputs": args.hidden,
             "weights": net.p["d1w"].T.ravel().round(6).tolist(), "bias": net.p["d1b"].round(6).tolist()},
            {"type": "relu"},
            {"type": "dense", "inputs": args.hidden, "outputs": 10,
             "weights": net.p["d2w"].T.ravel().round(6).tolist(), "bias": net.p["d2b"].round(6).tolist()},
        ],
    }
    args.out.write_text(json.dumps(model, separators=(",", ":")))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
