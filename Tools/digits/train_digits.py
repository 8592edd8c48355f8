#!/usr/bin/env python3
"""Trains the digit reader: a small convolutional network, written out as JSON for the plain-Swift
inference in `DigitReader` (Sources/ScanbookCore/Digits).

    /usr/bin/python3 -m venv /tmp/train && /tmp/train/bin/pip install jax pillow    # training only, CPU
    apt-get install fonts-liberation fonts-urw-base35 fonts-freefont-ttf fonts-lato fonts-b612 \
        fonts-jetbrains-mono fonts-firacode fonts-roboto-unhinted fonts-open-sans   # --synthetic's fonts
    /tmp/train/bin/python Tools/digits/train_digits.py --synthetic 20000 \
        --convs 16 32 64 --hidden 128 --epochs 40 \
        --data ../shared/corpora/meter-digits-train --out Sources/ScanbookOCR/Models/meter-digits.json

(the shipped model's command line, also in its "trainedOn" field; ~17 min on two cores).

The handwritten model the form scanner reads comb cells with is the same network trained on MNIST:

    /tmp/train/bin/python Tools/digits/train_digits.py --mnist --width 28 --height 28 --invert-share 0.5 \
        --convs 16 32 64 --hidden 128 --epochs 24 \
        --data ../shared/corpora/mnist-train --out Sources/ScanbookOCR/Models/handwritten-digits.json

(`--invert-share`: that share of each batch is inverted, so the model reads dark ink on paper as
well as MNIST's white on black.) Its second
opinion, meter-digits-second.json, which the strip reader averages in, is the same command with
`--half-roll-share 0.25 --out Sources/ScanbookOCR/Models/meter-digits-second.json`. `--synthetic N` adds N rendered drum
digits (synthetic_digits.py: fonts the corpus and the strip benchmark do not use, both polarities,
red drums, partial rolls) so the model reads counters unlike the corpus's.

The corpus has one folder per label in tenths of a step ("5.4" = a 5 rolling towards 6). A digit x.f
is trained towards x with weight 1 − f/10 and towards x+1 with f/10, so a half-rolled drum is a real
input whose two candidates come out first and second. Files whose name hashes into the held-back
share (md5 of the file name, see `digit_corpus.held_back`) are never trained on; the benchmark measures on them.

Model (general: input size and classes come from the data and are stored in the JSON):
  input H×W gray, standardized per image → for each entry of --convs: conv 3×3 + batch norm + ReLU
  + max-pool 2 → dense --hidden + ReLU → dense C → softmax. Batch norm is folded into the
  convolution's weights on export, so the Swift side only knows conv3x3, relu, maxpool2 and dense.
JAX computes the gradients; the Swift side needs nothing of it.
"""
import argparse
import json
import sys
import time
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from digit_corpus import HELD_BACK_PERCENT, correct, load, load_mnist, soft_targets, standardize  # noqa: E402

BATCH_NORM_EPSILON = 1e-5


