"""Fixtures for the browser tests: a real Scanbook server on a free loopback port with a fresh data
directory, and headless Chromium driven by Selenium."""
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.errorhandler import ErrorHandler
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / ".build" / "browser-screenshots"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server():
    binary = os.environ.get("SCANBOOK_BIN", str(ROOT / ".build" / "debug" / "scanbook"))
    data = tempfile.mkdtemp(prefix="scanbook-browser-")
    port = free_port()
    # Every test registers its own users from 127.0.0.1: more than the default 10 an hour.
    env = dict(os.environ, SCANBOOK_DATA_DIR=data, SCANBOOK_BCRYPT_COST="4", LOG_LEVEL="warning",
               SCANBOOK_REGISTRATIONS_PER_HOUR="1000")
    env.pop("DATABASE_URL", None)
    log = open(Path(data) / "server.log", "w")
    process = subprocess.Popen([binary, "serve", "--hostname", "127.0.0.1", "--port", str(port)],
                               env=env, stdout=log, stderr=subprocess.STDOUT, cwd=data)
    base = f"http://127.0.0.1:{port}"
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
    yield {"url": base, "data": Path(data)}
    process.terminate()
    process.wait(timeout=10)
    log.close()
    shutil.rmtree(data, ignore_errors=True)


class ReplacedNodeIsStale(ErrorHandler):
    """Chromedriver sometimes reports an element of a page being replaced as an "unknown error"
    ("Node with given id does not belong to the document") rather than as a stale element. Said
    as what it is, every wait (ours, WebDriverWait's expected conditions, `until_not_stale`)
    looks again instead of failing; two CI runs failed on it in different waits."""

    def check_response(self, response):
        try:
            super().check_response(response)
        except StaleElementReferenceException:
            raise
        except WebDriverException as error:
            if "does not belong to the document" in (error.msg or ""):
                raise StaleElementReferenceException(error.msg, error.screen, error.stacktrace) from error
            raise


def make_browser(language: str = "en-US"):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=412,915", f"--lang={language}"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    # The console, to catch anything the Content-Security-Policy blocked (see `browser`).
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.error_handler = ReplacedNodeIsStale()
    driver.implicitly_wait(5)
    return driver


@pytest.fixture
def browser():
    driver = make_browser()
    yield driver
    try:
        blocked = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry.get("message", "")]
    finally:
        driver.quit()
    # Scripts and styles come from files only: a page that needs an inline one breaks under the policy.
    assert not blocked, f"blocked by the Content-Security-Policy: {blocked}"


def screenshot(driver, name: str):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def wait(driver, seconds: float):
    """A WebDriverWait that keeps polling while the page is replaced under it (a form's redirect,
    the Refresh header of a page that waits for a job): elements of the old page go stale."""
    return WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException))
