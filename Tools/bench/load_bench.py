#!/usr/bin/env python3
"""Scale-out benchmark (issue 27): simulated users against real `scanbook` servers, and live list
updates across instances.

Two setups, side by side:
  sqlite    one instance on SQLite (files blob store);
  postgres  two instances on one throw-away PostgreSQL, the users spread over both.

Load: every simulated user signs up (web form or API) or signs in (web form, API users also take a
token), keeps its shared list's WebSocket open (frames counted, as the list page would get them),
then, until the time is up, opens the lists page (a redirect to their private list), their shared
list and the receipts page, adds an item to the shared list (web form or API) and uploads a small
receipt photo every few rounds (web form or API), with a think time before each request. Users come
in groups of six sharing one list (an owner, set up beforehand through the API, who invited the five
others; they accept the invitation during the run). Each think time (`--think 3,1`: a moderate and
a saturating load) runs on fresh servers. Reported: requests/s, p50/p99 per route, every error with
its status and route, and how many of the item frames due on the users' sockets arrived.

Live: a member signs in on the last instance and opens `GET /lists/<id>/live`; another member adds
items through the first instance's API, one at a time; each change is timed from just before the
request to the frame's arrival. Measured alongside the load (changes spread over it) and then on
the idle servers. A change whose frame does not come within the timeout is counted missing; after a
few misses with no frame at all the phase stops and says so ("no frame within 2 s").

The instances run web-only (SCANBOOK_CAPTURE_WORKERS=0 unless --capture-workers): uploaded photos
queue unread, so recognition does not compete for the cores; bcrypt cost 4 (sign-in would
otherwise dominate).

Python standard library only (threads, http.client keep-alive, a minimal WebSocket client). The
photo is made with PIL when it is installed (cached under .build/), otherwise a tiny built-in JPEG.
Servers, PostgreSQL and readiness come from Tools/cluster/cluster.py.

    python3 Tools/bench/load_bench.py                      # both setups, 200 users, 60 s per setup and think time
    python3 Tools/bench/load_bench.py --setups postgres --think 2 --duration 20 --users 50
    python3 Tools/bench/load_bench.py --url http://127.0.0.1:8080 --url http://127.0.0.1:8081
        (against instances that are already running; no servers are started)
"""
from __future__ import annotations

import argparse
import base64
import contextlib
import datetime
import hashlib
import http.client
import json
import os
import queue
import random
import re
import shutil
import socket
import struct
import sys
import threading
import time
import uuid
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "Sommer2025!"
UUID_RE = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
CSRF_RE = re.compile(r'name="csrf" value="([^"]+)"')
ACCEPT_RE = re.compile(r'action="(/lists/invitations/[0-9a-fA-F-]{36}/accept)"')
GROUP = 6  # an owner and five members: the most a list takes
# A 48×48 grey JPEG with two lines (the server wants ≥ 32 px a side), used when PIL is not installed.
TINY_JPEG = base64.b64decode(
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4"
    "UG1RV19iZ2hnPk1xeXBkeFxlZ2P/wAALCAAwADABAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QA"
    "tRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0"
    "NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2"
    "t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/AO2oooooqC5gkm2+XdzW+M58"
    "sId313Kf0qD7Dcf9BW8/75h/+N0fYbj/AKCt5/3zD/8AG6PsNx/0Fbz/AL5h/wDjdH2G4/6Ct5/3zD/8bqW3tpYZC0l7"
    "POCMbZFjAHv8qg1ZoooooqC5s7W72/araGfbnb5kYbGeuM1B/Y2l/wDQNs/+/C/4Uf2Npf8A0DbP/vwv+FH9jaX/ANA2"
    "z/78L/hR/Y2l/wDQNs/+/C/4VcREjjVI1CIoAVVGAAOwFOooooooooooor//2Q=="
)


# ---------------------------------------------------------------------------------------------
# Measurements


class Recorder:
    """Latencies and errors of one user (merged at the end: no lock on the hot path)."""

    def __init__(self):
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: list[tuple[str, str, str]] = []  # (route, status, detail)
        self.requests = 0
        self.retries = 0

    def merge(self, other: "Recorder"):
        for route, values in other.latencies.items():
            self.latencies[route].extend(values)
        self.errors.extend(other.errors)
        self.requests += other.requests
        self.retries += other.retries


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round((len(ordered) - 1) * p)))]


def route_of(method: str, path: str) -> str:
    return f"{method} {UUID_RE.sub('{id}', path.split('?')[0])}"


class BenchError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# HTTP: one keep-alive connection per simulated user, cookies by hand


