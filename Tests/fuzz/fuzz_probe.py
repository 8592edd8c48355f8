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
        self.failures: list[dict] = []
        self.dirty: str | None = None  # the path of a DELETE that removed a real object
        self.accepted: dict[str, list[str]] = {}

    @property
    def database(self) -> str:
        return self.api.server.database

    def send(self, where: str, value: str, method: str, url: str, violation: str | None = None,
             session: requests.Session | None = None, **kwargs) -> requests.Response | None:
        """`where` names the operation and field, `value` the extreme's label; `session` is the
        API's (bearer tokens in the headers) unless a cookie session is given."""
        if self.dirty:
            self.api.reseed(self.dirty)
            self.dirty = None
        offset = self.api.server.log_size()
        self.api.report.count(f"requests ({self.suite})")
        try:
            response = (session or self.api.session).request(method, url, **kwargs)
        except requests.RequestException as error:
            self.record("no answer", where, value, self.api.server.no_answer(f"{where} = {value}", error, offset))
            return None
        self.judge(where, value, method, response, violation, offset)
        return response

    def judge(self, where, value, method, response, violation, offset):
        status = response.status_code
        self.api.report.count(f"answers ({self.suite}) {status}")
        answers = self.api.report.answers.setdefault(f"[{self.database}] {where}", {})
        answers[status] = answers.get(status, 0) + 1
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
        self.failures.append({"kind": kind, "where": where, "value": value, "detail": detail})
        self.api.report.fail(kind=kind, suite=self.suite, database=self.database, where=where, value=value, detail=detail)

    def assert_clean(self):
        for where, values in self.accepted.items():
            self.api.report.accepted[f"[{self.database}] {where}"] = values
        assert not self.failures, f"[{self.database}] {len(self.failures)} problems:\n" + group(self.failures)


IDS = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")


def signature(failure: dict) -> str:
    """The failure without what differs between probes of one cause: ids, request ids, paths, and
    the body of the answer when the server log says more (its JSON keys come in any order)."""
    detail = failure["detail"]
    status = detail.split(" ", 1)[0]
    if status.isdigit() and "log: " in detail and detail.split("log: ", 1)[1].strip():
        detail = f"{status} … log: {detail.split('log: ', 1)[1]}"
    elif failure["kind"].startswith("accepted"):
        detail = detail.split(")", 1)[0] + ")"
    detail = IDS.sub("<id>", detail)
    detail = re.sub(r"request-id: [^\]]*", "", detail)
    detail = re.sub(r"/api/v1/\S*|parameter \$\d+", "…", detail)
    return f"{failure['kind']}: {' '.join(detail.split())[:300]}"


def group(failures: list[dict]) -> str:
    """One paragraph per cause: the answer once, then every operation, field and value that got it."""
    groups: dict[str, list[str]] = {}
    for failure in failures:
        groups.setdefault(signature(failure), []).append(f"{failure['where']} = {failure['value']}")
    return "\n".join(f"- ×{len(places)} {cause}\n    " + "\n    ".join(places) for cause, places in groups.items())
