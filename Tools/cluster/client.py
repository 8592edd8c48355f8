"""A small Scanbook client for tests and the load bench (standard library only): the JSON API with a
bearer token, the web sign-in with its session cookie, multipart uploads, and the list page's
WebSocket (a minimal RFC 6455 client, text frames only).

    alice = Client(a.url).register("Alice", "alice@example.org")   # bearer token set
    item = alice.post("/api/v1/lists/<id>/items", {"name": "Milk"}).json()
    alice.sign_in_web()                                             # session cookie for the live socket
    socket = LiveSocket.open(b.url, f"/lists/{list_id}/live", alice.cookie_header())
    socket.receive(timeout=1)                                       # ("text", '{"list": ...}')
"""
from __future__ import annotations

import base64
import http.client
import json
import os
import re
import socket
import struct
import time
import uuid
from urllib.parse import urlencode, urlsplit

PASSWORD = "Sommer2025!"


class Response:
    def __init__(self, status: int, headers: http.client.HTTPMessage, body: bytes):
        self.status, self.headers, self.body = status, headers, body

    def json(self):
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode(errors="replace")

    def __repr__(self):
        return f"<Response {self.status} {self.text[:200]!r}>"


class Client:
    """One user's credentials (token and cookies) against one instance; `on(url)` takes them to another."""

    def __init__(self, base_url: str, token: str | None = None, cookies: dict | None = None, timeout: float = 30):
        self.base = base_url.rstrip("/")
        self.token, self.cookies, self.timeout = token, dict(cookies or {}), timeout
        self.user: dict | None = None
        self.email: str | None = None
        self.password: str | None = None

    def on(self, base_url: str) -> "Client":
        other = Client(base_url, self.token, self.cookies, self.timeout)
        other.user, other.email, other.password = self.user, self.email, self.password
        return other

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
                bearer: bool = True) -> Response:
        parts = urlsplit(self.base)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=self.timeout)
        headers = dict(headers or {})
        if self.token and bearer:
            headers.setdefault("Authorization", f"Bearer {self.token}")
        if self.cookies:
            headers.setdefault("Cookie", self.cookie_header())
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            response = Response(answer.status, answer.headers, answer.read())
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            value = rest.split(";", 1)[0]
            if "Max-Age=0" in header or "expires=Thu, 01 Jan 1970" in header:
                self.cookies.pop(name.strip(), None)
            else:
                self.cookies[name.strip()] = value
        return response

    def get(self, path: str) -> Response:
        return self.request("GET", path)

    def post(self, path: str, payload=None) -> Response:
        return self._json("POST", path, payload)

    def patch(self, path: str, payload=None) -> Response:
        return self._json("PATCH", path, payload)

    def delete(self, path: str) -> Response:
        return self.request("DELETE", path)

    def _json(self, method: str, path: str, payload) -> Response:
        body = json.dumps(payload if payload is not None else {}).encode()
        return self.request(method, path, body, {"Content-Type": "application/json"})

    def upload(self, path: str, image: bytes, filename: str = "photo.jpg", field: str = "image", fields: dict | None = None) -> Response:
        boundary = uuid.uuid4().hex
        content_type = "image/png" if filename.endswith(".png") else "image/jpeg"
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
                 for name, value in (fields or {}).items()]
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{filename}"\r\n'
                     f"Content-Type: {content_type}\r\n\r\n".encode() + image + b"\r\n")
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        return self.request("POST", path, body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})

    def register(self, name: str, email: str, password: str = PASSWORD) -> "Client":
        """Creates the account and signs in to the API (bearer token)."""
        created = self.post("/api/v1/register", {"name": name, "email": email, "password": password})
        assert created.status == 201, created
        return self.login(email, password)

    def login(self, email: str, password: str = PASSWORD) -> "Client":
        answer = self.post("/api/v1/login", {"email": email, "password": password})
        assert answer.status == 201, answer
        self.token, self.user = answer.json()["token"], answer.json()["user"]
        self.email, self.password = email, password
        return self

    def sign_in_web(self) -> "Client":
        """Signs in through the web form (visitor CSRF cookie, then the form), for a session cookie."""
        page = self.request("GET", "/login", bearer=False)
        csrf = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)
        form = urlencode({"csrf": csrf, "email": self.email, "password": self.password}).encode()
        answer = self.request("POST", "/login", form, {"Content-Type": "application/x-www-form-urlencoded"},
                              bearer=False)
        assert answer.status in (302, 303) and "scanbook-session" in self.cookies, answer
        return self

    def cookie_header(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())


