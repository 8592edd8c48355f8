"""What the cluster tests share besides fixtures (named apart from Tests/browser's helpers.py and
conftest.py, which Python would otherwise mix up when both suites run in one session)."""
import hashlib
import io
import random
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "Tools" / "cluster"), str(ROOT / "Tools" / "docgen")]

from client import Client  # noqa: E402
from cluster import postgres_bin, wait_until  # noqa: E402


def require_postgres():
    if postgres_bin() is None:
        pytest.skip("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)")


def receipt_photo(extra_lines: int = 0, seed: int = 3) -> tuple[bytes, dict]:
    """A generated receipt photo (JPEG) and its truth; extra item lines make it slower to read."""
    import generate_receipts
    rng = random.Random(seed)
    lines, truth = generate_receipts.receipt_lines(rng)
    items = [generate_receipts.ITEMS[i % len(generate_receipts.ITEMS)].ljust(22) + f"{i % 40}.{i % 100:02d}".rjust(10)
             for i in range(extra_lines)]
    buffer = io.BytesIO()
    generate_receipts.render(rng, lines[:4] + items + lines[4:]).save(buffer, "JPEG", quality=90)
    return buffer.getvalue(), truth


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def wait_read(client: Client, receipt_id: str, timeout: float = 60) -> dict:
    """Waits until the receipt's photo has been read (state no longer `reading`)."""
    def read():
        receipt = client.get(f"/api/v1/receipts/{receipt_id}").json()
        return receipt if receipt["state"] != "reading" else None
    return wait_until(read, timeout, 0.2, f"receipt {receipt_id} read")


def new_user(instance, name: str) -> Client:
    return Client(instance.url).register(name, f"{name.lower()}.{time.monotonic_ns()}@example.org")


def files_under(folder: Path) -> dict[str, str]:
    """Blob files of a data folder by the hash their path names (`blobs/ab/cdef…`), each with the
    SHA-256 of its bytes."""
    root = folder / "blobs"
    found = {}
    for path in root.rglob("*") if root.exists() else []:
        if path.is_file() and path.parent.parent == root and len(path.parent.name) == 2:
            found[path.parent.name + path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found
