"""Throw-away PostgreSQL servers and Scanbook processes on loopback, for the cluster tests and the
load bench. Standard library only.

    with Postgres.create() as pg:                      # initdb into a temp dir, random port
        url = pg.create_database("shop")               # postgres://postgres@127.0.0.1:PORT/shop
        a = Instance(database_url=url, env={"SCANBOOK_CAPTURE_WORKERS": "0"}).start()
        b = Instance(database_url=url, role="worker").start()
        ...
        pg.stop(); pg.start()                          # an outage under running instances
        a.stop()                                       # SIGTERM, returns the exit status
        b.kill()                                       # SIGKILL

PostgreSQL refuses to run as root, so as root its commands run as the `postgres` user.
"""
from __future__ import annotations

import getpass
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<major>/bin)."""
    found = [p for p in Path("/usr/lib/postgresql").glob("*/bin") if (p / "initdb").exists()]
    return max(found, key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0, default=None)


def wait_until(condition, timeout: float, interval: float = 0.1, message: str = "condition"):
    """Polls `condition` until it returns something truthy; returns that, or raises TimeoutError."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{message} not reached within {timeout} s")
        time.sleep(interval)


class Postgres:
    """A PostgreSQL cluster in a temporary folder, listening on 127.0.0.1 only, trust authentication."""

    def __init__(self, directory: Path, port: int, bin_dir: Path):
        self.directory, self.port, self.bin = directory, port, bin_dir
        self.as_root = os.geteuid() == 0
        self.user = "postgres" if self.as_root else getpass.getuser()

    @classmethod
    def create(cls, max_connections: int = 300, durable: bool = False) -> "Postgres":
        """`durable`: fsync and synchronous commits on, as in production (benchmarks of writes);
        off by default, which tests do not need and which costs them time."""
        bin_dir = postgres_bin()
        if bin_dir is None:
            raise FileNotFoundError("no PostgreSQL binaries under /usr/lib/postgresql/*/bin")
        pg = cls(Path(tempfile.mkdtemp(prefix="scanbook-pg-")), free_port(), bin_dir)
        if pg.as_root:
            shutil.chown(pg.directory, "postgres")
        pg._run("initdb", "-D", str(pg.directory / "data"), "-A", "trust", "-U", pg.user, "-E", "UTF8")
        with open(pg.directory / "data" / "postgresql.conf", "a") as conf:
            conf.write(f"\nlisten_addresses = '127.0.0.1'\nport = {pg.port}\nunix_socket_directories = '{pg.directory}'\n"
                       f"max_connections = {max_connections}\n")
            if not durable:
                conf.write("fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n")
        pg.start()
        return pg

    def _run(self, tool: str, *args: str) -> str:
        command = [str(self.bin / tool), *args]
        if self.as_root and tool in ("initdb", "pg_ctl"):
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr or done.stdout}")
        return done.stdout

    def start(self):
        self._run("pg_ctl", "-D", str(self.directory / "data"), "-l", str(self.directory / "server.log"), "-w", "start")

    def stop(self, mode: str = "fast"):
        """`fast` disconnects clients and stops cleanly; `immediate` is a crash (recovery on start)."""
        self._run("pg_ctl", "-D", str(self.directory / "data"), "-m", mode, "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgres://{self.user}@127.0.0.1:{self.port}/{database}"

    def psql(self, database: str, sql: str) -> str:
        """Runs SQL with psql (unaligned, tuples only) and returns its output; raises on an error."""
        return self._run("psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", self.url(database), "-c", sql)

    def create_database(self, name: str) -> str:
        self.psql("postgres", f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, name: str):
        self.psql("postgres", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def destroy(self):
        try:
            self.stop("immediate")
        except RuntimeError:
            pass  # already stopped
        shutil.rmtree(self.directory, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.destroy()


class Instance:
    """One `scanbook serve` (or `scanbook worker`) process with its own data folder and log file.

    `env` overrides the inherited environment (a value of None removes a variable); DATABASE_URL
    is never inherited: pass `database_url`, or get SQLite in the data folder."""

    def __init__(self, database_url: str | None = None, data_dir: Path | str | None = None, env: dict | None = None,
                 role: str = "serve", binary: str | None = None, port: int | None = None, name: str = "scanbook"):
        self.name, self.role = name, role
        self.binary = binary or os.environ.get("SCANBOOK_BIN") or str(ROOT / ".build" / "debug" / "scanbook")
        self.data = Path(data_dir) if data_dir else Path(tempfile.mkdtemp(prefix=f"scanbook-{name}-"))
        self.data.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.data.parent / f"{self.data.name}.log"
        self.env = dict(os.environ)
        self.env.pop("DATABASE_URL", None)
        # Tests register many users from 127.0.0.1, hash with a cheap cost and stop without draining
        # (a test of draining sets SCANBOOK_DRAIN_SECONDS itself).
        self.env.update(SCANBOOK_DATA_DIR=str(self.data), SCANBOOK_BCRYPT_COST="4", SCANBOOK_REGISTRATIONS_PER_HOUR="100000",
                        SCANBOOK_DRAIN_SECONDS="0", LOG_LEVEL="info")
        if database_url:
            self.env["DATABASE_URL"] = database_url
        for key, value in (env or {}).items():
            if value is None:
                self.env.pop(key, None)
            else:
                self.env[key] = str(value)
        self.process: subprocess.Popen | None = None

    def start(self, wait: bool = True, timeout: float = 90) -> "Instance":
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen([self.binary, self.role, "--hostname", "127.0.0.1", "--port", str(self.port)],
                                        env=self.env, stdout=log, stderr=subprocess.STDOUT, cwd=self.data)
        log.close()
        if wait:
            self.wait_ready(timeout)
        return self

    def command(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        """Runs another scanbook command (`blobs migrate --to files`) with this instance's environment."""
        return subprocess.run([self.binary, *args], env=self.env, cwd=self.data, capture_output=True, text=True, timeout=timeout)

    def get(self, path: str, timeout: float = 5) -> tuple[int, dict | str | None]:
        """GET without credentials: (status, JSON body or text); status 0 when nobody answers."""
        try:
            with urllib.request.urlopen(self.url + path, timeout=timeout) as response:
                status, body = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, body = error.code, error.read()
        except OSError:
            return 0, None
        try:
            return status, json.loads(body)
        except ValueError:
            return status, body.decode(errors="replace")

    def wait_ready(self, timeout: float = 90, path: str = "/readyz"):
        def ready():
            if self.process and self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode}:\n{self.log()[-4000:]}")
            return self.get(path, timeout=1)[0] == 200
        try:
            wait_until(ready, timeout, 0.2, f"{self.name} {path} 200")
        except TimeoutError:
            self.kill()
            raise RuntimeError(f"{self.name} did not become ready:\n{self.log()[-4000:]}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def wait_for_log(self, text: str, timeout: float = 30) -> str:
        """Waits for a log line containing `text` and returns it."""
        def line():
            return next((l for l in self.log().splitlines() if text in l), None)
        return wait_until(line, timeout, 0.05, f"{self.name} logging {text!r}")

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, timeout: float = 30) -> int | None:
        """SIGTERM, then waits for the exit; returns the exit status (SIGKILL after `timeout`)."""
        if not self.process:
            return None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.process.returncode

    def kill(self):
        """SIGKILL: a crash, nothing is handed back."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def main(argv: list[str]) -> int:
    """`cluster.py with-postgres [--durable] -- COMMAND …`: runs COMMAND with a throw-away PostgreSQL
    named in BENCH_POSTGRES_URL (make bench: the blob store figures), removed afterwards."""
    if len(argv) < 3 or argv[0] != "with-postgres" or "--" not in argv:
        print("usage: cluster.py with-postgres [--durable] -- COMMAND ...")
        return 2
    command = argv[argv.index("--") + 1:]
    with Postgres.create(durable="--durable" in argv[:argv.index("--")]) as pg:
        url = pg.create_database("bench")
        return subprocess.run(command, env=dict(os.environ, BENCH_POSTGRES_URL=url)).returncode


if __name__ == "__main__":
    import sys
    sys.exit(main(sys.argv[1:]))
