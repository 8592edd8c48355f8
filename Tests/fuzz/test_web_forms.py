"""The web pages are not in the OpenAPI document, so they are crawled: sign up through the web
form, give the account one object of every kind (through the API's own creators), visit every
same-site link breadth-first from `/`, parse every form, and submit each form once per field and
extreme value, the other fields as the page filled them and the hidden `csrf` token intact. File
inputs get the malformed images (a CSV input the hostile CSV files), multipart forms also the broken
envelopes. Expected: never a 5xx and a server that stays up. SCANBOOK_FUZZ_FORM_LIMIT (default
1000) caps the requests of the form probes, spread evenly over every field."""
import datetime as dt
import itertools
import os
import re
from collections import deque
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import requests

from fuzz_openapi import NAME_HINTS, PASSWORD, Context, seed
from fuzz_payloads import EXTREMES, csv_cases, image_cases, malformed_multipart, png
from fuzz_probe import Prober
from fuzz_server import CountingSession

LIMIT = int(os.environ.get("SCANBOOK_FUZZ_FORM_LIMIT", "1000"))
MAX_PAGES = 150
SKIP_LINK = re.compile(r"/logout|/delete|/leave|/remove|/revoke|/live$|^/api/")
NEVER_SUBMIT = re.compile(r"/logout$")
UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F-]{27}")
NAMES = itertools.count()


class PageParser(HTMLParser):
    """Links and forms of one page, with every field as the page fills it."""

    def __init__(self):
        super().__init__()
        self.links: list[str] = []
        self.forms: list[dict] = []
        self.form: dict | None = None
        self.select: dict | None = None
        self.textarea: dict | None = None

    def handle_starttag(self, tag, attrs):
        a = {key: value or "" for key, value in attrs}
        if tag == "option":
            self.option(a)
        elif tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "form":
            self.form = {"method": a.get("method", "get").lower(), "action": a.get("action", ""),
                         "enctype": a.get("enctype", ""), "id": a.get("id", ""), "fields": []}
            self.forms.append(self.form)
        elif self.form is not None and a.get("name"):
            self.field(tag, a)

    def field(self, tag, a):
        kind = a.get("type", "text").lower() if tag == "input" else tag
        if tag == "button" or kind in ("submit", "button", "image", "reset"):
            if not any(f["kind"] == "submit" for f in self.form["fields"]):
                self.form["fields"].append({"name": a["name"], "kind": "submit", "value": a.get("value", "")})
            return
        entry = {"name": a["name"], "kind": kind, "value": a.get("value", ""), "accept": a.get("accept", ""),
                 "checked": "checked" in a, "required": "required" in a}
        if kind in ("checkbox", "radio") and not entry["checked"]:
            entry["value"] = None
        elif kind in ("checkbox", "radio") and "value" not in a:
            entry["value"] = "on"
        self.form["fields"].append(entry)
        if tag == "select":
            self.select, entry["value"] = entry, None
        if tag == "textarea":
            self.textarea = entry

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_data(self, data):
        if self.textarea is not None:
            self.textarea["value"] += data

    def option(self, a):
        if self.select is not None and (self.select["value"] is None or "selected" in a):
            self.select["value"] = a.get("value", "")


def parse(html: str) -> PageParser:
    parser = PageParser()
    parser.feed(html)
    return parser


def filled_value(field: dict) -> str:
    """What a person would type into a field the page left empty."""
    if field["value"]:
        return field["value"]
    today = dt.date.today()
    by_kind = {"email": f"fuzz-web{next(NAMES)}@example.org", "password": PASSWORD, "date": today.isoformat(),
               "datetime-local": dt.datetime.now().strftime("%Y-%m-%dT%H:%M"), "month": today.strftime("%Y-%m"),
               "number": "1"}
    if field["name"] in NAME_HINTS and not isinstance(NAME_HINTS[field["name"]], (dict, list)):
        return str(NAME_HINTS[field["name"]])
    return by_kind.get(field["kind"], f"fuzz{next(NAMES)}")


def file_cases(field: dict) -> list[tuple[str, tuple]]:
    if "csv" in field["accept"]:
        return [(label, ("readings.csv", body, "text/csv")) for label, body in csv_cases()[:12]]
    return [(label, (f"f.{kind.split('/')[-1]}", data, kind)) for label, data, kind in image_cases()]