class Client:
    def __init__(self, base: str, recorder: Recorder, timeout: float = 30):
        parts = urlsplit(base)
        self.host, self.port = parts.hostname, parts.port or 80
        self.recorder = recorder
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.token: str | None = None
        self.connection: http.client.HTTPConnection | None = None

    def _connect(self):
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        self.connection.connect()
        self.connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def close(self):
        if self.connection:
            self.connection.close()
            self.connection = None

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
                expect: tuple[int, ...] = (200,), label: str | None = None, bearer: bool = False):
        """Sends one request, records its latency under its route, checks the status. Returns
        (status, headers, body) or None when it failed (the failure is recorded)."""
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if bearer and self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        route = label or route_of(method, path)
        for attempt in (0, 1):
            reused = self.connection is not None
            if not reused:
                try:
                    self._connect()
                except OSError as error:
                    self.recorder.errors.append((route, "connect", repr(error)))
                    self.recorder.requests += 1
                    return None
            start = time.perf_counter()
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                data = response.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as error:
                self.close()
                if reused and attempt == 0:  # a keep-alive connection the server had closed
                    self.recorder.retries += 1
                    continue
                self.recorder.errors.append((route, type(error).__name__, str(error)))
                self.recorder.requests += 1
                return None
            except (OSError, http.client.HTTPException) as error:
                self.close()
                self.recorder.errors.append((route, type(error).__name__, str(error)))
                self.recorder.requests += 1
                return None
            elapsed = (time.perf_counter() - start) * 1000
            break
        self.recorder.requests += 1
        self.recorder.latencies[route].append(elapsed)
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                cookie_value = rest.split(";", 1)[0]
                if cookie_value and "max-age=0" not in value.lower() and "expires=thu, 01 jan 1970" not in value.lower():
                    self.cookies[name.strip()] = cookie_value
                else:
                    self.cookies.pop(name.strip(), None)
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        if response.status not in expect:
            detail = data[:200].decode("utf-8", "replace").replace("\n", " ")
            self.recorder.errors.append((route, str(response.status), detail))
            return None
        if "text/html" in (response.getheader("Content-Type") or ""):
            match = CSRF_RE.search(data.decode("utf-8", "replace"))
            if match:
                self.csrf = match.group(1)
        return response.status, response, data

    # Helpers for the forms and the API

    def get_page(self, path: str, label: str | None = None):
        return self.request("GET", path, label=label)

    def post_form(self, path: str, fields: dict, expect=(303, 302), label: str | None = None):
        body = urlencode(dict(fields, csrf=self.csrf)).encode()
        return self.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded"}, expect, label)

    def post_multipart(self, path: str, fields: dict, files: dict, expect, bearer=False, csrf=True, label=None):
        boundary = uuid.uuid4().hex
        parts = []
        values = dict(fields, csrf=self.csrf) if csrf else dict(fields)
        for name, value in values.items():
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
        for name, (filename, data, kind) in files.items():
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                         f'Content-Type: {kind}\r\n\r\n'.encode() + data + b"\r\n")
        parts.append(f"--{boundary}--\r\n".encode())
        return self.request("POST", path, b"".join(parts), {"Content-Type": f"multipart/form-data; boundary={boundary}"},
                            expect, label, bearer)

    def api(self, method: str, path: str, payload=None, expect=(200,), label=None):
        body = json.dumps(payload).encode() if payload is not None else None
        headers = {"Content-Type": "application/json"} if body is not None else {}
        result = self.request(method, path, body, headers, expect, label, bearer=True)
        if result is None:
            return None
        status, response, data = result
        return json.loads(data) if data else {}


# ---------------------------------------------------------------------------------------------
# WebSocket client (RFC 6455, text frames, enough for /lists/<id>/live)


