"""A Scanbook server process for the fuzz suite that can be watched and brought back: every probe
ends with `server.check(context)`, which notices a dead or hung process, records the crash with the
tail of its log, and restarts it on the same port, data directory and database, so that one crash
does not hide the others. Also the request counter and the report shared by all fuzz tests."""
import json
import re
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.parse
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]
REQUEST_TIMEOUT = float(os.environ.get("SCANBOOK_FUZZ_TIMEOUT", "10"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class CountingSession(requests.Session):
    """A requests session that counts what it sends and never waits forever."""

    def __init__(self, report: "FuzzReport"):
        super().__init__()
        self.report = report

    def request(self, method, url, **kwargs):
        kwargs.setdefault("timeout", REQUEST_TIMEOUT)
        kwargs.setdefault("allow_redirects", False)
        self.report.count("requests")
        return super().request(method, url, **kwargs)


class FuzzReport:
    """Counters, failures and notes of one pytest session, printed at its end and written to
    .build/fuzz-report.json."""

    def __init__(self):
        self.counters: dict[str, int] = {}
        self.failures: list[dict] = []
        self.notes: list[str] = []
        self.accepted: dict[str, list[str]] = {}  # probe target -> values answered with 2xx
        self.answers: dict[str, dict[int, int]] = {}  # probe target -> status -> count
        self.generic: dict[str, set[str]] = {}  # a 4xx reason that is only the status phrase -> where

    def count(self, name: str, amount: int = 1):
        self.counters[name] = self.counters.get(name, 0) + amount

    def fail(self, **entry):
        if entry not in self.failures:  # Hypothesis replays a failing case
            self.failures.append(entry)

    def write(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"counters": self.counters, "failures": self.failures, "notes": self.notes,
                                    "accepted": self.accepted, "answers": self.answers,
                                    "generic reasons": {k: sorted(v) for k, v in self.generic.items()}},
                                   indent=1, ensure_ascii=False, default=str))


class PostgresDatabase:
    """A database of its own on the TEST_POSTGRES_URL server, dropped afterwards."""

    def __init__(self, admin_url: str):
        self.admin_url = admin_url
        self.name = "scanbook_fuzz_" + secrets.token_hex(4)
        self._psql(f'CREATE DATABASE "{self.name}"')
        parts = urllib.parse.urlsplit(admin_url)
        self.url = urllib.parse.urlunsplit(parts._replace(path="/" + self.name))

    def _psql(self, sql: str):
        subprocess.run(["psql", self.admin_url, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql],
                       check=True, capture_output=True, timeout=60)

    def drop(self):
        try:
            self._psql(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
            print(f"could not drop {self.name}: {error}")


class ServerProcess:
    """`scanbook serve` on a free loopback port with a fresh data directory."""

    def __init__(self, report: FuzzReport, database: str, database_url: str | None = None):
        self.report = report
        self.database = database
        self.binary = os.environ.get("SCANBOOK_BIN", str(ROOT / ".build" / "debug" / "scanbook"))
        self.data = Path(tempfile.mkdtemp(prefix=f"scanbook-fuzz-{database}-"))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = dict(os.environ, SCANBOOK_DATA_DIR=str(self.data), SCANBOOK_BCRYPT_COST="4",
                        SCANBOOK_CAPTURE_WORKERS="1", SCANBOOK_REGISTRATIONS_PER_HOUR="100000",
                        LOG_LEVEL=os.environ.get("SCANBOOK_FUZZ_LOG_LEVEL", "warning"))
        self.env.pop("DATABASE_URL", None)
        if database_url:
            self.env["DATABASE_URL"] = database_url
        self.log_path = self.data / "server.log"
        self.process: subprocess.Popen | None = None
        self.restarts = 0

    def start(self):
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen([self.binary, "serve", "--hostname", "127.0.0.1", "--port", str(self.port)],
                                        env=self.env, stdout=log, stderr=subprocess.STDOUT, cwd=self.data)
        log.close()
        deadline = time.time() + 90
        while time.time() < deadline:
            if self.process.poll() is not None:
                break
            try:
                if requests.get(self.url + "/readyz", timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.2)
        self.kill()
        raise RuntimeError(f"server did not start ({self.database}):\n" + self.log_tail(60))

    def healthy(self) -> bool:
        if self.process is None or self.process.poll() is not None:
            return False
        try:
            return requests.get(self.url + "/healthz", timeout=10).status_code == 200
        except requests.RequestException:
            return False

    def check(self, context: str) -> str | None:
        """None while the server answers /healthz; otherwise records the crash (or hang), restarts the
        server and returns a description with the log tail."""
        if self.healthy():
            return None
        code = self.process.poll() if self.process else None
        state = f"exited with status {code}" if code is not None else "stopped answering /healthz"
        tail = self.log_tail(25)
        self.report.fail(kind="crash", database=self.database, context=context, state=state, log=tail)
        self.report.count("crashes")
        self.restart()
        return f"server {state} after {context}\n--- server log tail ---\n{tail}"

    def no_answer(self, context: str, error: Exception, offset: int) -> str:
        """After a request got no answer: a dead server is recorded and restarted; a live one that
        is still busy with the request is restarted too, so the next probe finds it idle."""
        crash = self.check(context)
        if crash:
            return f"{type(error).__name__}\n{crash}"
        if isinstance(error, requests.Timeout):
            self.restart()
            return (f"no answer within {REQUEST_TIMEOUT:g} s ({type(error).__name__}); the server was still working "
                    f"on it and was restarted. log: {self.log_since(offset) or '(nothing)'}")
        return f"{type(error).__name__}: {error}"

    def restart(self):
        """Drop whatever the server still works on (a request the client gave up waiting for)."""
        self.kill()
        self.restarts += 1
        self.start()

    def log_tail(self, lines: int = 25) -> str:
        try:
            text = self.log_path.read_bytes().decode("utf-8", "replace")
        except OSError:
            return "(no log)"
        text = re.sub(r"(.)\1{15,}", lambda m: f"{m.group(1)}…({len(m.group(0))}×)", text)
        return "\n".join(line[:400] for line in text.splitlines()[-lines:])

    def log_size(self) -> int:
        try:
            return self.log_path.stat().st_size
        except OSError:
            return 0

    def log_since(self, offset: int, limit: int = 600) -> str:
        """What the server logged after `offset` (the error behind a 5xx), shortened."""
        with open(self.log_path, "rb") as log:
            log.seek(offset)
            text = log.read(64_000).decode("utf-8", "replace").strip()
        text = re.sub(r"(.)\1{15,}", lambda m: f"{m.group(1)}…({len(m.group(0))}×)", text)
        return text[:limit] + ("…" if len(text) > limit else "")

    def kill(self):
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        shutil.rmtree(self.data, ignore_errors=True)
