"""The account journey of a new user, in a real browser against a running server."""
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot, wait
from helpers import fill, submit

AVATAR = Path(__file__).resolve().parents[1] / "ScanbookServerTests" / "Fixtures" / "avatar.png"


def test_register_login_language_and_profile_picture(server, browser):
    url = server["url"]
    browser.get(url + "/register")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"

    # A weak password is refused with the policy spelled out, and the form keeps the e-mail.
    submit(fill(browser, "register-form", name="Anna Muster", email="anna@example.org", password="sommersonne"))
    error = browser.find_element(By.CSS_SELECTOR, ".error").text
    assert "at least 2 of" in error
    assert browser.find_element(By.NAME, "email").get_attribute("value") == "anna@example.org"
    screenshot(browser, "01-register-weak-password")

    # A proper password creates the account and logs in.
    submit(fill(browser, "register-form", name="Anna Muster", email="anna@example.org", password="Sommer2025!"))
    WebDriverWait(browser, 10).until(EC.url_to_be(url + "/"))
    assert "Welcome, Anna Muster!" in browser.page_source
    screenshot(browser, "02-home")

    # Log out through the menu, then log in again.
    browser.find_element(By.CSS_SELECTOR, "details.menu summary").click()
    browser.find_element(By.ID, "logout").click()
    WebDriverWait(browser, 10).until(EC.url_contains("/login"))
    submit(fill(browser, "login-form", email="anna@example.org", password="wrong-Password1"))
    assert "E-mail or password is wrong." in browser.find_element(By.CSS_SELECTOR, ".error").text
    submit(fill(browser, "login-form", email="anna@example.org", password="Sommer2025!"))
    WebDriverWait(browser, 10).until(EC.url_to_be(url + "/"))

    # Switch the language in the settings; the choice sticks.
    browser.get(url + "/settings")
    browser.find_element(By.CSS_SELECTOR, "#language-select option[value=de]").click()
    submit(browser.find_element(By.ID, "language-form"))
    wait(browser, 10).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de")
    assert "Einstellungen" in browser.find_element(By.TAG_NAME, "h1").text
    browser.get(url + "/")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Übersicht"

    # Upload a profile picture and see it, loaded, in the settings and the top bar.
    browser.get(url + "/settings")
    browser.find_element(By.CSS_SELECTOR, "#avatar-form input[type=file]").send_keys(str(AVATAR))
    submit(browser.find_element(By.ID, "avatar-form"))
    WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "avatar")))
    assert "Profilbild wurde aktualisiert" in browser.page_source
    image = browser.find_element(By.ID, "avatar")
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) == 48
    assert browser.find_elements(By.CSS_SELECTOR, ".topbar img.avatar")
    screenshot(browser, "03-settings-with-avatar")


def test_another_user_cannot_open_the_picture(server, browser):
    """Ben registers in a second browser and gets a 404 page for Anna's picture URL."""
    from conftest import make_browser

    url = server["url"]
    anna = make_browser()
    try:
        anna.get(url + "/register")
        fill(anna, "register-form", name="Anna Zwei", email="anna2@example.org", password="Sommer2025!")
        anna.find_element(By.CSS_SELECTOR, "#register-form input[type=file]").send_keys(str(AVATAR))
        submit(anna.find_element(By.ID, "register-form"))
        WebDriverWait(anna, 10).until(EC.url_to_be(url + "/"))
        picture = anna.find_element(By.CSS_SELECTOR, ".topbar img.avatar").get_attribute("src")
    finally:
        anna.quit()

    browser.get(url + "/register")
    submit(fill(browser, "register-form", name="Ben", email="ben@example.org", password="Winter2026#"))
    WebDriverWait(browser, 10).until(EC.url_to_be(url + "/"))
    browser.get(picture)
    assert "This page does not exist" in browser.find_element(By.ID, "error-message").text
