"""Issue 47, item 2, at 390 px: payments that catch mistakes. A problem stands beside its field
and the page opens there; a wrong IBAN keeps what was typed; the reference type follows the bill;
a bill paid again is asked about; "Send to the bank" shows the file's payments, count and sum
before it sends; a mistyped authenticator code can be typed again; the audit log reads in words;
the shortcut tiles are not hidden in a box that scrolls inside the page."""
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot
from helpers import fill, flash_after, register, submit
from test_payments import totp

SCHNEIDER = dict(beneficiaryAccount="CH44 3199 9123 0008 8901 2", beneficiaryName="Robert Schneider AG", beneficiaryStreet="Rue du Lac",
                 beneficiaryBuildingNumber="1268", beneficiaryPostalCode="2501", beneficiaryTown="Biel", amount="1949.75")
REFERENCE = "21 00000 00003 13947 14300 09017"


def in_view(browser, element):
    return browser.execute_script("const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight", element)


def fill_schneider(browser, reference):
    form = fill(browser, "payment-form", **SCHNEIDER)
    Select(form.find_element(By.NAME, "kind")).select_by_value("qr-bill")
    field = form.find_element(By.NAME, "reference")
    field.clear()
    field.send_keys(reference)
    return form


def send(browser, form):
    button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    old = browser.find_element(By.TAG_NAME, "html")
    button.click()
    WebDriverWait(browser, 10).until(EC.staleness_of(old))


def test_payments_catch_mistakes_on_a_phone(server, browser):
    url = server["url"]
    register(browser, url, "Wanda", "wanda.round2@example.org")
    browser.set_window_size(390, 844)

    # An authenticator: a mistyped code leaves the form to type it again, without a new key.
    browser.get(url + "/payments/authenticator")
    submit(browser.find_element(By.ID, "authenticator-start"))
    secret = WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "authenticator-secret"))).text
    flash_after(browser, lambda: submit(fill(browser, "authenticator-confirm", code="000000")), message=".error")
    assert browser.find_element(By.ID, "authenticator-awaiting").is_displayed()
    assert not browser.find_elements(By.ID, "authenticator-secret"), "the key is not shown again"
    if time.time() % 30 > 27:
        time.sleep(4)
    now = time.time()
    flash_after(browser, lambda: submit(fill(browser, "authenticator-confirm", code=totp(secret, now - 30))))
    assert browser.find_element(By.ID, "authenticator-state").is_displayed()
    browser.get(url + "/payments/whitelist")
    flash_after(browser, lambda: submit(fill(browser, "whitelist-form", account=SCHNEIDER["beneficiaryAccount"], name="Robert Schneider AG",
                                             town="Biel", code=totp(secret, now))))

    # A wrong IBAN keeps what was typed, with the problem beside it.
    browser.get(url + "/payments")
    send(browser, fill(browser, "account-form", name="Privatkonto", iban="CH93 0076 2011 6238 5295 8"))
    assert browser.find_element(By.ID, "account-iban").get_attribute("value") == "CH93 0076 2011 6238 5295 8"
    error = browser.find_element(By.ID, "error-accountIBAN")
    assert error.is_displayed() and in_view(browser, error), "the page opens at the problem"
    send(browser, fill(browser, "account-form", iban="CH93 0076 2011 6238 5295 7"))
    WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "payment-form")))

    # Typing a QR-IBAN sets the reference type; a wrong check digit is named at the reference.
    form = fill_schneider(browser, "21 00000 00003 13947 14300 09018")
    assert Select(form.find_element(By.NAME, "referenceType")).first_selected_option.get_attribute("value") == "QRR"
    send(browser, form)
    error = browser.find_element(By.ID, "error-reference")
    assert error.is_displayed() and in_view(browser, error), "the page opens at the problem, not 2,000 px above it"
    assert browser.find_element(By.ID, "payment-reference").get_attribute("aria-invalid") == "true"
    assert browser.find_element(By.ID, "payment-amount").get_attribute("aria-invalid") is None
    screenshot(browser, "57-payment-error-at-field-390")
    field = browser.find_element(By.ID, "payment-reference")
    field.clear()
    field.send_keys(REFERENCE)
    flash_after(browser, lambda: send(browser, browser.find_element(By.ID, "payment-form")))

    # The same bill again: asked, and made only when confirmed.
    send(browser, fill_schneider(browser, REFERENCE))
    warning = browser.find_element(By.ID, "error-duplicateConfirmed")
    assert "already have a payment for this bill" in warning.text and in_view(browser, warning)
    browser.find_element(By.ID, "payment-duplicate").click()
    flash_after(browser, lambda: send(browser, browser.find_element(By.ID, "payment-form")))

    # Send to the bank: the file's payments, count and sum first; then sent.
    execute = browser.find_element(By.ID, "execute-form")
    browser.execute_script("arguments[0].value = arguments[1]", execute.find_element(By.NAME, "date"),
                           browser.find_element(By.ID, "payment-form").find_element(By.NAME, "executionDate").get_attribute("value"))
    send(browser, execute)
    assert browser.find_element(By.ID, "execute-summary").text == "2 payments, CHF 3899.50"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#execute-payments li")) == 2
    confirm = browser.find_element(By.CSS_SELECTOR, "#execute-confirm button")
    assert confirm.text == "Send 2 payments, CHF 3899.50" and confirm.size["height"] >= 44
    screenshot(browser, "58-send-to-bank-confirm-390")
    assert "2 payments handed to the bank" in flash_after(browser, lambda: send(browser, browser.find_element(By.ID, "execute-confirm"))).text

    # The shortcut tiles are on the page, not in a box scrolling inside it.
    tiles = browser.find_element(By.CSS_SELECTOR, "#favourites .favourites")
    inner = browser.execute_script("const s = getComputedStyle(arguments[0]); return [s.overflowY, arguments[0].scrollHeight, arguments[0].clientHeight]", tiles)
    assert inner[0] == "visible" and inner[1] <= inner[2] + 1, inner

    # The audit log in words.
    browser.get(url + "/payments/audit")
    entries = browser.find_element(By.ID, "audit-entries").text
    assert "Payments sent to the bank" in entries and "Payment created" in entries and "Robert Schneider AG · CHF 1949.75" in entries
    assert "payment.create" not in entries and "{" not in entries
    screenshot(browser, "59-audit-in-words-390")
