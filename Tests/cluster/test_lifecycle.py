"""Instances come and go: SIGTERM drains (not ready, then exit 0, sockets closed, jobs handed back),
and a server outlives a PostgreSQL outage without a restart."""
import signal
import time

import pytest

from client import LiveSocket
from cluster import Instance, Postgres, wait_until
from cluster_support import new_user, receipt_photo, require_postgres, wait_read


def readyz(instance, status: int, timeout: float) -> dict:
    """Polls /readyz until it answers `status`; returns the body."""
    def answered():
        code, body = instance.get("/readyz", timeout=1)
        return body if code == status else None
    return wait_until(answered, timeout, 0.05, f"{instance.name} /readyz {status}")


def test_sigterm_turns_readyz_to_draining_then_exits_0_and_closes_list_sockets(cluster):
    drain = 3
    a = cluster.start("a", SCANBOOK_DRAIN_SECONDS=str(drain))
    alice = new_user(a, "Alice").sign_in_web()
    private = alice.get("/api/v1/lists").json()[0]
    socket = LiveSocket.open(a.url, f"/lists/{private['id']}/live", alice.cookie_header())
    socket.ping()

    a.process.send_signal(signal.SIGTERM)
    signalled = time.monotonic()
    assert readyz(a, 503, 2)["status"] == "draining"
    assert a.get("/healthz")[0] == 200, "still alive while draining"
    # It keeps answering, and saying draining, for the whole drain time.
    while a.running and time.monotonic() - signalled < drain - 0.5:
        assert a.get("/readyz", timeout=1)[0] == 503, "ready again, or gone, before the drain time was over"
        time.sleep(0.2)
    while (message := socket.receive(drain + 10)) == ("text", "pong"):
        pass
    assert message == ("close", 1001), message
    assert a.process.wait(drain + 20) == 0, a.log()[-2000:]
    assert time.monotonic() - signalled >= drain - 0.5, "exited before the drain time was over"


def test_sigterm_finishes_or_hands_back_the_job_in_hand(cluster):
    # With the default lease (300 s), a job neither finished nor handed back would wait 5 minutes.
    a = cluster.start("a", SCANBOOK_CAPTURE_WORKERS="1", SCANBOOK_DRAIN_SECONDS="0")
    alice = new_user(a, "Alice")
    upload = alice.upload("/api/v1/receipts", receipt_photo(extra_lines=120)[0], "receipt.jpg")
    assert upload.status == 202, upload
    a.wait_for_log("capture claimed", timeout=30)
    assert a.stop(timeout=60) == 0, a.log()[-2000:]

    b = cluster.start("b", SCANBOOK_CAPTURE_WORKERS="1")
    receipt = wait_read(alice.on(b.url), upload.json()["id"], timeout=30)
    assert receipt["state"] == "review", receipt
    capture = alice.on(b.url).get(f"/api/v1/captures/{receipt['captureID']}").json()
    assert capture["status"] == "done" and capture["attempts"] == 1, capture  # a hand-back counts no attempt


@pytest.fixture
def own_postgres():
    """A PostgreSQL of this test's own: it is stopped and started under the server."""
    require_postgres()
    with Postgres.create() as pg:
        yield pg


def test_readyz_follows_a_postgresql_outage_and_the_server_recovers_by_itself(own_postgres, tmp_path):
    url = own_postgres.create_database("outage")
    a = Instance(database_url=url, data_dir=tmp_path / "a", name="a").start()
    try:
        alice = new_user(a, "Alice")
        own_postgres.stop()
        try:
            assert readyz(a, 503, 10)["status"] == "database unreachable"
            assert a.get("/healthz")[0] == 200
            time.sleep(1)
            assert a.get("/readyz")[0] == 503
        finally:
            own_postgres.start()
        restarted = time.monotonic()
        readyz(a, 200, 15)
        assert time.monotonic() - restarted <= 10, f"ready again only after {time.monotonic() - restarted:.1f} s"
        assert alice.get("/api/v1/me").status == 200
        assert alice.post("/api/v1/lists", {"name": "After the outage"}).status == 201
        assert a.running
    finally:
        a.kill()
        print("\n".join(a.log().splitlines()[-40:]))
