"""Live list updates across instances: a member whose list page (WebSocket) is open on B sees what
another member changes through A, and is disconnected on B when A removes them."""
import json
import time

import pytest

from client import LiveSocket
from cluster_support import new_user

BUDGET = 1.0  # seconds from the change's answer on A to the frame on B


@pytest.fixture
def shared_list(cluster):
    """Instances A and B, owner Alice (API on A), member Bob (signed in on B, socket open on B)."""
    a = cluster.start("a", SCANBOOK_CAPTURE_WORKERS="1")
    b = cluster.start("b", SCANBOOK_CAPTURE_WORKERS="1")
    alice, bob = new_user(a, "Alice"), new_user(b, "Bob")
    shopping = alice.post("/api/v1/lists", {"name": "Weekend"}).json()
    assert alice.post(f"/api/v1/lists/{shopping['id']}/members", {"email": bob.email}).status == 200
    invitation = bob.get("/api/v1/invitations").json()[0]
    assert bob.post(f"/api/v1/invitations/{invitation['id']}/accept").status == 200
    bob.sign_in_web()
    socket = LiveSocket.open(b.url, f"/lists/{shopping['id']}/live", bob.cookie_header(), origin=b.url)
    socket.ping()  # the answer shows the socket has joined on B
    yield a, b, alice, bob, shopping, socket
    socket.close()


def next_change(socket, timeout: float) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        kind, message = socket.receive(max(0.01, deadline - time.monotonic()))
        assert kind == "text", (kind, message)
        if message != "pong":  # a late answer to a ping
            return json.loads(message)


def test_a_member_on_b_sees_changes_made_through_a_within_the_budget(shared_list):
    a, b, alice, bob, shopping, socket = shared_list
    item_path = f"/api/v1/lists/{shopping['id']}/items"
    changes = [
        ("items", lambda: alice.post(item_path, {"name": "Milch"})),
        ("items", lambda: alice.patch(f"{item_path}/{alice.get(item_path).json()[0]['id']}", {"name": "Milch", "checked": True})),
        ("list", lambda: alice.patch(f"/api/v1/lists/{shopping['id']}", {"name": "Long weekend"})),
    ]
    for kind, change in changes:
        answer = change()
        assert answer.status in (200, 201), answer
        answered = time.monotonic()
        frame = next_change(socket, timeout=BUDGET + 4)
        delay = time.monotonic() - answered
        assert frame["list"].lower() == shopping["id"].lower() and frame["change"] == kind, frame
        assert frame["by"].lower() == alice.user["id"].lower(), frame
        assert delay <= BUDGET, f"{kind} arrived on B {delay:.3f} s after A answered"


def test_removing_a_member_on_a_closes_their_socket_on_b(shared_list):
    a, b, alice, bob, shopping, socket = shared_list
    removed = alice.delete(f"/api/v1/lists/{shopping['id']}/members/{bob.user['id']}")
    assert removed.status == 204, removed
    answered = time.monotonic()
    while True:  # a "members" change may come first
        kind, value = socket.receive(timeout=max(0.01, answered + 5 - time.monotonic()))
        if kind == "close":
            break
    assert value == 1008, f"closed with {value}, not 1008 (policy violation)"
    assert time.monotonic() - answered <= 2 * BUDGET
    with pytest.raises(ConnectionError):  # and may not come back
        LiveSocket.open(b.url, f"/lists/{shopping['id']}/live", bob.cookie_header(), origin=b.url)
