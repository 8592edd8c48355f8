"""Password reset by e-mail, with the mail caught by a tiny SMTP listener, and the administrators'
users page; and, on the shared server without a relay, the page that sends people to the administrator."""
import email
import email.policy
import os
import re
import shutil
import socketserver
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, free_port, screenshot
from helpers import PASSWORD, fill, flash_after, register, submit

NEW_PASSWORD = "Winter2026#"


class SMTPListener(socketserver.ThreadingTCPServer):
    """Plain SMTP on loopback (no TLS, no AUTH: the relay of a test), keeping each message."""
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), SMTPSession)
        self.messages: list[email.message.EmailMessage] = []
        self.envelopes: list[tuple[str, str]] = []

    def wait_for_message(self, count: int = 1, seconds: float = 15):
        deadline = time.time() + seconds
        while len(self.messages) < count and time.time() < deadline:
            time.sleep(0.1)
        assert len(self.messages) >= count, "no mail arrived"
        return self.messages[count - 1]


class SMTPSession(socketserver.StreamRequestHandler):
    def reply(self, line: str):
        self.wfile.write(line.encode() + b"\r\n")

    def handle(self):
        self.reply("220 test.invalid ESMTP")
        sender = recipient = ""
        while line := self.rfile.readline():
            command = line.decode().rstrip("\r\n")
            verb = command.split(" ", 1)[0].upper()
            if verb in ("EHLO", "HELO"):
                self.reply("250-test.invalid\r\n250 8BITMIME")
            elif verb == "MAIL":
                sender = command
                self.reply("250 ok")
            elif verb == "RCPT":
                recipient = command
                self.reply("250 ok")
            elif verb == "DATA":
                self.reply("354 end with .")
                lines = []
                while (data := self.rfile.readline()) not in (b".\r\n", b""):
                    # Undo the dot-stuffing (RFC 5321 4.5.2).
                    lines.append(data[1:] if data.startswith(b"..") else data)
                self.server.envelopes.append((sender, recipient))
                self.server.messages.append(email.message_from_bytes(b"".join(lines), policy=email.policy.default))
                self.reply("250 queued")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("500 unknown")


@pytest.fixture(scope="module")
def mail_server():
    """A second Scanbook whose relay is the listener (the shared `server` has none)."""
    listener = SMTPListener()
    threading.Thread(target=listener.serve_forever, daemon=True).start()
    binary = os.environ.get("SCANBOOK_BIN", str(ROOT / ".build" / "debug" / "scanbook"))
    data = tempfile.mkdtemp(prefix="scanbook-browser-mail-")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, SCANBOOK_DATA_DIR=data, SCANBOOK_BCRYPT_COST="4", LOG_LEVEL="warning",
               SCANBOOK_SMTP_URL=f"smtp://127.0.0.1:{listener.server_address[1]}",
               SCANBOOK_MAIL_FROM="Scanbook <scanbook@example.org>", SCANBOOK_PUBLIC_URL=base)
    env.pop("DATABASE_URL", None)
    log = open(Path(data) / "server.log", "w")
    process = subprocess.Popen([binary, "serve", "--hostname", "127.0.0.1", "--port", str(port)],
                               env=env, stdout=log, stderr=subprocess.STDOUT, cwd=data)
    deadline = time.time() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "/readyz", timeout=1) as response:
                if response.status == 200:
                    break
        except OSError:
            pass
        if process.poll() is not None or time.time() > deadline:
            process.kill()
            raise RuntimeError("server did not start:\n" + (Path(data) / "server.log").read_text())
        time.sleep(0.2)
    yield {"url": base, "smtp": listener}
    process.terminate()
    process.wait(timeout=10)
    log.close()
    listener.shutdown()
    listener.server_close()
    shutil.rmtree(data, ignore_errors=True)


def log_out(browser):
    browser.find_element(By.CSS_SELECTOR, "details.menu summary").click()
    browser.find_element(By.ID, "logout").click()
    WebDriverWait(browser, 10).until(EC.url_contains("/login"))