class WebSocket:
    def __init__(self, base: str, path: str, cookies: dict[str, str], timeout: float = 10, on_text=None):
        """`on_text(arrived, text)` is called for each text frame (on the reader thread); without it
        the frames queue up in `frames`."""
        self.on_text = on_text
        parts = urlsplit(base)
        self.sock = socket.create_connection((parts.hostname, parts.port or 80), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
        request = (f"GET {path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                   f"Cookie: {cookie}\r\n\r\n")
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise BenchError("WebSocket handshake: connection closed")
            head += chunk
        head, _, self.buffer = head.partition(b"\r\n\r\n")
        status_line = head.split(b"\r\n", 1)[0].decode()
        if " 101 " not in status_line + " ":
            raise BenchError(f"WebSocket handshake refused: {status_line}")
        accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
        if accept.encode() not in head:
            raise BenchError("WebSocket handshake: wrong Sec-WebSocket-Accept")
        self.sock.settimeout(None)
        self.frames: queue.Queue = queue.Queue()
        self.closed: str | None = None
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _exact(self, count: int) -> bytes:
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def _read(self):
        try:
            while True:
                first, second = self._exact(2)
                opcode, length = first & 0x0F, second & 0x7F
                if length == 126:
                    length = struct.unpack(">H", self._exact(2))[0]
                elif length == 127:
                    length = struct.unpack(">Q", self._exact(8))[0]
                mask = self._exact(4) if second & 0x80 else None
                payload = self._exact(length)
                if mask:
                    payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
                arrived = time.perf_counter()
                if opcode == 0x1:
                    if self.on_text:
                        self.on_text(arrived, payload.decode("utf-8", "replace"))
                    else:
                        self.frames.put((arrived, payload.decode("utf-8", "replace")))
                elif opcode == 0x8:
                    code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                    self.closed = f"closed by the server ({code})"
                    return
                elif opcode == 0x9:
                    self._send(0xA, payload)
        except (EOFError, OSError):
            self.closed = self.closed or "connection lost"

    def _send(self, opcode: int, payload: bytes):
        mask = os.urandom(4)
        header = bytes([0x80 | opcode])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        else:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def send_text(self, text: str):
        self._send(0x1, text.encode())

    def close(self):
        try:
            self._send(0x8, struct.pack(">H", 1000))
        except OSError:
            pass
        try:
            self.sock.close()
        except OSError:
            pass


# ---------------------------------------------------------------------------------------------
# The simulated users


class User:
    def __init__(self, index: int, run_tag: str, base: str, group_list: dict):
        self.index = index
        self.email = f"load-{run_tag}-{index}@example.org"
        self.web = index % 2 == 0  # even: web forms; odd: the API for sign-up and changes
        self.owner = index % GROUP == 0
        self.base = base
        self.group_list = group_list  # group number -> shared list id (set up before the run)
        self.recorder = Recorder()

    @property
    def group(self) -> int:
        return self.index // GROUP


def set_up_owner(user: User, recorder: Recorder) -> tuple[str, Client]:
    """Before the run (not measured): the owner registers, creates the group's list and invites the
    other five."""
    client = Client(user.base, recorder)
    if client.api("POST", "/api/v1/register", {"name": f"Owner {user.index}", "email": user.email, "password": PASSWORD}, (201,)) is None:
        raise BenchError(f"owner {user.index} could not register: {recorder.errors[-1:]}")
    login = client.api("POST", "/api/v1/login", {"email": user.email, "password": PASSWORD, "tokenName": "bench"}, (201,))
    if login is None:
        raise BenchError(f"owner {user.index} could not log in: {recorder.errors[-1:]}")
    client.token = login["token"]
    shared = client.api("POST", "/api/v1/lists", {"name": f"Group {user.group}"}, (201,))
    if shared is None:
        raise BenchError(f"owner {user.index} could not create a list: {recorder.errors[-1:]}")
    return shared["id"], client


def invite(client: Client, list_id: str, emails: list[str]):
    for email in emails:
        if client.api("POST", f"/api/v1/lists/{list_id}/members", {"email": email}, (200,)) is None:
            raise BenchError(f"invitation of {email} failed: {client.recorder.errors[-1:]}")


def photo_bytes() -> bytes:
    """A small receipt-like JPEG (made once with PIL, cached), else a tiny built-in one."""
    cache = ROOT / ".build" / "load-bench" / "receipt.jpg"
    if cache.exists():
        return cache.read_bytes()
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        return TINY_JPEG
    image = Image.new("L", (360, 560), 235)
    draw = ImageDraw.Draw(image)
    lines = ["BENCH MARKT", "Hauptstr. 1", "", "Milch 1,19", "Brot 2,49", "Kaese 3,79", "", "SUMME EUR 7,47"]
    for row, text in enumerate(lines):
        draw.text((40, 40 + row * 28), text, fill=20)
    cache.parent.mkdir(parents=True, exist_ok=True)
    image.save(cache, "JPEG", quality=80)
    return cache.read_bytes()


class LiveTally:
    """The users' own list sockets: how many are open per list, how many item frames were due
    (each item change counts the sockets open on its list when the change was answered) and how
    many arrived."""

    def __init__(self):
        self.lock = threading.Lock()
        self.open: dict[str, int] = defaultdict(int)
        self.expected = 0
        self.received = 0
        self.other = 0
        self.opened = 0
        self.closed_early: list[str] = []

    def frame(self, arrived: float, text: str):
        with self.lock:
            if '"items"' in text:
                self.received += 1
            else:
                self.other += 1

    def changed(self, list_id: str):
        with self.lock:
            self.expected += self.open[list_id]


def run_user(user: User, start_at: float, deadline: float, think: float, upload_every: int, photo: bytes,
             rng: random.Random, tally: LiveTally | None):
    client = Client(user.base, user.recorder)
    live: list[WebSocket] = []
    try:
        _run_user(user, client, start_at, deadline, think, upload_every, photo, rng, tally, live)
    finally:
        for socket_ in live:
            if tally and socket_.closed:
                tally.closed_early.append(socket_.closed)
            socket_.close()
            if tally:
                with tally.lock:
                    tally.open[user.group_list[user.group]] -= 1
        client.close()


def _run_user(user: User, client: Client, start_at: float, deadline: float, think: float, upload_every: int,
              photo: bytes, rng: random.Random, tally: LiveTally | None, live: list):
    r = user.recorder
    list_id = user.group_list[user.group]

    def pause():
        if think > 0:
            time.sleep(rng.uniform(0.5 * think, 1.5 * think))

    time.sleep(max(0.0, start_at - time.perf_counter()))
    # Sign up or sign in.
    if user.web:
        if user.owner:
            if client.get_page("/login") is None or client.post_form("/login", {"email": user.email, "password": PASSWORD}) is None:
                return
        else:
            if client.get_page("/register") is None:
                return
            if client.post_multipart("/register", {"name": f"User {user.index}", "email": user.email, "password": PASSWORD},
                                     {"avatar": ("", b"", "application/octet-stream")}, (303, 302)) is None:
                return
    else:
        if not user.owner and client.api("POST", "/api/v1/register", {"name": f"User {user.index}", "email": user.email, "password": PASSWORD}, (201,)) is None:
            return
        login = client.api("POST", "/api/v1/login", {"email": user.email, "password": PASSWORD, "tokenName": "bench"}, (201,))
        if login is None:
            return
        client.token = login["token"]
        pause()
        # The pages need a browser session too.
        if client.get_page("/login") is None or client.post_form("/login", {"email": user.email, "password": PASSWORD}) is None:
            return
    pause()
    # Members accept the invitation: on the lists page (web) or through the API.
    if not user.owner:
        if user.web:
            redirect = client.request("GET", "/lists", expect=(303, 302), label="GET /lists (redirect)")
            if redirect is None:
                return
            result = client.get_page(redirect[1].getheader("Location") or "/lists/-", label="GET /lists/{id} (with the invitation)")
            match = ACCEPT_RE.search(result[2].decode("utf-8", "replace")) if result else None
            if not match:
                r.errors.append(("GET /lists/{id}", "no invitation", "the lists page showed no invitation to accept"))
                return
            if client.post_form(match.group(1), {}) is None:
                return
        else:
            pending = client.api("GET", "/api/v1/invitations")
            if not pending:
                r.errors.append(("GET /api/v1/invitations", "no invitation", "no pending invitation"))
                return
            if client.api("POST", f"/api/v1/invitations/{pending[0]['id']}/accept", None, (200,)) is None:
                return
        pause()
    # The shared list's socket, open while the user is around (as the list page keeps it).
    if tally is not None:
        try:
            live.append(WebSocket(user.base, f"/lists/{list_id}/live", client.cookies, on_text=tally.frame))
            with tally.lock:
                tally.open[list_id] += 1
                tally.opened += 1
        except (BenchError, OSError) as error:
            r.errors.append(("GET /lists/{id}/live (WebSocket)", "refused", str(error)))
    last_ping = time.perf_counter()
    # The rounds.
    round_number = 0
    item = 0
    while time.perf_counter() < deadline:
        round_number += 1
        redirect = client.request("GET", "/lists", expect=(303, 302), label="GET /lists (redirect)")
        if redirect is not None:
            location = redirect[1].getheader("Location") or ""
            pause()
            if location.startswith("/lists/"):
                client.get_page(location, label="GET /lists/{id} (private list)")
        pause()
        client.get_page(f"/lists/{list_id}", label="GET /lists/{id} (shared list)")
        pause()
        client.get_page("/receipts")
        pause()
        item += 1
        name = f"Item {user.index}-{item}"
        if user.web:
            added = client.post_form(f"/lists/{list_id}/items", {"name": name, "quantity": "1"})
        else:
            added = client.api("POST", f"/api/v1/lists/{list_id}/items", {"name": name, "quantity": "1"}, (201,))
        if added is not None and tally is not None:
            tally.changed(list_id)
        pause()
        if upload_every and (round_number + user.index) % upload_every == 0:
            if user.web:
                client.post_multipart("/receipts", {}, {"image": ("receipt.jpg", photo, "image/jpeg")}, (303, 302))
            else:
                client.post_multipart("/api/v1/receipts", {}, {"image": ("receipt.jpg", photo, "image/jpeg")}, (202,),
                                      bearer=True, csrf=False)
            pause()
        if live and time.perf_counter() - last_ping > 25:  # as the page does
            try:
                live[0].send_text("ping")
            except OSError:
                pass
            last_ping = time.perf_counter()


def machine_ticks() -> tuple[int, int] | None:
    """(busy, total) jiffies of all cores from /proc/stat."""
    try:
        fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields[:8]) - idle, sum(fields[:8])


def machine_busy(before, after) -> float | None:
    if not before or not after or after[1] == before[1]:
        return None
    return (after[0] - before[0]) / (after[1] - before[1])


def run_load(bases: list[str], args, think: float, run_tag: str) -> dict:
    """The load phase; with `args.live_under_load` the live measurement runs alongside it."""
    users, duration, upload_every, ramp, seed = args.users, args.duration, args.upload_every, args.ramp, args.seed
    photo = photo_bytes()
    group_list: dict[int, str] = {}
    everyone = [User(i, run_tag, bases[i % len(bases)], group_list) for i in range(users)]
    owners = [u for u in everyone if u.owner]
    started = time.perf_counter()
    errors: list[BaseException] = []

    def set_up(owner: User):
        try:
            list_id, client = set_up_owner(owner, Recorder())
            group_list[owner.group] = list_id
            members = [u.email for u in everyone if u.group == owner.group and not u.owner]
            invite(client, list_id, members)
            client.close()
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=set_up, args=(o,)) for o in owners]
    for batch in range(0, len(threads), 8):
        for t in threads[batch:batch + 8]:
            t.start()
        for t in threads[batch:batch + 8]:
            t.join()
    if errors:
        raise BenchError(f"set-up failed: {errors[0]}")
    setup_seconds = time.perf_counter() - started

    rng = random.Random(seed)
    begin = time.perf_counter() + 0.5
    deadline = begin + duration
    tally = LiveTally() if args.user_sockets else None
    threads = []
    for user in everyone:
        start_at = begin + rng.uniform(0, ramp)
        t = threading.Thread(target=run_user, args=(user, start_at, deadline, think, upload_every, photo,
                                                      random.Random(rng.random()), tally), daemon=True)
        threads.append(t)
    live_result: dict = {}
    if args.live_under_load and not args.skip_live:
        def live_alongside():
            time.sleep(max(0.0, begin + ramp + 2 - time.perf_counter()))  # once everyone is in
            live_result.update(live_or_failure(bases, run_tag + "l", args, stop_at=deadline))
        threads.append(threading.Thread(target=live_alongside, daemon=True))
    cpu_before = os.times()
    machine_before = machine_ticks()
    for t in threads:
        t.start()
    hard_deadline = deadline + 60
    for t in threads:
        t.join(timeout=max(0.1, hard_deadline - time.perf_counter()))
    ended = time.perf_counter()
    cpu_after = os.times()
    machine_after = machine_ticks()
    total = Recorder()
    for user in everyone:
        total.merge(user.recorder)
    stuck = sum(t.is_alive() for t in threads)
    elapsed = ended - begin
    return {
        "recorder": total, "seconds": elapsed, "setup_seconds": setup_seconds, "stuck": stuck,
        "client_cpu": (cpu_after.user + cpu_after.system - cpu_before.user - cpu_before.system) / elapsed,
        "machine_busy": machine_busy(machine_before, machine_after),
        "instances": len(bases), "users": users, "lists": len(owners), "photo_bytes": len(photo),
        "tally": tally, "live": live_result or None,
    }


