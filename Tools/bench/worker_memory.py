#!/usr/bin/env python3
"""Memory and throughput of the server's capture workers: one `scanbook serve` (SQLite) per count of
workers, the same receipt photos uploaded through the API at once, the server's resident memory
sampled every 50 ms until every capture is read. The workers share one ONNX Runtime session per
model (issue 41), so a worker should cost its own activations and buffers, not another copy of the
models. Prints a table and, with --json, writes the figures.

    Tools/bench/worker_memory.py --bin .build/release/scanbook --photos ../shared/corpora/sroie-dev --count 20
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cluster"))
from client import Client  # noqa: E402
from cluster import Instance  # noqa: E402
from load_bench import machine  # noqa: E402


def memory_kib(pid: int) -> dict[str, int]:
    """VmRSS (now) and VmHWM (the peak so far) of a process, in KiB."""
    figures = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            figures[key] = int(value.split()[0])
    return figures


class Sampler(threading.Thread):
    """The resident memory of `pid` every `interval` seconds, until stopped."""

    def __init__(self, pid: int, interval: float = 0.05):
        super().__init__(daemon=True)
        self.pid, self.interval = pid, interval
        self.samples: list[int] = []
        self.halt = threading.Event()

    def run(self):
        while not self.halt.is_set():
            try:
                self.samples.append(memory_kib(self.pid)["VmRSS"])
            except (OSError, KeyError):
                return
            self.halt.wait(self.interval)


def measure(binary: str, photos: list[Path], workers: int, engine: str, timeout: float) -> dict:
    server = Instance(binary=binary, name=f"workers-{workers}",
                      env={"SCANBOOK_CAPTURE_WORKERS": workers, "SCANBOOK_OCR_ENGINE": engine,
                           "SCANBOOK_USER_PENDING_JOBS": len(photos) + 10, "LOG_LEVEL": "warning"}).start()
    try:
        pid = server.process.pid
        time.sleep(1)  # the start's own allocations settle
        idle = memory_kib(pid)["VmRSS"]
        user = Client(server.url, timeout=120).register("Bench", f"bench{time.time_ns()}@example.org")
        sampler = Sampler(pid)
        sampler.start()
        start = time.perf_counter()
        for photo in photos:
            answer = user.upload("/api/v1/receipts", photo.read_bytes(), filename=photo.name)
            assert answer.status == 202, answer
        statuses: dict[str, int] = {}
        while time.perf_counter() - start < timeout:
            listed = user.get(f"/api/v1/captures?limit={len(photos) + 10}").json()
            statuses = {}
            for capture in listed:
                statuses[capture["status"]] = statuses.get(capture["status"], 0) + 1
            if statuses.get("queued", 0) + statuses.get("processing", 0) == 0 and sum(statuses.values()) >= len(photos):
                break
            time.sleep(0.25)
        elapsed = time.perf_counter() - start
        sampler.halt.set()
        sampler.join()
        figures = memory_kib(pid)
        return {"workers": workers, "engine": engine, "photos": len(photos), "statuses": statuses,
                "idle_mib": idle / 1024, "peak_mib": figures["VmHWM"] / 1024, "after_mib": figures["VmRSS"] / 1024,
                "median_while_reading_mib": statistics.median(sampler.samples) / 1024 if sampler.samples else None,
                "seconds": elapsed, "receipts_per_minute": len(photos) / elapsed * 60}
    finally:
        server.stop()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.environ.get("SCANBOOK_BIN", ".build/release/scanbook"))
    parser.add_argument("--photos", required=True, help="a folder of JPEG receipt photos (the first --count, by name)")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--workers", default="1,2,4", help="counts of capture workers, one server each")
    parser.add_argument("--engine", default="ppocr", choices=["ppocr", "tesseract"])
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args(argv)

    photos = sorted(Path(args.photos).glob("*.jpg"))[: args.count]
    if not photos:
        print(f"worker_memory: no .jpg in {args.photos}", file=sys.stderr)
        return 2
    binary = str(Path(args.bin).resolve())  # the server runs in its data folder
    rows = [measure(binary, photos, int(count), args.engine, args.timeout) for count in args.workers.split(",")]
    print(f"Capture workers' memory, {args.engine}, {len(photos)} photos from {args.photos}; {machine()}; {time.strftime('%Y-%m-%d')}")
    print("| workers | idle RSS | peak RSS | median RSS while reading | peak above one worker's | receipts / min | read / failed |")
    print("|---|---|---|---|---|---|---|")
    first = rows[0]["peak_mib"]
    for row in rows:
        print(f"| {row['workers']} | {row['idle_mib']:.0f} MiB | {row['peak_mib']:.0f} MiB | {row['median_while_reading_mib']:.0f} MiB | "
              f"{row['peak_mib'] - first:+.0f} MiB | {row['receipts_per_minute']:.1f} | "
              f"{row['statuses'].get('done', 0)} / {row['statuses'].get('failed', 0)} |")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0 if all(row["statuses"].get("done", 0) == len(photos) for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
