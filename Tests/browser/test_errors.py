"""A photo over the upload limit gets a page in the app's layout (issue 26): the user's menu, the
limit in words and a way back to the form, not the raw 413 answer. The page script refuses such a
file before sending; this test removes that check first, as a browser without JavaScript would."""
import os

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from helpers import register


def test_an_oversized_photo_gets_a_friendly_page(server, browser, tmp_path):
    url = server["url"]
    register(browser, url, "Olga", "olga@example.org")
    browser.get(url + "/receipts")
    big = tmp_path / "huge.jpg"
    big.write_bytes(b"\xff\xd8\xff\xe0" + os.urandom(21_000_000))  # over the default 20 MB
    field = browser.find_element(By.CSS_SELECTOR, "form[enctype='multipart/form-data'] input[type=file]")
    form = field.find_element(By.XPATH, "ancestor::form")
    browser.execute_script(
        "for (const element of [arguments[0], arguments[1]]) for (const name of element.getAttributeNames())"
        " if (name.startsWith('data-')) element.removeAttribute(name);", form, field)
    field.send_keys(str(big))
    browser.execute_script("arguments[0].submit()", form)  # the plain post, without the page script
    message = WebDriverWait(browser, 30).until(EC.presence_of_element_located((By.ID, "error-message")))
    assert "20 MB" in message.text and "larger" in message.text
    assert browser.find_element(By.TAG_NAME, "h1").text == "File too large"
    assert browser.find_elements(By.CSS_SELECTOR, "details.menu"), "still signed in, with the menu"
    browser.find_element(By.ID, "error-try-again").click()
    WebDriverWait(browser, 10).until(EC.url_to_be(url + "/receipts"))


def test_every_upload_form_refuses_an_oversized_photo_before_sending(server, browser, tmp_path):
    """The page knows the server's limit (the layout carries it), so a receipt photo over it is
    refused beside its field at once, not after a long upload."""
    url = server["url"]
    register(browser, url, "Pia", "pia@example.org")
    browser.get(url + "/receipts")
    big = tmp_path / "huge.jpg"
    big.write_bytes(b"\xff\xd8\xff\xe0" + b"\0" * 21_000_000)
    field = browser.find_element(By.CSS_SELECTOR, "form[enctype='multipart/form-data'] input[type=file]")
    form = field.find_element(By.XPATH, "ancestor::form")
    field.send_keys(str(big))
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    problem = form.find_element(By.CSS_SELECTOR, ".upload-problem")
    assert "21 MB" in problem.text and "20 MB" in problem.text, problem.text
    assert browser.current_url == url + "/receipts"