class WebFuzzer:
    """A signed-in browser without a browser: cookie session, CSRF token, form submission."""

    def __init__(self, api, report, prober: Prober, anonymous: bool = False):
        self.api, self.report, self.prober, self.anonymous = api, report, prober, anonymous
        self.session = CountingSession(report)
        self.email = f"fuzz-web-{os.getpid()}-{next(NAMES)}@example.org"
        self.csrf = ""

    @property
    def url(self) -> str:
        return self.api.url

    def get(self, path: str) -> requests.Response:
        response = self.session.get(urljoin(self.url, path))
        token = next((f["value"] for form in parse(response.text).forms for f in form["fields"] if f["name"] == "csrf"), None)
        self.csrf = token or self.csrf
        return response

    def sign_up(self):
        """Register through the web form; a second call (the password was changed by a probe, the
        session lost in a restart) registers a new account."""
        self.session.cookies.clear()
        self.email = f"fuzz-web-{os.getpid()}-{next(NAMES)}@example.org"
        form = next(f for f in parse(self.get("/register").text).forms if f["id"] == "register-form")
        values = {"name": "Fuzz Web", "email": self.email, "password": PASSWORD, "csrf": self.csrf}
        response = self.session.post(urljoin(self.url, form["action"] or "/register"),
                                     files={k: (None, v) for k, v in values.items()})
        assert response.status_code in (302, 303) and response.headers.get("Location") == "/", response.text[:500]
        self.get("/")

    def give_objects(self):
        """One object of every kind for the web user, so that their pages have forms."""
        login = self.api.session.post(self.url + "/api/v1/login", json={"email": self.email, "password": PASSWORD})
        token = login.json()["token"]
        me = {"id": self.api.session.get(self.url + "/api/v1/me", headers={"Authorization": f"Bearer {token}"}).json()["id"],
              "email": self.email, "token": token}
        seed(self.api.doc, self.api.session, self.url, token, Context(user_a=me, user_b=self.api.user_b))

    def crawl(self, start: list[str], follow: bool = True) -> list[dict]:
        """Breadth-first over same-site links; returns every distinct form found."""
        seen, queue, forms = set(start), deque(start), {}
        while queue and len(seen) <= MAX_PAGES:
            path = queue.popleft()
            response = self.get(path)
            if "text/html" not in response.headers.get("Content-Type", ""):
                continue
            page = parse(response.text)
            for form in page.forms:
                form["page"] = path
                forms.setdefault(signature(form, path), form)
            for link in page.links if follow else []:
                target = urlsplit(urljoin(self.url + path, link))
                if target.netloc == urlsplit(self.url).netloc and target.path not in seen and not SKIP_LINK.search(target.path):
                    seen.add(target.path)
                    queue.append(target.path + (f"?{target.query}" if target.query else ""))
        self.report.count("web pages crawled", len(seen))
        return list(forms.values())

    def signed_in(self) -> bool:
        response = self.session.get(self.url + "/settings")
        return response.status_code == 200

    def submit(self, form: dict, probed: str, label: str, value: bytes | tuple) -> None:
        """Submit `form` with `value` in field `probed`, every other field as the page filled it."""
        fields = [f for f in form["fields"] if f["value"] is not None or f["kind"] in ("select", "file")]
        target = urljoin(self.url + form["page"], form["action"] or form["page"])
        where = f"{form['method'].upper()} {UUID.sub('{id}', urlsplit(target).path)} field {probed}"
        data = {}
        for field in fields:
            if field["name"] == probed:
                data[field["name"]] = value
            elif field["name"] == "csrf":
                data["csrf"] = self.csrf
            elif field["kind"] == "file":
                data[field["name"]] = ("photo.png", png(16, 12), "image/png")
            else:
                data[field["name"]] = filled_value(field)
        self.send(form, where, label, target, data)

    def send(self, form, where, label, target, data):
        if form["method"] == "get":
            response = self.prober.send(where, label, "GET", target, session=self.session, params={k: v for k, v in data.items() if not isinstance(v, tuple)})
        elif "multipart" in form["enctype"]:
            files = {k: v if isinstance(v, tuple) else (None, v) for k, v in data.items()}
            response = self.prober.send(where, label, "POST", target, session=self.session, files=files)
        else:
            response = self.prober.send(where, label, "POST", target, session=self.session, data=data)
        location = "" if response is None else response.headers.get("Location", "")
        if self.anonymous and (response is None or location == "/" or response.status_code == 403):
            self.session.cookies.clear()  # a probe signed us up or in: back to a stranger
            self.get(form["page"])
        elif not self.anonymous and (response is None or location.startswith("/login") or response.status_code == 403):
            self.recover()

    def recover(self):
        """Signed out (a probe ended the session): log in again; if even that is refused (the
        password was changed, logins from this address are throttled), sign up anew."""
        if self.anonymous or self.signed_in():
            return
        self.session.cookies.clear()
        self.get("/login")
        response = self.session.post(self.url + "/login", data={"csrf": self.csrf, "email": self.email, "password": PASSWORD})
        if response.headers.get("Location") != "/":
            self.sign_up()
        self.get("/")


