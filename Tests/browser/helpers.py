"""What the browser tests share: filling and sending forms, registering."""
import time

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

PASSWORD = "Sommer2025!"


def fill(driver, form_id: str, **fields):
    form = driver.find_element(By.ID, form_id)
    for name, value in fields.items():
        field = form.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)
    return form


def submit(form):
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


def register(browser, url, name, email):
    """Registers and waits for the home page. The browser tests share one server, so each test needs
    addresses of its own; a refusal is reported with the page's message."""
    browser.get(url + "/register")
    submit(fill(browser, "register-form", name=name, email=email, password=PASSWORD))
    try:
        WebDriverWait(browser, 10).until(EC.url_to_be(url + "/"))
    except TimeoutException:
        errors = [element.text for element in browser.find_elements(By.CSS_SELECTOR, ".flash, .error")]
        raise AssertionError(f"registering {email} did not reach the home page: {errors or browser.current_url}")


def flash_after(driver, action, timeout=10, message=".flash-success"):
    """Runs `action` (a click that posts a form) and returns the message (by default the success
    message) of the page it leads to. The old page may still show an earlier message, which a plain
    wait would take at once: the old document going stale tells when the new one is there."""
    old_page = driver.find_element(By.TAG_NAME, "html")
    action()
    WebDriverWait(driver, timeout).until(EC.staleness_of(old_page))
    return WebDriverWait(driver, timeout).until(EC.presence_of_element_located((By.CSS_SELECTOR, message)))


def until_not_stale(action, attempts=5):
    """Runs `action` again when a live page swapped the element it used out from under it."""
    for attempt in range(attempts):
        try:
            return action()
        except StaleElementReferenceException:
            if attempt == attempts - 1:
                raise
            time.sleep(0.2)


def create_list(browser, url, name):
    """A new shared list made on the lists page; returns its address."""
    browser.get(url + "/lists")
    form = browser.find_element(By.ID, "list-create")
    form.find_element(By.NAME, "name").send_keys(name)
    submit(form)
    WebDriverWait(browser, 10).until(EC.text_to_be_present_in_element((By.ID, "list-name"), name))
    return browser.current_url


def invite_and_join(owner, url, member, email, list_name):
    """The owner, on the list's page, invites `email`; the member joins from the lists page."""
    def invite():
        form = owner.find_element(By.ID, "invite")
        form.find_element(By.NAME, "email").send_keys(email)
        submit(form)
    flash_after(owner, lambda: until_not_stale(invite))
    member.get(url + "/lists")
    member.find_element(By.ID, "invitations").find_element(By.XPATH, ".//button[normalize-space()='Join']").click()
    WebDriverWait(member, 10).until(EC.text_to_be_present_in_element((By.ID, "list-name"), list_name))