class LiveSocket:
    """A minimal WebSocket client: text frames, answers pings, reports the close code."""

    def __init__(self, connection: socket.socket, buffered: bytes = b""):
        self.socket, self.buffer = connection, buffered
        self.close_code: int | None = None

    @classmethod
    def open(cls, base_url: str, path: str, cookie: str = "", origin: str | None = None, timeout: float = 5) -> "LiveSocket":
        """Connects; raises ConnectionError with the status line when the server does not upgrade."""
        parts = urlsplit(base_url)
        connection = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: {parts.netloc}", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        lines += [f"Cookie: {cookie}"] if cookie else []
        lines += [f"Origin: {origin}"] if origin else []
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
        head, _, rest = answer.partition(b"\r\n\r\n")
        status = head.split(b"\r\n", 1)[0].decode(errors="replace")
        if " 101 " not in status + " ":
            connection.close()
            raise ConnectionError(f"no WebSocket upgrade: {status}")
        return cls(connection, rest)

    def _frame(self, deadline: float) -> tuple[int, bytes]:
        """The next whole frame (fin and opcode byte, unmasked payload); a timeout consumes nothing."""
        while True:
            frame = self._parse()
            if frame:
                return frame
            self.socket.settimeout(max(0.001, deadline - time.monotonic()))
            chunk = self.socket.recv(65536)
            if not chunk:
                raise ConnectionError("connection closed without a close frame")
            self.buffer += chunk

    def _parse(self) -> tuple[int, bytes] | None:
        data = self.buffer
        if len(data) < 2:
            return None
        length, offset = data[1] & 0x7F, 2
        if length == 126:
            if len(data) < 4:
                return None
            length, offset = struct.unpack("!H", data[2:4])[0], 4
        elif length == 127:
            if len(data) < 10:
                return None
            length, offset = struct.unpack("!Q", data[2:10])[0], 10
        mask = None
        if data[1] & 0x80:
            mask, offset = data[offset:offset + 4], offset + 4
        if len(data) < offset + length:
            return None
        payload = data[offset:offset + length]
        self.buffer = data[offset + length:]
        if mask:
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        return data[0], payload

    def _send(self, opcode: int, payload: bytes):
        mask = os.urandom(4)
        length = len(payload)
        header = bytes([0x80 | opcode])
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", length)
        self.socket.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def send(self, text: str):
        self._send(0x1, text.encode())

    def ping(self, timeout: float = 5):
        """Sends "ping" until a "pong" comes back: then the server has joined the socket. (A message
        sent right after the upgrade may reach the server before its handler is set, and be lost.)"""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.send("ping")
            try:
                if self.receive(0.5) == ("text", "pong"):
                    return
            except TimeoutError:
                pass
        raise TimeoutError(f"no pong within {timeout} s")

    def receive(self, timeout: float = 5) -> tuple[str, object]:
        """The next message: ("text", str) or ("close", code). Raises TimeoutError (socket.timeout)."""
        deadline = time.monotonic() + timeout
        message = b""
        while True:
            first, payload = self._frame(deadline)
            opcode = first & 0x0F
            if opcode == 0x8:
                self.close_code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                try:
                    self._send(0x8, payload[:2])
                except OSError:
                    pass
                return "close", self.close_code
            if opcode == 0x9:
                self._send(0xA, payload)
                continue
            if opcode in (0x0, 0x1, 0x2):
                message += payload
                if first & 0x80:
                    return "text", message.decode(errors="replace")

    def close(self):
        try:
            if self.close_code is None:
                self._send(0x8, struct.pack("!H", 1000))
        except OSError:
            pass
        self.socket.close()
