"""What the payment photo generators share: the Swiss mod-10-recursive check digit and the loop
that writes NNN.<image> with NNN.json for every case in turn."""
import argparse
import json
import random
from pathlib import Path


def mod10(digits):
    table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5]
    carry = 0
    for digit in digits:
        carry = table[(carry + int(digit)) % 10]
    return str((10 - carry) % 10)


def write_set(description, cases, default_count, make, suffix, save_options=None):
    """`make(case, rng)` returns (image, truth dict); the case name is added to the truth."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", required=True)
    parser.add_argument("--count", type=int, default=default_count)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    out = Path(arguments.out)
    out.mkdir(parents=True, exist_ok=True)
    for index in range(arguments.count):
        case = cases[index % len(cases)]
        image, truth = make(case, rng)
        image.save(out / f"{index:03d}.{suffix}", **(save_options or {}))
        (out / f"{index:03d}.json").write_text(json.dumps({"case": case, **truth}, ensure_ascii=False))
