"""Photos in PostgreSQL (`SCANBOOK_BLOB_STORE=database`): an instance with another data folder serves
what was uploaded elsewhere, nothing lands on local disk, and `scanbook blobs migrate` moves every
blob to files and back with each hash checked."""
import re
from pathlib import Path

from cluster import Instance
from cluster_support import files_under, new_user, receipt_photo, sha256, wait_read


def any_files(folder: Path) -> list[Path]:
    root = folder / "blobs"
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


def database_hashes(postgres, name: str) -> set[str]:
    return set(postgres.psql(name, "SELECT hash FROM blob_contents").split())


def run(instance: Instance, *args: str) -> str:
    done = instance.command(*args)
    assert done.returncode == 0, f"scanbook {' '.join(args)}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_photos_in_the_database_are_served_by_every_instance_and_migrate_to_files_and_back(cluster, postgres, database):
    name = database[0]
    a = cluster.start("a", SCANBOOK_BLOB_STORE="database", SCANBOOK_CAPTURE_WORKERS="0")
    b = cluster.start("b", SCANBOOK_BLOB_STORE="database", SCANBOOK_CAPTURE_WORKERS="1")
    alice = new_user(a, "Alice")
    photo, _ = receipt_photo(seed=5)
    upload = alice.upload("/api/v1/receipts", photo, "receipt.jpg")
    assert upload.status == 202, upload
    receipt = wait_read(alice, upload.json()["id"])
    alice.sign_in_web()
    capture = alice.get(f"/api/v1/captures/{receipt['captureID']}").json()

    def photo_served_by(instance) -> bool:
        answer = alice.on(instance.url).get(capture["imageURL"])
        return answer.status == 200 and sha256(answer.body) == sha256(photo)

    assert photo_served_by(b), "B (another data folder) does not serve the photo uploaded through A"
    assert any_files(a.data) == [] and any_files(b.data) == [], "blob files on local disk"
    stored = database_hashes(postgres, name)
    assert sha256(photo) in stored and len(stored) >= 2, stored  # the photo and the page images made from it
    chunked = postgres.psql(name, f"SELECT sum(length(bytes)) FROM blob_chunks WHERE hash = '{sha256(photo)}'").strip()
    assert int(chunked) == len(photo)

    # To files: every blob copied, each file's bytes match its name.
    a.stop()
    report = run(a, "blobs", "migrate", "--to", "files")
    assert re.search(rf"copied {len(stored)}\b", report), report
    files = files_under(a.data)
    assert set(files) == stored and all(name == digest for name, digest in files.items()), files

    # The database copies gone, an instance on the files serves the photo.
    postgres.psql(name, "TRUNCATE blob_chunks, blob_contents")
    on_files = cluster.start("a-files", SCANBOOK_BLOB_STORE="files", SCANBOOK_DATA_DIR=str(a.data))
    assert photo_served_by(on_files)
    on_files.stop()
    assert alice.on(b.url).get(capture["imageURL"]).status == 404, "a missing blob is a 404"

    # And back: the database has every blob again, verified; B serves it again.
    report = run(a, "blobs", "migrate", "--to", "database")
    assert re.search(rf"copied {len(stored)}\b", report), report
    assert database_hashes(postgres, name) == stored
    verified = run(a, "blobs", "verify")
    assert f"{len(stored)} intact, 0 damaged, 0 missing" in verified, verified
    assert photo_served_by(b)


def test_blobs_verify_finds_a_damaged_chunk(cluster, postgres, database):
    a = cluster.start("a", SCANBOOK_BLOB_STORE="database", SCANBOOK_CAPTURE_WORKERS="0")
    alice = new_user(a, "Alice")
    photo, _ = receipt_photo(seed=6)
    assert alice.upload("/api/v1/receipts", photo, "receipt.jpg").status == 202
    postgres.psql(database[0], f"UPDATE blob_chunks SET bytes = set_byte(bytes, 100, 255 - get_byte(bytes, 100)) "
                               f"WHERE hash = '{sha256(photo)}' AND number = (SELECT min(number) FROM blob_chunks WHERE hash = '{sha256(photo)}')")
    done = a.command("blobs", "verify")
    assert done.returncode == 1 and f"damaged: {sha256(photo)}" in done.stdout, (done.returncode, done.stdout, done.stderr)
