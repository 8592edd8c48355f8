"""Sends one probe, judges the answer and remembers every problem: a 5xx, a 4xx of the API without a
JSON `reason`, no answer at all (then the server is checked, and restarted when it died), or a 2xx
for a value the OpenAPI document itself forbids. Tests assert once at the end with all of them."""
from http import HTTPStatus

import re

import requests

EXCERPT = 200
RUN = re.compile(r"(.)\1{15,}")


def squeeze(text: str) -> str:
    """Long runs of one character (a 10,000-character probe echoed back) shortened to `x…(10000×)`."""
    return RUN.sub(lambda m: f"{m.group(1)}…({len(m.group(0))}×)", text)


def excerpt(response: requests.Response) -> str:
    text = squeeze(response.content[:20_000].decode("utf-8", "replace").replace("\n", " "))
    return text[:EXCERPT] + ("…" if len(text) > EXCERPT else "")


def api_problem(response: requests.Response) -> str | None:
    """Why an API answer is not acceptable for a hostile request (None when it is)."""
    if response.status_code >= 500:
        return "server error"
    if 400 <= response.status_code < 500:
        try:
            reason = response.json().get("reason")
        except (ValueError, AttributeError):
            return "4xx without a JSON body"
        if not isinstance(reason, str) or not reason.strip():
            return "4xx without a reason"
    return None


def generic_reason(response: requests.Response) -> str | None:
    """The reason when it is only the status phrase ("Bad Request"), which tells a client nothing."""
    try:
        reason = response.json().get("reason", "")
    except (ValueError, AttributeError):
        return None
    phrases = {status.phrase.lower() for status in HTTPStatus}
    return reason if isinstance(reason, str) and reason.strip().lower() in phrases else None


class Prober:
    def __init__(self, api, suite: str, expect_json: bool = True):
        self.api = api
        self.suite = suite
        self.expect_json = expect_json
        self.failures: list[str] = []
        self.dirty: str | None = None  # the path of a DELETE that removed a real object
        self.accepted: dict[str, list[str]] = {}

    @property
    def database(self) -> str:
        return self.api.server.database

    def send(self, where: str, value: str, method: str, url: str, violation: str | None = None,
             **kwargs) -> requests.Response | None:
        """`where` names the operation and field, `value` the extreme's label."""
        if self.dirty:
            self.api.reseed(self.dirty)
            self.dirty = None
        offset = self.api.server.log_size()
        self.api.report.count(f"requests ({self.suite})")
        try:
            response = self.api.session.request(method, url, **kwargs)
        except requests.RequestException as error:
            crash = self.api.server.check(f"{where} = {value}")
            if crash is None and isinstance(error, requests.Timeout):
                self.api.server.restart()  # still busy with it: stop that before the next probe
                crash = f"server alive but busy; restarted. log: {self.api.server.log_since(offset)}"
            self.record("no answer", where, value, f"{type(error).__name__}" + (f"\n{crash}" if crash else ""))
            return None
        self.judge(where, value, method, response, violation, offset)
        return response

    def judge(self, where, value, method, response, violation, offset):
        status = response.status_code
        self.api.report.count(f"answers ({self.suite}) {status}")
        problem = api_problem(response) if self.expect_json else ("server error" if status >= 500 else None)
        if problem:
            log = self.api.server.log_since(offset) if status >= 500 else ""
            self.record(problem, where, value, f"{status} {excerpt(response)}" + (f"\n    log: {log}" if log else ""))
        elif status < 300 and violation:
            self.record("accepted a value the document forbids", where, value, f"{status} ({violation}) {excerpt(response)}")
        if status < 300 and method.upper() == "DELETE":
            self.dirty = where.split(" ")[1]  # "DELETE /api/v1/things/{thingID} path ..."
        if status < 300:
            self.accepted.setdefault(where, []).append(value)
        if self.expect_json and (reason := generic_reason(response)):
            self.api.report.generic.setdefault(reason, set()).add(where)

    def end_batch(self, where: str):
        """After all values of one field: is the server still there?"""
        crash = self.api.server.check(f"the probes of {where}")
        if crash:
            self.record("server died", where, "(one of the batch)", crash)

    def record(self, kind: str, where: str, value: str, detail: str):
        line = f"[{self.database}] {where} = {value}: {kind}: {detail}"
        self.failures.append(line)
        self.api.report.fail(kind=kind, suite=self.suite, database=self.database, where=where, value=value, detail=detail)

    def assert_clean(self):
        for where, values in self.accepted.items():
            self.api.report.accepted[f"[{self.database}] {where}"] = values
        assert not self.failures, f"{len(self.failures)} problems:\n" + "\n".join(self.failures)