def test_forgotten_password_by_mail(mail_server, browser):
    url, smtp = mail_server["url"], mail_server["smtp"]
    sign_in_as_anna(browser, url)
    log_out(browser)
    register(browser, url, "Ben Muster", "ben@example.org")
    log_out(browser)

    browser.find_element(By.ID, "forgot-password-link").click()
    submit(fill(browser, "forgot-form", email="ben@example.org"))
    assert "If an account with this address exists" in browser.find_element(By.ID, "reset-sent").text
    screenshot(browser, "reset-01-sent")

    mail = smtp.wait_for_message()
    assert smtp.envelopes[0] == ("MAIL FROM:<scanbook@example.org>", "RCPT TO:<ben@example.org>")
    assert mail["To"] == "ben@example.org"
    assert mail["Subject"] == "Scanbook: set a new password"
    assert mail["Message-ID"] and mail["Date"]
    body = mail.get_content()
    assert "Hello Ben Muster" in body
    link = re.search(re.escape(url) + r"/password/reset/[A-Za-z0-9_-]+", body).group(0)

    browser.get(link)
    submit(fill(browser, "reset-form", new="short", confirm="short"))
    assert "at least 8 characters" in browser.find_element(By.CSS_SELECTOR, ".error").text
    submit(fill(browser, "reset-form", new=NEW_PASSWORD, confirm=NEW_PASSWORD))
    WebDriverWait(browser, 10).until(EC.url_contains("/login?reset=done"))
    assert "Your password has been set" in browser.find_element(By.ID, "login-notice").text
    screenshot(browser, "reset-02-done")

    submit(fill(browser, "login-form", email="ben@example.org", password=PASSWORD))
    assert "E-mail or password is wrong." in browser.find_element(By.CSS_SELECTOR, ".error").text
    submit(fill(browser, "login-form", email="ben@example.org", password=NEW_PASSWORD))
    WebDriverWait(browser, 10).until(EC.url_to_be(url + "/"))
    assert browser.find_elements(By.ID, "nav-users") == [], "no users page for Ben"

    # The link worked once.
    browser.get(link)
    assert "used already" in browser.find_element(By.ID, "reset-invalid").text

    # An unknown address gets the same answer, and no mail.
    log_out(browser)
    browser.get(url + "/password/forgot")
    submit(fill(browser, "forgot-form", email="nobody@example.org"))
    assert "If an account with this address exists" in browser.find_element(By.ID, "reset-sent").text
    time.sleep(1)
    assert len(smtp.messages) == 1


def sign_in_as_anna(browser, url):
    """Anna, the first account and so the administrator, whether or not the test before made her."""
    browser.get(url + "/register")
    submit(fill(browser, "register-form", name="Anna Admin", email="anna@example.org", password=PASSWORD))
    if "already" in browser.page_source:
        browser.get(url + "/login")
        submit(fill(browser, "login-form", email="anna@example.org", password=PASSWORD))
    WebDriverWait(browser, 10).until(EC.url_to_be(url + "/"))


def test_administrator_sets_a_password(mail_server, browser):
    url = mail_server["url"]
    sign_in_as_anna(browser, url)
    log_out(browser)
    register(browser, url, "Cleo", "cleo@example.org")
    log_out(browser)
    submit(fill(browser, "login-form", email="anna@example.org", password=PASSWORD))
    WebDriverWait(browser, 10).until(EC.url_to_be(url + "/"))
    browser.find_element(By.CSS_SELECTOR, "details.menu summary").click()
    browser.find_element(By.ID, "nav-users").click()
    row = browser.find_element(By.XPATH, "//li[contains(., 'cleo@example.org')]")
    row.find_element(By.TAG_NAME, "summary").click()
    form = row.find_element(By.CSS_SELECTOR, "form.user-password-form")
    form.find_element(By.NAME, "new").send_keys("Fruehling2028!")
    form.find_element(By.NAME, "confirm").send_keys("Fruehling2028!")
    screenshot(browser, "reset-03-users")
    assert "New password set for Cleo" in flash_after(browser, lambda: submit(form)).text
    log_out(browser)
    submit(fill(browser, "login-form", email="cleo@example.org", password="Fruehling2028!"))
    WebDriverWait(browser, 10).until(EC.url_to_be(url + "/"))


def test_without_a_relay_the_page_sends_people_to_the_administrator(server, browser):
    browser.get(server["url"] + "/login")
    browser.find_element(By.ID, "forgot-password-link").click()
    assert "ask the administrator" in browser.find_element(By.ID, "reset-ask-admin").text
    assert browser.find_elements(By.ID, "forgot-form") == []