# ---------------------------------------------------------------------------------------------
# Live propagation


def live_or_failure(bases: list[str], run_tag: str, args, stop_at: float | None = None) -> dict:
    timeout = args.frame_timeout if stop_at is None else max(args.frame_timeout, args.frame_timeout_loaded)
    try:
        return run_live(bases, run_tag, args.changes, timeout, args.give_up_after, stop_at)
    except (BenchError, OSError, TypeError, KeyError, IndexError) as error:
        return {"latencies": [], "requests": [], "missing": 0, "note": f"failed: {error!r}", "cross": len(bases) > 1,
                "changes": args.changes, "timeout": timeout}


def run_live(bases: list[str], run_tag: str, changes: int, timeout: float, give_up_after: int,
             stop_at: float | None = None) -> dict:
    """A list with two members: the listener signs in on the last instance and opens the list's
    socket; the writer adds items through the first instance's API, one at a time. With `stop_at`
    (alongside the load) the changes are spread to end by then."""
    writer_base, listener_base = bases[0], bases[-1]
    recorder = Recorder()
    writer = Client(writer_base, recorder)
    owner_email = f"live-{run_tag}-owner@example.org"
    listener_email = f"live-{run_tag}-member@example.org"
    for email in (owner_email, listener_email):
        if writer.api("POST", "/api/v1/register", {"name": "Live", "email": email, "password": PASSWORD}, (201,)) is None:
            raise BenchError(f"live: register failed: {recorder.errors[-1:]}")
    writer.token = writer.api("POST", "/api/v1/login", {"email": owner_email, "password": PASSWORD}, (201,))["token"]
    list_id = writer.api("POST", "/api/v1/lists", {"name": "Live"}, (201,))["id"]
    invite(writer, list_id, [listener_email])
    listener = Client(listener_base, recorder)
    listener.token = listener.api("POST", "/api/v1/login", {"email": listener_email, "password": PASSWORD}, (201,))["token"]
    pending = listener.api("GET", "/api/v1/invitations")
    listener.api("POST", f"/api/v1/invitations/{pending[0]['id']}/accept", None, (200,))
    if listener.get_page("/login") is None or listener.post_form("/login", {"email": listener_email, "password": PASSWORD}) is None:
        raise BenchError(f"live: web sign-in failed: {recorder.errors[-1:]}")
    socket_ = WebSocket(listener_base, f"/lists/{list_id}/live", listener.cookies)
    time.sleep(0.3)  # the server registers the socket after the upgrade
    latencies, requests, missing = [], [], 0
    after_answer: list[float] = []  # frame arrival minus the writer's answer (negative: the frame came first)
    note = ""
    gap = 0.01
    if stop_at is not None:
        gap = max(0.01, (stop_at - time.perf_counter()) / changes - 0.02)
    for number in range(changes):
        if stop_at is not None and time.perf_counter() > stop_at:
            break
        while not socket_.frames.empty():  # a late frame of an earlier change
            socket_.frames.get_nowait()
        start = time.perf_counter()
        if writer.api("POST", f"/api/v1/lists/{list_id}/items", {"name": f"Live {number}"}, (201,)) is None:
            note = f"request failed: {recorder.errors[-1]}"
            break
        requests.append((time.perf_counter() - start) * 1000)
        try:
            while True:
                arrived, text = socket_.frames.get(timeout=max(0.0, start + timeout - time.perf_counter()))
                frame = json.loads(text) if text.startswith("{") else {}
                if frame.get("list") == list_id and frame.get("change") == "items":
                    latencies.append((arrived - start) * 1000)
                    after_answer.append(latencies[-1] - requests[-1])
                    break
        except queue.Empty:
            missing += 1
            if socket_.closed:
                note = f"socket {socket_.closed}"
                break
            if not latencies and missing >= give_up_after:
                note = f"no frame within {timeout:g} s ({missing} of {number + 1} changes tried; stopped)"
                break
        time.sleep(gap)
    if not requests and not note:
        note = "no change made: the load ended before the first (the measurement starts 2 s after the users' ramp)"
    socket_.close()
    writer.close()
    listener.close()
    return {"latencies": latencies, "requests": requests, "after_answer": after_answer, "missing": missing, "note": note,
            "cross": writer_base != listener_base, "changes": len(requests), "timeout": timeout}