def signature(form: dict, page: str) -> str:
    action = UUID.sub("{id}", form["action"] or page)
    return f"{form['method']} {action} " + ",".join(sorted(f["name"] for f in form["fields"]))


def probes(form: dict) -> list[tuple[str, list]]:
    """(field name, values) for every field worth probing: all but the CSRF token and buttons."""
    found = []
    for field in form["fields"]:
        if field["name"] == "csrf" or field["kind"] == "submit":
            continue
        values = file_cases(field) if field["kind"] == "file" else [(e.label, e.text) for e in EXTREMES]
        found.append((field["name"], values))
    return found


def test_web_forms(api, report):
    prober = Prober(api, "web forms", expect_json=False)
    stranger = WebFuzzer(api, report, prober, anonymous=True)
    member = WebFuzzer(api, report, prober)
    member.sign_up()
    member.give_objects()
    budget = LIMIT
    for fuzzer, forms in ((stranger, stranger.crawl(["/login", "/register"], follow=False)), (member, member.crawl(["/"]))):
        forms = [form for form in forms if form["method"] in ("get", "post") and not NEVER_SUBMIT.search(form["action"])]
        forms.sort(key=lambda form: bool(re.search(r"delete|leave|remove|revoke|clear", form["action"])))
        budget = fuzz_forms(fuzzer, forms, budget)
        budget = envelopes(fuzzer, forms, budget)
    report.count("web form probes sent", LIMIT - budget)
    prober.assert_clean()


def fuzz_forms(fuzzer: "WebFuzzer", forms: list[dict], budget: int) -> int:
    """One value for every field, then the next value for every field: a cap cuts evenly."""
    plan = [(form, name, values) for form in forms for name, values in probes(form)]
    fuzzer.report.count("web forms probed", len(forms))
    fuzzer.report.count("web form fields probed", len(plan))
    for index in range(max((len(values) for _, _, values in plan), default=0)):
        for form, name, values in plan:
            if index < len(values) and budget > 0:
                fuzzer.submit(form, name, *values[index])
                budget -= 1
        fuzzer.prober.end_batch(f"web form values #{index}")
        fuzzer.recover()
    return budget


def envelopes(fuzzer: WebFuzzer, forms: list[dict], budget: int) -> int:
    """Broken multipart bodies for every multipart form (CSRF token in its header, so that the
    handler, not the token check, reads the body)."""
    for form in (f for f in forms if "multipart" in f["enctype"]):
        file_field = next((f["name"] for f in form["fields"] if f["kind"] == "file"), "file")
        target = urljoin(fuzzer.url + form["page"], form["action"])
        where = f"POST {UUID.sub('{id}', urlsplit(target).path)} multipart envelope"
        for label, content_type, body in malformed_multipart(file_field):
            if budget <= 0:
                return budget
            budget -= 1
            fuzzer.prober.send(where, label, "POST", target, session=fuzzer.session, data=body,
                               headers={"Content-Type": content_type, "X-CSRF-Token": fuzzer.csrf})
        fuzzer.prober.end_batch(where)
        fuzzer.recover()
    return budget
