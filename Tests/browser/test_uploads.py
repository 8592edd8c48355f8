"""Uploads in the browser (upload-progress.js): a file over the limit or of the wrong type is refused
in the page before anything is sent; a photo goes up with a progress bar and lands on the page the
server answered, with its flash message. Then the scan is named, found by search and deleted."""
import re
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot, wait
from helpers import fill, register, submit

PHOTO = Path(__file__).resolve().parents[1] / "ScanbookVisionTests" / "Fixtures" / "document-2.jpg"

# Records, across the page being replaced, whether a <progress> appeared and which flash messages
# showed: the flash is gone after the scan page's first self-refresh.
WATCH = """
sessionStorage.clear();
new MutationObserver(() => {
  if (document.querySelector('form progress')) sessionStorage.setItem('sawProgress', '1');
  const flash = [...document.querySelectorAll('.flash')].map((p) => p.textContent.trim()).join('|');
  if (flash) sessionStorage.setItem('flash', flash);
}).observe(document, { childList: true, subtree: true });
"""


def scan_rows(browser, url):
    browser.get(url + "/captures")
    return browser.find_elements(By.CSS_SELECTOR, "#captures li")


def test_too_large_or_wrong_files_are_refused_before_sending(server, browser, tmp_path):
    url = server["url"]
    register(browser, url, "Uma", "uma@example.org")
    big = tmp_path / "huge.jpg"
    big.write_bytes(b"\xff\xd8\xff\xe0" + b"\0" * 21_000_000)  # over the default 20 MB
    browser.get(url + "/captures")
    form = browser.find_element(By.ID, "capture-form")
    assert form.find_element(By.NAME, "image").get_attribute("data-max-bytes") == "20000000"
    form.find_element(By.NAME, "image").send_keys(str(big))
    browser.execute_script(WATCH)
    submit(form)
    problem = browser.find_element(By.CSS_SELECTOR, "#capture-form .upload-problem")
    assert "huge.jpg" in problem.text and "21 MB" in problem.text and "20 MB" in problem.text, problem.text
    assert browser.current_url == url + "/captures"
    assert not browser.find_elements(By.CSS_SELECTOR, "#capture-form progress"), "nothing was sent"
    screenshot(browser, "uploads-too-large")

    text = tmp_path / "notes.txt"
    text.write_text("not a photo")
    form.find_element(By.NAME, "image").send_keys(str(text))
    submit(form)
    problem = browser.find_element(By.CSS_SELECTOR, "#capture-form .upload-problem")
    assert "notes.txt" in problem.text and "JPEG, PNG" in problem.text, problem.text
    assert len(browser.find_elements(By.CSS_SELECTOR, ".upload-problem")) == 1, "one message at a time"
    assert browser.execute_script("return sessionStorage.getItem('sawProgress')") is None
    assert scan_rows(browser, url) == [], "no scan was created"


def test_upload_with_progress_then_title_search_and_delete(server, browser):
    url = server["url"]
    register(browser, url, "Vera", "vera@example.org")
    browser.get(url + "/captures")
    browser.execute_script(WATCH)
    form = browser.find_element(By.ID, "capture-form")
    form.find_element(By.NAME, "image").send_keys(str(PHOTO))
    submit(form)
    wait(browser, 20).until(EC.url_matches(re.escape(url) + r"/captures/[0-9A-Fa-f-]{36}$"))
    assert browser.execute_script("return sessionStorage.getItem('sawProgress')") == "1"
    assert "Photo uploaded." in (browser.execute_script("return sessionStorage.getItem('flash')") or "")
    scan_url = browser.current_url

    # The page the server answered keeps refreshing itself until the worker is done.
    wait(browser, 90).until(lambda d: d.find_element(By.ID, "capture-status").text in ("done", "failed"))
    assert browser.find_element(By.ID, "capture-status").text == "done"
    first_line = next(line.strip() for line in browser.find_element(By.ID, "ocr-text").text.splitlines() if line.strip())
    assert browser.find_element(By.ID, "capture-heading").text == first_line[:60], "the first recognized line"
    screenshot(browser, "uploads-done")

    submit(fill(browser, "capture-title-form", title="Heating contract 2025"))
    wait(browser, 10).until(lambda d: d.find_element(By.ID, "capture-heading").text == "Heating contract 2025")
    assert "Title saved." in browser.find_element(By.CSS_SELECTOR, ".flash").text

    for search, hits in (("heating CONTRACT", 1), ("zahlung adresse", 1), ("100%", 0)):
        browser.get(url + "/captures")
        field = browser.find_element(By.ID, "capture-search")
        field.send_keys(search)
        field.submit()
        wait(browser, 10).until(EC.url_contains("q="))
        rows = browser.find_elements(By.CSS_SELECTOR, "#captures li a")
        assert len(rows) == hits, search
        if hits:
            assert rows[0].text == "Heating contract 2025"

    browser.get(scan_url)
    browser.find_element(By.ID, "delete-capture").click()
    alert = WebDriverWait(browser, 5).until(EC.alert_is_present())
    assert "cannot be undone" in alert.text
    alert.accept()
    wait(browser, 10).until(EC.url_to_be(url + "/captures"))
    assert "Scan deleted." in browser.find_element(By.CSS_SELECTOR, ".flash").text
    assert scan_rows(browser, url) == []
    browser.get(scan_url)
    assert "Heating contract" not in browser.page_source