# ---------------------------------------------------------------------------------------------
# Servers: Tools/cluster/cluster.py


def load_cluster_module():
    path = ROOT / "Tools" / "cluster" / "cluster.py"
    if not path.exists():
        raise BenchError(f"{path.relative_to(ROOT)} is missing: pass --url for instances that already run")
    import importlib.util
    spec = importlib.util.spec_from_file_location("scanbook_cluster", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["scanbook_cluster"] = module
    spec.loader.exec_module(module)
    return module


def server_env(args) -> dict:
    return {
        "SCANBOOK_BCRYPT_COST": str(args.bcrypt_cost),
        "SCANBOOK_REGISTRATIONS_PER_HOUR": "100000",
        "LOG_LEVEL": args.log_level,
        "SCANBOOK_CAPTURE_WORKERS": str(args.capture_workers),
    }


# ---------------------------------------------------------------------------------------------
# Report


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = f", {int(line.split()[1]) // 1048576} GiB"
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores{memory}"


def ms(value: float) -> str:
    return f"{value:.1f}" if value < 100 else f"{value:.0f}"


ROUTE_ORDER = [
    "POST /register", "POST /api/v1/register", "GET /login", "POST /login", "POST /api/v1/login",
    "GET /register", "GET /api/v1/invitations", "POST /api/v1/invitations/{id}/accept", "POST /lists/invitations/{id}/accept",
    "GET /lists/{id} (with the invitation)", "GET /lists (redirect)", "GET /lists/{id} (private list)", "GET /lists/{id} (shared list)", "GET /lists/{id}", "GET /receipts", "POST /lists/{id}/items", "POST /api/v1/lists/{id}/items",
    "POST /receipts", "POST /api/v1/receipts",
]
ROUTE_NOTES = {
    "GET /lists (redirect)": "lists page: redirect to the private list",
    "GET /lists/{id} (private list)": "the lists page, where the redirect leads",
    "GET /lists/{id} (shared list)": f"{GROUP} members adding items all the time",
    "GET /lists/{id} (with the invitation)": "web members, once, before accepting",
    "GET /login": "sign-in form", "GET /register": "sign-up form",
    "GET /api/v1/invitations": "API members, once", "POST /api/v1/invitations/{id}/accept": "API members, once",
    "POST /lists/invitations/{id}/accept": "web members, once",
    "GET /receipts": "receipts page with the upload form",
    "POST /lists/{id}/items": "add item, web form",
    "POST /api/v1/lists/{id}/items": "add item, API",
    "POST /receipts": "photo upload, web form",
    "POST /api/v1/receipts": "photo upload, API",
    "POST /register": "sign up, web form",
    "POST /api/v1/register": "sign up, API",
    "POST /login": "sign in, web form",
    "POST /api/v1/login": "sign in, API (token)",
}


def live_cell(v: dict | None) -> str:
    if not v:
        return "–"
    if not v["latencies"]:
        return v["note"] or f"no frame within {v['timeout']:g} s"
    text = f"{ms(percentile(v['latencies'], 0.5))} / {ms(percentile(v['latencies'], 0.99))} ms (n={len(v['latencies'])})"
    if v["missing"]:
        text += f", {v['missing']} missing (none within {v['timeout']:g} s)"
    return text


def report(results: dict, args, binary_label: str) -> str:
    """Markdown: one table with the setups side by side (like scanbook-bench's tables, a column per
    setup), then every error and note."""
    setups = list(results)  # columns: a setup at a think time
    names = {"sqlite": "SQLite, 1 instance", "postgres": "PostgreSQL, 2 instances"}
    titles = {}
    for column, result in results.items():
        name = f"{len(args.url)} given instance(s)" if args.url else names.get(result["setup"], result["setup"])
        titles[column] = f"{name}, think {result['think']:g} s"
    settings = (f"scanbook {binary_label} build, SCANBOOK_BCRYPT_COST={args.bcrypt_cost}, "
                f"SCANBOOK_CAPTURE_WORKERS={args.capture_workers}, LOG_LEVEL={args.log_level}")
    lines = ["", "## Scale-out (issue 27)", "",
             f"Measured {datetime.date.today().isoformat()}. Machine: {machine()}; "
             f"{settings if not args.url else 'instances started by hand'}. The load generator "
             "runs on the same machine: indicative figures (the cores are shared with the servers, PostgreSQL and any build).", ""]
    lines += ["| figure | " + " | ".join(titles[s] for s in setups) + " | data set |", "|---|" + "---|" * len(setups) + "---|"]
    load = {s: results[s].get("load") for s in setups}

    def row(figure, values, note):
        lines.append(f"| {figure} | " + " | ".join(values) + f" | {note} |")

    if any(load.values()):
        data_set = (f"{args.users} users in lists of {GROUP}, {args.duration:g} s each (users arrive over {args.ramp:g} s), "
                    f"think time ±50% between requests, a photo every {args.upload_every} rounds")
        row("Requests/s (all routes)", [f"{l['recorder'].requests / l['seconds']:.0f}" if l else "–" for l in load.values()], data_set)
        row("Errors", [f"{len(l['recorder'].errors)} of {l['recorder'].requests}" if l else "–" for l in load.values()],
            "unexpected status or failed connection (listed below)")
        row("CPU busy, whole machine / load generator", [
            ((f"{l['machine_busy'] * 100:.0f}%" if l.get("machine_busy") is not None else "?")
             + f" / {l['client_cpu'] * 100:.0f}% of a core") if l else "–" for l in load.values()],
            f"all {os.cpu_count()} cores over the load phase")
        if any(l and l.get("tally") for l in load.values()):
            cells = []
            for l in load.values():
                t = l and l.get("tally")
                cells.append(f"{t.received} of {t.expected} ({100 * t.received / t.expected:.0f}%)" if t and t.expected else "–")
            row("Item frames on the users' own list sockets, received of due", cells,
                "each user keeps its shared list's socket open (frames counted, no page refresh); due: sockets open on "
                "the list when a change was answered")
    live_rows = [("live", "idle servers"), ("live_loaded", "alongside the load")]
    for key, when in live_rows:
        values = [live_cell(results[s].get(key)) for s in setups]
        if all(v == "–" for v in values):
            continue
        where = "; ".join(sorted({f"{names.get(results[s]['setup'], results[s]['setup']).split(',')[0]}: "
                                  + ("writer on instance A, socket on B" if (results[s].get(key) or {}).get("cross") else "one instance")
                                  for s in setups if results[s].get(key)}))
        row(f"Live: change posted → frame on another member's socket, p50 / p99 ({when})", values,
            f"up to {args.changes} item changes one at a time; {where}")
        after = []
        for s in setups:
            v = results[s].get(key) or {}
            gaps = v.get("after_answer") or []
            after.append(f"{percentile(gaps, 0.5):.1f} / {percentile(gaps, 0.99):.1f} ms" if gaps else "–")
        if any(a != "–" for a in after):
            row(f"… of which after the writer had its answer, p50 / p99 ({when})", after,
                "frame arrival minus the add request's own time (negative: the frame came first)")
    if any(load.values()):
        routes = set()
        for l in load.values():
            if l:
                routes |= set(l["recorder"].latencies)
        ordered = [r for r in ROUTE_ORDER if r in routes] + sorted(routes - set(ROUTE_ORDER))
        for route in ordered:
            values = []
            for l in load.values():
                samples = l["recorder"].latencies.get(route, []) if l else []
                values.append(f"{ms(percentile(samples, 0.5))} / {ms(percentile(samples, 0.99))} ms (n={len(samples)})" if samples else "–")
            row(f"`{route}` p50 / p99", values, ROUTE_NOTES.get(route, ""))
    errors = [(s, e) for s in setups if load[s] for e in load[s]["recorder"].errors]
    if errors:
        lines += ["", "Errors (setup: route, status: count, first answer):", ""]
        grouped: dict[tuple, list] = defaultdict(list)
        for setup, (route, status, detail) in errors:
            grouped[(setup, route, status)].append(detail)
        for (setup, route, status), details in sorted(grouped.items()):
            lines.append(f"- {titles[setup]}: `{route}` {status}: {len(details)}, {details[0][:160]}")
    notes = []
    for s in setups:
        for key, when in live_rows:
            note = (results[s].get(key) or {}).get("note")
            if note:
                notes.append(f"- Live ({titles[s]}, {when}): {note}")
        l = load[s]
        if l and l.get("stuck"):
            notes.append(f"- {titles[s]}: {l['stuck']} users still busy a minute after the end")
        if l and l.get("tally") and l["tally"].closed_early:
            notes.append(f"- {titles[s]}: {len(l['tally'].closed_early)} user sockets closed early ({l['tally'].closed_early[0]})")
    if notes:
        lines += [""] + notes
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--setups", default="sqlite,postgres", help="comma-separated: sqlite, postgres")
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--duration", type=float, default=60, help="seconds of load per setup")
    parser.add_argument("--ramp", type=float, default=10, help="users start spread over this many seconds")
    parser.add_argument("--think", default="3,1",
                        help="mean pause between a user's requests, seconds (uniform ±50%%); several (comma-separated) "
                             "run the load once for each, on fresh servers (default 3,1: a moderate and a saturating load)")
    parser.add_argument("--upload-every", type=int, default=3, help="a photo upload every N rounds of ~5 requests (0: none)")
    parser.add_argument("--changes", type=int, default=200, help="live changes to time")
    parser.add_argument("--frame-timeout", type=float, default=2.0, help="seconds to wait for a change's frame (idle servers)")
    parser.add_argument("--frame-timeout-loaded", type=float, default=10.0,
                        help="the same alongside the load, where the request itself may queue for seconds")
    parser.add_argument("--give-up-after", type=int, default=3, help="stop the live phase after this many misses with no frame at all")
    parser.add_argument("--bcrypt-cost", type=int, default=4)
    parser.add_argument("--capture-workers", type=int, default=0,
                        help="SCANBOOK_CAPTURE_WORKERS of each instance (0: web-only; the photos queue unread, so OCR does not take the 2 cores)")
    parser.add_argument("--log-level", default="info", help="the servers' LOG_LEVEL (info: production's default, one line a request)")
    parser.add_argument("--bin", default=None, help="scanbook binary (default: $SCANBOOK_BIN, else .build/release/scanbook, else debug)")
    parser.add_argument("--url", action="append", default=[], help="an instance that already runs (repeat); no servers are started")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--json", help="also write the figures as JSON to this file")
    parser.add_argument("--skip-live", action="store_true")
    parser.add_argument("--no-live-under-load", dest="live_under_load", action="store_false",
                        help="time live changes only on idle servers, not also alongside the load")
    parser.add_argument("--no-user-sockets", dest="user_sockets", action="store_false",
                        help="the simulated users open no list socket")
    parser.add_argument("--skip-load", action="store_true")
    args = parser.parse_args(argv)
    run_tag = uuid.uuid4().hex[:8]
    binary = args.bin or os.environ.get("SCANBOOK_BIN")
    if not binary:
        release = ROOT / ".build" / "release" / "scanbook"
        binary = str(release if release.exists() else ROOT / ".build" / "debug" / "scanbook")
    binary = str(Path(binary).resolve())
    binary_label = ("as started by hand" if args.url else "release" if "release" in binary
                    else "debug" if "debug" in binary else Path(binary).name)
    args.thinks = [float(t) for t in str(args.think).split(",") if t.strip()]

    results: dict[str, dict] = {}
    setups = [s.strip() for s in args.setups.split(",") if s.strip()]
    if args.url:
        setups = ["given"]
    for think in args.thinks:
        for setup in setups:
            column = f"{setup}@{think:g}"
            print(f"\n== {setup}, think {think:g} s: {'given instances' if args.url else 'starting'} ...", file=sys.stderr, flush=True)
            results[column] = run_setup(setup, args, binary, f"{run_tag}{setup[0]}{len(results)}", think)
            results[column].update(setup=setup, think=think)
    text = report(results, args, binary_label)
    print(text)
    if args.json:
        figures = {}
        for column, result in results.items():
            figures[column] = {"setup": result["setup"], "think_seconds": result["think"]}
            if result.get("load"):
                l = result["load"]
                figures[column]["load"] = {
                    "requests_per_second": l["recorder"].requests / l["seconds"], "requests": l["recorder"].requests,
                    "errors": l["recorder"].errors, "seconds": l["seconds"], "machine_busy": l["machine_busy"],
                    "routes": {r: {"p50": percentile(v, .5), "p99": percentile(v, .99), "n": len(v)} for r, v in l["recorder"].latencies.items()},
                }
                t = l.get("tally")
                if t:
                    figures[column]["load"]["user_socket_frames"] = {"received": t.received, "due": t.expected, "opened": t.opened}
            for key in ("live", "live_loaded"):
                v = result.get(key)
                if v:
                    figures[column][key] = {"latencies_ms": v["latencies"], "request_ms": v.get("requests", []),
                                            "missing": v["missing"], "note": v["note"], "cross_instance": v["cross"]}
        Path(args.json).write_text(json.dumps(figures, indent=1))
    return 0


def run_setup(setup: str, args, binary: str, run_tag: str, think: float) -> dict:
    result: dict = {}
    if args.url:
        return measure(args.url, args, run_tag, think, result)
    cluster = load_cluster_module()
    with cluster_for(cluster, setup, args, binary) as bases:
        return measure(bases, args, run_tag, think, result)


def measure(bases: list[str], args, run_tag: str, think: float, result: dict) -> dict:
    if not args.skip_load:
        print(f"   load: {args.users} users on {len(bases)} instance(s) for {args.duration:g} s ...", file=sys.stderr, flush=True)
        result["load"] = run_load(bases, args, think, run_tag)
        l = result["load"]
        print(f"   {l['recorder'].requests} requests, {len(l['recorder'].errors)} errors, set-up {l['setup_seconds']:.1f} s",
              file=sys.stderr, flush=True)
        if l.get("live"):
            result["live_loaded"] = l["live"]
    if not args.skip_live:
        print(f"   live: {args.changes} changes, idle ...", file=sys.stderr, flush=True)
        result["live"] = live_or_failure(bases, run_tag, args)
    return result


@contextlib.contextmanager
def cluster_for(cluster, setup: str, args, binary: str):
    """Starts the setup's servers with Tools/cluster/cluster.py and yields their base URLs; stops
    everything and removes the data folders afterwards."""
    env = server_env(args)
    instances, postgres = [], None
    try:
        if setup == "sqlite":
            instances.append(cluster.Instance(env=env, binary=binary, name="bench-sqlite"))
        elif setup == "postgres":
            postgres = cluster.Postgres.create()
            url = postgres.create_database("scanbook_bench")
            for name in ("bench-a", "bench-b"):
                instances.append(cluster.Instance(database_url=url, env=env, binary=binary, name=name))
        else:
            raise BenchError(f"unknown setup {setup!r} (sqlite or postgres)")
        for instance in instances:  # created first, so that a failed start is cleaned up too
            instance.start()
        yield [instance.url for instance in instances]
    finally:
        for instance in instances:
            status = instance.stop()
            if status not in (0, None):
                print(f"   {instance.name} exited with {status}; log tail:\n{instance.log()[-2000:]}", file=sys.stderr)
            shutil.rmtree(instance.data, ignore_errors=True)
            instance.log_path.unlink(missing_ok=True)
        if postgres:
            postgres.destroy()


if __name__ == "__main__":
    sys.exit(main())
