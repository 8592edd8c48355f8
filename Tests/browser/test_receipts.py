"""The receipt journey: photograph a receipt, check and correct it, budget it, see the month change."""
import json
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot, wait
from helpers import fill, submit

FIXTURES = Path(__file__).resolve().parents[1] / "ScanbookServerTests" / "Fixtures"
PHOTO = FIXTURES / "receipt-coop.jpg"


def month_figures(browser):
    return {key: browser.find_element(By.ID, f"total-{key}").text for key in ("spent", "budget", "remaining")}


def test_upload_correct_categorize_and_budget_a_receipt(server, browser):
    url = server["url"]
    truth = json.loads(PHOTO.with_suffix(".json").read_text())
    month = truth["date"][:7]
    browser.get(url + "/register")
    submit(fill(browser, "register-form", name="Dora", email="dora@example.org", password="Sommer2025!"))
    WebDriverWait(browser, 10).until(EC.url_to_be(url + "/"))

    browser.get(url + "/receipts")
    form = browser.find_element(By.ID, "receipt-upload")
    form.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(PHOTO))
    submit(form)
    WebDriverWait(browser, 10).until(EC.url_contains("/receipts/"))
    receipt_url = browser.current_url

    # The page reloads itself until the photo is read, then shows the fields to check.
    wait(browser, 90).until(lambda d: d.find_elements(By.ID, "receipt-form"))
    assert browser.find_element(By.ID, "field-total").get_attribute("value") == truth["total"]
    assert browser.find_element(By.ID, "field-date").get_attribute("value") == truth["date"]
    assert truth["merchant"] in browser.find_element(By.ID, "field-merchant").get_attribute("value")
    assert browser.find_element(By.ID, "ocr-text").text.strip()
    screenshot(browser, "05-receipt-read")

    # Correct the total, choose a category, save.
    total = browser.find_element(By.ID, "field-total")
    total.clear()
    total.send_keys("130.00")
    Select(browser.find_element(By.ID, "field-category")).select_by_visible_text("Groceries")
    browser.find_element(By.ID, "save-receipt").click()
    WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".flash-success")))
    assert browser.find_element(By.ID, "field-total").get_attribute("value") == "130.00"
    assert browser.find_element(By.ID, "receipt-state").text == "Checked"

    # Without a budget the month shows the spending only.
    browser.get(f"{url}/receipts/budget?month={month}")
    assert month_figures(browser) == {"spent": "130.00", "budget": "0.00", "remaining": "0.00"}

    # A budget for Groceries changes the month view.
    browser.find_element(By.LINK_TEXT, "Categories").click()
    row = browser.find_element(By.CSS_SELECTOR, "li.category[data-name='Groceries']")
    budget = row.find_element(By.NAME, "budget")
    budget.clear()
    budget.send_keys("200")
    row.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".flash-success")))
    browser.get(f"{url}/receipts/budget?month={month}")
    assert month_figures(browser) == {"spent": "130.00", "budget": "200.00", "remaining": "70.00"}
    assert browser.find_elements(By.CSS_SELECTOR, "#budget-chart rect.bar-spent")
    screenshot(browser, "06-receipt-month")

    # The receipt is listed in its month, and the export has it.
    browser.get(f"{url}/receipts?month={month}")
    assert browser.find_element(By.ID, "month-total").text == "130.00"
    browser.get(receipt_url)
    assert browser.find_element(By.ID, "receipt-image")