def augment(batch: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Framing and light vary on meters: shifts by a pixel (edges repeated), a little stretch,
    contrast and brightness, sensor noise; then standardized like at inference."""
    n, h, w = batch.shape
    padded = np.pad(batch, ((0, 0), (1, 1), (1, 1)), mode="edge")
    scale_y = rng.uniform(0.9, 1.1, (n, 1))
    scale_x = rng.uniform(0.9, 1.1, (n, 1))
    rows = (np.arange(h)[None] - h / 2) * scale_y + h / 2 + 1 + rng.integers(-1, 2, (n, 1))
    cols = (np.arange(w)[None] - w / 2) * scale_x + w / 2 + 1 + rng.integers(-1, 2, (n, 1))
    rows = np.clip(np.rint(rows), 0, h + 1).astype(int)
    cols = np.clip(np.rint(cols), 0, w + 1).astype(int)
    out = padded[np.arange(n)[:, None, None], rows[:, :, None], cols[:, None, :]]
    out = out * rng.uniform(0.7, 1.3, (n, 1, 1)) + rng.uniform(-0.15, 0.15, (n, 1, 1))
    out = out + rng.normal(0, 1, out.shape) * rng.uniform(0, 0.04, (n, 1, 1))
    return standardize(out)


def init(rng, height, width, convs, hidden, classes):
    def he(shape, fan_in):
        return jnp.asarray(rng.standard_normal(shape) * np.sqrt(2.0 / fan_in), dtype=jnp.float32)
    params, state, channels = {"convs": []}, {"convs": []}, 1
    for out in convs:
        params["convs"].append({"w": he((3, 3, channels, out), 9 * channels), "b": jnp.zeros(out),
                                "gamma": jnp.ones(out), "beta": jnp.zeros(out)})
        state["convs"].append({"mean": jnp.zeros(out), "var": jnp.ones(out)})
        channels, height, width = out, height // 2, width // 2
    flat = channels * height * width
    params["d1w"], params["d1b"] = he((flat, hidden), flat), jnp.zeros(hidden)
    params["d2w"], params["d2b"] = he((hidden, classes), hidden), jnp.zeros(classes)
    return params, state


def forward(params, state, x, train, dropout_key=None):
    """x: N×H×W. Returns logits and the batch-norm statistics (running averages when not training)."""
    a = x[..., None]
    new_state = []
    for layer, stats in zip(params["convs"], state["convs"]):
        a = jax.lax.conv_general_dilated(a, layer["w"], (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")) + layer["b"]
        if train:
            mean, var = a.mean(axis=(0, 1, 2)), a.var(axis=(0, 1, 2))
            new_state.append({"mean": 0.9 * stats["mean"] + 0.1 * mean, "var": 0.9 * stats["var"] + 0.1 * var})
        else:
            mean, var = stats["mean"], stats["var"]
            new_state.append(stats)
        a = (a - mean) / jnp.sqrt(var + BATCH_NORM_EPSILON) * layer["gamma"] + layer["beta"]
        a = jnp.maximum(a, 0)
        a = jax.lax.reduce_window(a, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    # Flatten channel-major (C×H×W), the order of DigitReader's buffers.
    flat = a.transpose(0, 3, 1, 2).reshape(a.shape[0], -1)
    h = jnp.maximum(flat @ params["d1w"] + params["d1b"], 0)
    if train and dropout_key is not None:
        h = h * jax.random.bernoulli(dropout_key, 0.8, h.shape) / 0.8
    return h @ params["d2w"] + params["d2b"], {"convs": new_state}


def loss_fn(params, state, x, targets, key):
    logits, new_state = forward(params, state, x, True, key)
    loss = -(targets * jax.nn.log_softmax(logits)).sum(axis=1).mean()
    return loss, new_state


@jax.jit
def train_step(params, state, moments, x, targets, key, rate, step):
    (_, new_state), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, state, x, targets, key)
    m, v = moments
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, grads)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, grads)
    params = jax.tree.map(
        lambda p, m, v: p - rate * (m / (1 - 0.9 ** step)) / (jnp.sqrt(v / (1 - 0.999 ** step)) + 1e-8) - rate * 1e-4 * p,
        params, m, v)
    return params, new_state, (m, v)


@jax.jit
def predict(params, state, x):
    return forward(params, state, x, False)[0]


def export(params, state, args, trained_on):
    """Folds batch norm into each convolution and writes the JSON DigitModel reads."""
    layers, channels = [], 1
    for layer, stats in zip(params["convs"], state["convs"]):
        w, b = np.asarray(layer["w"]), np.asarray(layer["b"])
        scale = np.asarray(layer["gamma"]) / np.sqrt(np.asarray(stats["var"]) + BATCH_NORM_EPSILON)
        w = w * scale  # HWIO: the last axis is the output channel
        b = (b - np.asarray(stats["mean"])) * scale + np.asarray(layer["beta"])
        out = w.shape[3]
        layers += [
            {"type": "conv3x3", "inputChannels": channels, "outputChannels": out,
             "weights": w.transpose(3, 2, 0, 1).ravel().round(6).tolist(), "bias": b.round(6).tolist()},
            {"type": "relu"}, {"type": "maxpool2"},
        ]
        channels = out
    d1w, d2w = np.asarray(params["d1w"]), np.asarray(params["d2w"])
    layers += [
        {"type": "dense", "inputs": d1w.shape[0], "outputs": d1w.shape[1],
         "weights": d1w.T.ravel().round(6).tolist(), "bias": np.asarray(params["d1b"]).round(6).tolist()},
        {"type": "relu"},
        {"type": "dense", "inputs": d2w.shape[0], "outputs": d2w.shape[1],
         "weights": d2w.T.ravel().round(6).tolist(), "bias": np.asarray(params["d2b"]).round(6).tolist()},
    ]
    model = {"format": "scanbook-digits-1", "inputWidth": args.width, "inputHeight": args.height,
             "classes": [str(d) for d in range(10)], "trainedOn": trained_on, "layers": layers}
    args.out.write_text(json.dumps(model, separators=(",", ":")))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--epochs", type=int, default=45)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--width", type=int, default=20)
    parser.add_argument("--height", type=int, default=32)
    parser.add_argument("--convs", type=int, nargs="+", default=[16, 32, 64], help="channels of the convolutions, each followed by a max-pool")
    parser.add_argument("--hidden", type=int, default=128, help="units of the hidden dense layer")
    parser.add_argument("--synthetic", type=int, default=0, help="rendered drum digits added to the training set (synthetic_digits.py)")
    parser.add_argument("--half-roll-share", type=float, default=0.0, help="share of synthetic digits caught 40-75%% of the way through a roll")
    parser.add_argument("--mnist", action="store_true", help="--data holds MNIST's IDX files instead of one folder per label")
    parser.add_argument("--invert-share", type=float, default=0.0, help="share of each batch inverted (both polarities)")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    loader = load_mnist if args.mnist else load
    x, labels = loader(args.data, args.width, args.height, "train")
    tx, tlabels = loader(args.data, args.width, args.height, "test")
    if args.synthetic:
        import synthetic_digits
        images, tenths = synthetic_digits.render(args.synthetic, args.seed, args.width, args.height, args.half_roll_share)
        x, labels = np.concatenate([x, images]), np.concatenate([labels, tenths])
    y = soft_targets(labels)
    tx = standardize(tx)
    print(f"train {len(x)}, held back {len(tx)}", flush=True)
    params, state = init(rng, args.height, args.width, args.convs, args.hidden, 10)
    moments = (jax.tree.map(jnp.zeros_like, params), jax.tree.map(jnp.zeros_like, params))
    key = jax.random.PRNGKey(args.seed)
    batch, step = 64, 0
    steps = args.epochs * (len(x) // batch)
    started = time.time()
    for epoch in range(args.epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x) - batch + 1, batch):
            index = order[start:start + batch]
            step += 1
            # Warm-up over the first 300 steps, then cosine decay to nearly zero. A peak above 1e-3
            # stalls at the start (the hidden ReLUs die; seen at 2e-3 and 3e-3).
            rate = 1e-3 * min(1, step / 300) * 0.5 * (1 + np.cos(np.pi * step / steps))
            key, dropout_key = jax.random.split(key)
            inputs = x[index]
            if args.invert_share:
                flip = rng.random(len(index)) < args.invert_share
                inputs = np.where(flip[:, None, None], 1 - inputs, inputs)
            params, state, moments = train_step(params, state, moments, augment(inputs, rng), y[index],
                                                dropout_key, np.float32(rate), np.float32(step))
        predicted = np.asarray(predict(params, state, tx)).argmax(1)
        accuracy = correct(predicted, tlabels).mean()
        message = f"epoch {epoch + 1}: held-back accuracy {accuracy * 100:.2f}%"
        if args.invert_share:
            inverted = np.asarray(predict(params, state, standardize(1 - loader(args.data, args.width, args.height, "test")[0]))).argmax(1)
            message += f", inverted {correct(inverted, tlabels).mean() * 100:.2f}%"
        print(f"{message} ({time.time() - started:.0f} s)", flush=True)
    command = " ".join(["train_digits.py"] + [a if not a.startswith("/") else Path(a).name for a in sys.argv[1:]])
    trained_on = (f"{args.data.name}, {len(x) - args.synthetic} digits, md5(name) % 100 >= {HELD_BACK_PERCENT}; "
                  f"{args.synthetic} synthetic (seed {args.seed}); {command}")
    export(params, state, args, trained_on)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
