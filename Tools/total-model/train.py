#!/usr/bin/env python3
"""Trains the receipt total model (Sources/ScanbookCore/Resources/total-model.txt).

Input: the candidates `scanbook-bench` writes with BENCH_TOTAL_FEATURES=FILE, one JSON object per
amount on a receipt: {"receipt", "amount", "line", "label" (1: the annotated total), "features"}.
Several files may be given (sroie-dev as shipped and upscaled): the same receipt read at two
resolutions counts as two examples, but a receipt is on one side of the split only.

The model is a conditional logit: a candidate's score is w·features, and the probabilities are a
softmax over the receipt's candidates plus "none of them" (score 0), so a receipt with a single
weak amount does not make it certain; training maximises the log-probability of the annotated
total (all its copies), or of "none" when OCR did not read the total anywhere, with an L2 penalty.

Usage: train.py [--without NAME ...] [--l2 0.01] [--out FILE] FEATURES.jsonl [...]
Prints held-out accuracy (receipts whose name hashes to the test half) next to the rules' choice.
"""
import argparse
import collections
import json
import sys
import zlib

import numpy as np


def load(paths):
    receipts = collections.OrderedDict()
    for path in paths:
        with open(path) as handle:
            for row in handle:
                row = json.loads(row)
                receipts.setdefault((path, row["receipt"]), []).append(row)
    return receipts


def is_test(receipt_name):
    return zlib.crc32(receipt_name.encode()) % 2 == 1


def matrices(receipts, names):
    index = {name: i for i, name in enumerate(names)}
    out = []
    for (path, name), rows in receipts.items():
        x = np.zeros((len(rows) + 1, len(names)))  # the last row: "none of them", all zeros
        for r, row in enumerate(rows):
            for key, value in row["features"].items():
                if key in index:
                    x[r, index[key]] = value
        y = np.array([row["label"] for row in rows] + [0], dtype=float)
        if not y.any():
            y[-1] = 1
        values = [row["amount"] for row in rows] + ["none"]
        out.append((name, x, y, values, rows))
    return out


def loss_and_gradient(w, data, l2):
    loss, grad = l2 * w @ w, 2 * l2 * w
    for _, x, y, _, _ in data:
        scores = x @ w
        scores -= scores.max()
        p = np.exp(scores)
        p /= p.sum()
        wanted = (p * y).sum()
        loss -= np.log(max(wanted, 1e-12))
        q = p * y / max(wanted, 1e-12)  # posterior over the right copies
        grad -= x.T @ (q - p)
    return loss / len(data), grad / len(data)


def train(data, dimensions, l2, steps=3000):
    w = np.zeros(dimensions)
    m, v = np.zeros(dimensions), np.zeros(dimensions)
    for step in range(1, steps + 1):  # Adam: the features differ in scale
        _, g = loss_and_gradient(w, data, l2)
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= 0.05 * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
    return w


def first_choice(w, x, values):
    scores = x @ w
    p = np.exp(scores - scores.max())
    p /= p.sum()
    by_value = collections.defaultdict(float)
    for value, probability in zip(values, p):
        if value != "none":
            by_value[float(value)] += probability
    best = max(by_value, key=by_value.get)
    return best, by_value[best]


def report(w, data, names, label):
    right, rules_right, sure_wrong, sure = 0, 0, 0, 0
    rules = names.index("rules") if "rules" in names else None
    for _, x, y, values, rows in data:
        truth = {float(v) for v, label_ in zip(values, y) if label_ and v != "none"}
        best, probability = first_choice(w, x, values)
        right += best in truth
        sure += probability >= 0.75
        sure_wrong += probability >= 0.75 and best not in truth
        if rules is not None:
            rules_right += any(x[r, rules] and y[r] for r in range(len(values) - 1))
    total = len(data)
    print(f"{label}: {total} receipts, model {right}/{total} = {100 * right / max(total, 1):.1f} %"
          + (f", rules {rules_right}/{total} = {100 * rules_right / max(total, 1):.1f} %" if rules is not None else "")
          + f"; p ≥ 0.75 on {sure}, of those wrong {sure_wrong}")
    return right / max(total, 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("features", nargs="+")
    parser.add_argument("--without", action="append", default=[], help="leave a feature (or a prefix ending in .) out")
    parser.add_argument("--l2", type=float, default=0.01)
    parser.add_argument("--out")
    parser.add_argument("--all", action="store_true", help="train on every receipt (for the shipped model, after the split was reported)")
    args = parser.parse_args()

    receipts = load(args.features)
    names = sorted({key for rows in receipts.values() for row in rows for key in row["features"]
                    if not any(key == w or (w.endswith(".") and key.startswith(w)) for w in args.without)})
    data = matrices(receipts, names)
    train_set = [d for d in data if args.all or not is_test(d[0])]
    test_set = [d for d in data if is_test(d[0])]
    learnable = train_set
    w = train(learnable, len(names), args.l2)
    report(w, train_set, names, "train")
    held_out = report(w, test_set, names, "held out")
    for path in args.features:
        report(w, [d for d, key in zip(data, receipts) if key[0] == path and is_test(d[0])], names, f"held out, {path}")
    if args.out:
        with open(args.out, "w") as out:
            out.write("# The receipt total model: weights of a conditional logit over a receipt's amounts.\n")
            out.write(f"# Trained by Tools/total-model/train.py on {len(learnable)} receipt readings"
                      f" ({'all' if args.all else 'the train half'}), L2 {args.l2}"
                      + ("" if args.all else f"; first choice right on {100 * held_out:.1f} % of the held-out half") + ".\n")
            for name, weight in sorted(zip(names, w), key=lambda item: -abs(item[1])):
                out.write(f"{name} {weight:.4f}\n")
        print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
