"""Scanning in the browser: upload a photo, watch the job finish, read the recognized text."""
import json
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot, wait
from helpers import fill, submit

PHOTO = Path(__file__).resolve().parents[1] / "ScanbookVisionTests" / "Fixtures" / "document-2.jpg"


def test_upload_a_photo_and_see_its_text(server, browser):
    url = server["url"]
    browser.get(url + "/register")
    submit(fill(browser, "register-form", name="Clara", email="clara@example.org", password="Sommer2025!"))
    WebDriverWait(browser, 10).until(EC.url_to_be(url + "/"))

    browser.find_element(By.ID, "scan-link").click()
    form = browser.find_element(By.ID, "capture-form")
    form.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(PHOTO))
    submit(form)
    try:
        WebDriverWait(browser, 10).until(EC.url_contains("/captures/"))
    finally:
        screenshot(browser, "04-capture-uploaded")

    # The page reloads itself (Refresh header) until the worker is done.
    wait(browser, 90).until(lambda d: d.find_element(By.ID, "capture-status").text in ("done", "failed"))
    assert browser.find_element(By.ID, "capture-status").text == "done"
    text = browser.find_element(By.ID, "ocr-text").text
    truth = json.loads(PHOTO.with_suffix(".json").read_text())["text"]
    title = truth.splitlines()[0]
    assert title in text
    image = browser.find_element(By.ID, "page-image")
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) > 300
    screenshot(browser, "04-capture-done")

    browser.get(url + "/captures")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#captures li")) == 1
