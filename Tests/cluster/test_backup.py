"""Tools/ops/backup.sh and restore.sh: a populated instance (users, a shared list with items, a
receipt with its photo) is backed up while it runs, its database and data folder are wiped, the
backup is restored, and every table's rows and every blob's hash are the same as before; the server
then starts on the restored data and shows it."""
import hashlib
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from cluster import Instance
from cluster_support import ROOT, files_under, new_user, receipt_photo, require_postgres, sha256, wait_read

TOOLS = ROOT / "Tools" / "ops"


def populate(instance: Instance) -> dict:
    alice, bob = new_user(instance, "Alice"), new_user(instance, "Bob")
    shopping = alice.post("/api/v1/lists", {"name": "Camping"}).json()
    for name in ("Zelt", "Gaskartusche", "Brot"):
        assert alice.post(f"/api/v1/lists/{shopping['id']}/items", {"name": name}).status == 201
    assert alice.post(f"/api/v1/lists/{shopping['id']}/members", {"email": bob.email}).status == 200
    invitation = bob.get("/api/v1/invitations").json()[0]
    assert bob.post(f"/api/v1/invitations/{invitation['id']}/accept").status == 200
    assert bob.post(f"/api/v1/lists/{shopping['id']}/items", {"name": "Kaffee", "quantity": "500 g"}).status == 201
    photo, _ = receipt_photo(seed=7)
    upload = alice.upload("/api/v1/receipts", photo, "receipt.jpg")
    assert upload.status == 202, upload
    receipt = wait_read(alice, upload.json()["id"])
    return {"alice": alice, "list": shopping, "receipt": receipt, "photo": photo}


def postgres_rows(postgres, name: str) -> dict[str, list[str]]:
    tables = postgres.psql(name, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1").split()
    return {table: sorted(postgres.psql(name, f'COPY (SELECT * FROM "{table}" ORDER BY 1) TO STDOUT').splitlines())
            for table in tables}


def sqlite_rows(path: Path) -> dict[str, list[str]]:
    database = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    tables = [row[0] for row in database.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY 1")]
    rows = {table: sorted(repr(row) for row in database.execute(f'SELECT * FROM "{table}"')) for table in tables}
    database.close()
    return rows


def database_blob_hashes(postgres, name: str) -> dict[str, str]:
    """Each database blob's name and the SHA-256 of its chunks put together."""
    rows = postgres.psql(name, "SELECT hash, encode(sha256(string_agg(bytes, ''::bytea ORDER BY number)), 'hex') "
                               "FROM blob_chunks GROUP BY hash")
    return dict(line.split("|") for line in rows.splitlines())


def script(name: str, argument: Path, env: dict) -> str:
    done = subprocess.run([str(TOOLS / name), str(argument)], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{name}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.parametrize("setup", ["postgres-database-blobs", "postgres-file-blobs", "sqlite"])
def test_backup_wipe_restore_gives_back_every_row_and_blob(setup, request, tmp_path):
    data = tmp_path / "data"
    if setup == "sqlite":
        postgres, name, url, store = None, None, None, "files"
    else:
        require_postgres()
        postgres, (name, url) = request.getfixturevalue("postgres"), request.getfixturevalue("database")
        store = "database" if setup == "postgres-database-blobs" else "files"
    instance = Instance(database_url=url, data_dir=data, env={"SCANBOOK_BLOB_STORE": store}, name="a").start()
    try:
        state = populate(instance)
        env = dict(instance.env, PG_BIN=str(postgres.bin) if postgres else "")
        rows = postgres_rows(postgres, name) if postgres else sqlite_rows(data / "scanbook.sqlite")
        blobs = database_blob_hashes(postgres, name) if store == "database" else files_under(data)
        backup = tmp_path / "backup"
        script("backup.sh", backup, env)  # while the server runs
    finally:
        instance.stop()
    assert all(digest == blob for blob, digest in blobs.items()) and sha256(state["photo"]) in blobs
    manifest = (backup / "manifest").read_text()
    assert f"blob_store={store}" in manifest and (store == "database") == (not (backup / "blobs.tar").exists()), manifest
    assert "@" not in manifest

    # Wipe everything, restore.
    if postgres:
        postgres.drop_database(name)
        postgres.create_database(name)
    shutil.rmtree(data)
    script("restore.sh", backup, env)
    assert (postgres_rows(postgres, name) if postgres else sqlite_rows(data / "scanbook.sqlite")) == rows
    assert (database_blob_hashes(postgres, name) if store == "database" else files_under(data)) == blobs

    # Restoring over data is refused.
    again = subprocess.run([str(TOOLS / "restore.sh"), str(backup)], env=env, capture_output=True, text=True)
    assert again.returncode != 0 and "restore:" in again.stderr, again

    # The server on the restored data shows what it showed before.
    restored = Instance(database_url=url, data_dir=data, env={"SCANBOOK_BLOB_STORE": store}, name="restored").start()
    try:
        alice = state["alice"].on(restored.url).login(state["alice"].email)
        items = alice.get(f"/api/v1/lists/{state['list']['id']}/items").json()
        assert sorted(item["name"] for item in items) == ["Brot", "Gaskartusche", "Kaffee", "Zelt"]
        assert alice.get(f"/api/v1/receipts/{state['receipt']['id']}").json()["total"] == state["receipt"]["total"]
        alice.sign_in_web()
        capture = alice.get(f"/api/v1/captures/{state['receipt']['captureID']}").json()
        shown = alice.get(capture["imageURL"])
        assert shown.status == 200 and hashlib.sha256(shown.body).hexdigest() == sha256(state["photo"])
        verified = restored.command("blobs", "verify")
        assert verified.returncode == 0 and " 0 damaged, 0 missing" in verified.stdout, verified.stdout + verified.stderr
    finally:
        restored.stop()
