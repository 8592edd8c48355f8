"""Fixtures for the fuzz suite: a real Scanbook server (SQLite always, PostgreSQL too when
TEST_POSTGRES_URL is set, each run on a database of its own), two API users, and real objects
created through the API so that path ids can point at something. The server is watched: a probe
that kills it is recorded with the log tail and the server is started again for the next probe.

Settings: SCANBOOK_BIN (server binary), SCANBOOK_FUZZ_EXAMPLES (Schemathesis examples per
operation, default 25), SCANBOOK_FUZZ_FORM_LIMIT (web form requests, default 1000),
SCANBOOK_FUZZ_TIMEOUT (seconds a request may take, default 10), SCANBOOK_FUZZ_DATABASES (default
"sqlite,postgres"; postgres only with TEST_POSTGRES_URL), SCANBOOK_FUZZ_REPORT (JSON report,
default .build/fuzz-report.json)."""
import os
import re
from pathlib import Path

import pytest
from hypothesis.configuration import set_hypothesis_home_dir

from fuzz_openapi import PASSWORD, Context, OpenAPI, seed
from fuzz_server import ROOT, CountingSession, FuzzReport, PostgresDatabase, ServerProcess

REPORT = FuzzReport()
set_hypothesis_home_dir(ROOT / ".build" / "hypothesis")  # not .hypothesis/ in the work tree
DATABASES = [name for name in os.environ.get("SCANBOOK_FUZZ_DATABASES", "sqlite,postgres").split(",")
             if name == "sqlite" or (name == "postgres" and os.environ.get("TEST_POSTGRES_URL"))]


@pytest.fixture(scope="session")
def report() -> FuzzReport:
    return REPORT


@pytest.fixture(scope="session", params=DATABASES)
def server(request, report):
    database = PostgresDatabase(os.environ["TEST_POSTGRES_URL"]) if request.param == "postgres" else None
    process = ServerProcess(report, request.param, database.url if database else None)
    try:
        process.start()
        yield process
    finally:
        process.stop()
        if database:
            database.drop()


class Api:
    """The API as the fuzz tests see it: the served document, two users with tokens, and the ids
    of objects each of them created (`context.ids` for user A, `context.foreign_ids` for user B)."""

    def __init__(self, server: ServerProcess, report: FuzzReport):
        self.server = server
        self.report = report
        self.session = CountingSession(report)
        self.doc = OpenAPI(self.session.get(server.url + "/api/v1/openapi.yaml").text)
        self.user_a = self.account("a")
        self.user_b = self.account("b")
        self.context = Context(user_a=self.user_a, user_b=self.user_b)
        self.reseed()

    @property
    def url(self) -> str:
        return self.server.url

    def headers(self, user: dict | None = None) -> dict:
        return {"Authorization": f"Bearer {(user or self.user_a)['token']}"}

    def account(self, tag: str) -> dict:
        email = f"fuzz-{tag}-{os.getpid()}@example.org"
        body = {"name": f"Fuzz {tag.upper()}", "email": email, "password": PASSWORD}
        created = self.session.post(self.url + "/api/v1/register", json=body)
        assert created.status_code == 201, created.text
        login = self.session.post(self.url + "/api/v1/login", json={"email": email, "password": PASSWORD})
        assert login.status_code == 201, login.text
        return {"id": created.json()["id"], "email": email, "token": login.json()["token"]}

    def reseed(self, deleted_path: str | None = None):
        """Create (again) one object of every kind for each user; after a DELETE of `deleted_path`
        only what it removed (the object named by its last path parameter) for user A."""
        name = re.search(r"\{(\w+)\}$", deleted_path or "")
        if deleted_path and not name:
            return
        if name:
            seed(self.doc, self.session, self.url, self.user_a["token"], self.context, only=name.group(1))
        else:
            foreign = Context(user_a=self.user_b, user_b=self.user_b)
            self.context.foreign_ids = seed(self.doc, self.session, self.url, self.user_b["token"], foreign)
            seed(self.doc, self.session, self.url, self.user_a["token"], self.context)
        self.context.ids.setdefault("userID", self.user_b["id"])


@pytest.fixture(scope="session")
def api(server, report) -> Api:
    return Api(server, report)


def pytest_terminal_summary(terminalreporter):
    if not REPORT.counters and not REPORT.failures:
        return
    path = Path(os.environ.get("SCANBOOK_FUZZ_REPORT", ROOT / ".build" / "fuzz-report.json"))
    REPORT.write(path)
    write = terminalreporter.write_line
    terminalreporter.section("fuzz summary")
    for name, value in sorted(REPORT.counters.items()):
        write(f"{name}: {value}")
    kinds: dict[str, int] = {}
    for failure in REPORT.failures:
        kinds[failure["kind"]] = kinds.get(failure["kind"], 0) + 1
    write("failures: " + (", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())) or "none"))
    for reason, places in sorted(REPORT.generic.items()):
        write(f"note: 4xx reason only {reason!r} at {len(places)} probe targets, e.g. {sorted(places)[0]}")
    for note in REPORT.notes:
        write("note: " + note)
    write(f"full report: {path}")
