"""The capture queue across instances that share only PostgreSQL: a photo uploaded through a web-only
instance is read by another, and a job held by a crashed instance is finished once by another."""
import time

from cluster_support import new_user, receipt_photo, sha256, wait_read


def claims(instance, capture_id: str) -> list[str]:
    return [line for line in instance.log().splitlines() if "capture claimed" in line and capture_id.lower() in line.lower()]


def test_a_photo_uploaded_through_a_web_only_instance_is_read_by_another_and_shown_by_both(cluster):
    a = cluster.start("a", SCANBOOK_CAPTURE_WORKERS="0")
    b = cluster.start("b", SCANBOOK_CAPTURE_WORKERS="1")
    alice = new_user(a, "Alice")
    photo, truth = receipt_photo()

    upload = alice.upload("/api/v1/receipts", photo, "receipt.jpg")
    assert upload.status == 202, upload
    receipt = wait_read(alice, upload.json()["id"])
    assert receipt["state"] == "review" and receipt["total"] == truth["total"], receipt
    capture_id = receipt["captureID"]
    assert claims(b, capture_id), "B did not claim the job"
    assert "capture claimed" not in a.log(), "A has its workers off but claimed a job"

    alice.sign_in_web()  # photos are served to the signed-in owner's browser (session cookie)
    for instance in (a, b):
        here = alice.on(instance.url)
        assert here.get(f"/api/v1/receipts/{receipt['id']}").json() == receipt
        capture = here.get(f"/api/v1/captures/{capture_id}").json()
        assert capture["status"] == "done" and capture["result"], capture
        original = here.get(capture["imageURL"])
        assert original.status == 200 and sha256(original.body) == sha256(photo), f"{instance.name}: {original}"
        page = here.get(receipt["imageURL"])
        assert page.status == 200 and page.headers["Content-Type"].startswith("image/"), f"{instance.name}: {page}"
    # The web page too, with the session opened on A.
    for instance in (a, b):
        shown = alice.on(instance.url).request("GET", f"/receipts/{receipt['id']}", bearer=False)
        assert shown.status == 200 and truth["total"] in shown.text and receipt["imageURL"] in shown.text, \
            (instance.name, shown, shown.headers.get("Location"))


def test_a_job_held_by_a_killed_instance_is_finished_exactly_once_by_another(cluster, postgres, database):
    lease = 10
    a = cluster.start("a", SCANBOOK_CAPTURE_WORKERS="1", SCANBOOK_CAPTURE_LEASE_SECONDS=str(lease))
    alice = new_user(a, "Alice")
    photo, truth = receipt_photo(extra_lines=120)  # about 3 s to read: time to kill A in the middle

    upload = alice.upload("/api/v1/receipts", photo, "receipt.jpg")
    assert upload.status == 202, upload
    receipt_id, capture_id = upload.json()["id"], upload.json()["captureID"]
    a.wait_for_log("capture claimed", timeout=30)
    assert claims(a, capture_id)
    assert alice.get(f"/api/v1/captures/{capture_id}").json()["status"] == "processing"
    a.kill()
    killed = time.monotonic()

    b = cluster.start("b", SCANBOOK_CAPTURE_WORKERS="1", SCANBOOK_CAPTURE_LEASE_SECONDS=str(lease))
    on_b = alice.on(b.url)
    receipt = wait_read(on_b, receipt_id, timeout=lease + 45)
    assert receipt["state"] == "review" and receipt["total"] == truth["total"], receipt
    assert time.monotonic() - killed >= lease - 2, "B took the job before A's lease ran out"
    capture = on_b.get(f"/api/v1/captures/{capture_id}").json()
    assert capture["status"] == "done" and capture["attempts"] == 2, capture
    assert len(claims(b, capture_id)) == 1, claims(b, capture_id)
    assert "lease lost" not in b.log()

    # One receipt, one merchant: the result was applied once.
    time.sleep(1)  # a second completion, if any, would land now
    name = database[0]
    assert postgres.psql(name, f"SELECT count(*) FROM receipts WHERE capture_id = '{capture_id.lower()}'").strip() == "1"
    assert on_b.get("/api/v1/receipts").headers.get("X-Total-Count") in (None, "1")
    assert len(on_b.get("/api/v1/receipts").json()) == 1
    owner = alice.user["id"].lower()
    assert postgres.psql(name, f"SELECT count(*) FROM merchants WHERE owner_id = '{owner}'").strip() in ("0", "1")
    finished = postgres.psql(name, f"SELECT status, attempts, lease_token IS NULL FROM captures WHERE id = '{capture_id.lower()}'")
    assert finished.strip() == "done|2|t", finished


def test_a_scanbook_worker_reads_what_a_web_only_instance_queued_and_serves_only_its_health(cluster):
    a = cluster.start("a", SCANBOOK_CAPTURE_WORKERS="0")
    worker = cluster.start("worker", role="worker", SCANBOOK_CAPTURE_WORKERS="1")
    alice = new_user(a, "Alice")
    upload = alice.upload("/api/v1/receipts", receipt_photo(seed=4)[0], "receipt.jpg")
    assert upload.status == 202, upload
    receipt = wait_read(alice, upload.json()["id"])
    assert receipt["state"] == "review" and claims(worker, receipt["captureID"]), receipt
    assert worker.get("/healthz")[0] == 200 and worker.get("/readyz")[0] == 200
    for path in ("/", "/login", "/api/v1/me", "/api/v1/openapi.yaml"):
        assert worker.get(path)[0] == 404, path
