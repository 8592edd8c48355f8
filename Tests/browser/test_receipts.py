"""The receipt journey: photograph a receipt, check and correct it, budget it, see the month change."""
import json
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot, wait
from helpers import fill, flash_after, register, submit

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
    flash_after(browser, browser.find_element(By.ID, "save-receipt").click)
    assert browser.find_element(By.ID, "field-total").get_attribute("value") == "130.00"
    assert browser.find_element(By.ID, "receipt-state").text == "Checked"

    # Without a budget the month shows the spending only.
    browser.get(f"{url}/receipts/budget?month={month}")
    assert month_figures(browser) == {"spent": "130.00", "budget": "–", "remaining": "–"}

    # A budget for Groceries changes the month view.
    browser.find_element(By.LINK_TEXT, "Categories").click()
    row = browser.find_element(By.CSS_SELECTOR, "li.category[data-name='Groceries']")
    budget = row.find_element(By.NAME, "budget")
    budget.clear()
    budget.send_keys("200")
    flash_after(browser, row.find_element(By.CSS_SELECTOR, "button[type=submit]").click)
    browser.get(f"{url}/receipts/budget?month={month}")
    assert month_figures(browser) == {"spent": "130.00", "budget": "200.00", "remaining": "70.00"}
    assert browser.find_elements(By.CSS_SELECTOR, "#budget-chart rect.bar-spent")
    screenshot(browser, "06-receipt-month")

    # The receipt is listed in its month, and the export has it.
    browser.get(f"{url}/receipts?month={month}")
    assert browser.find_element(By.ID, "month-total").text == "130.00"
    browser.get(receipt_url)
    assert browser.find_element(By.ID, "receipt-image")


def add_typed_receipt(browser, url, total, date, merchant):
    """A receipt without a photo, through the manual form on the receipts page."""
    browser.get(url + "/receipts")
    form = browser.find_element(By.ID, "receipt-manual")
    if not form.is_displayed():
        browser.find_element(By.CSS_SELECTOR, "details:has(#receipt-manual) > summary").click()
    fill(browser, "receipt-manual", total=total, merchant=merchant)
    # A date field's typing order depends on the browser's locale: set its value as the field sends it.
    browser.execute_script("arguments[0].value = arguments[1]", form.find_element(By.NAME, "date"), date)
    flash_after(browser, lambda: submit(form))


def test_reach_april_2018_in_a_tap_and_find_a_receipt_of_another_month(server, browser):
    url = server["url"]
    register(browser, url, "Elsa", "elsa@example.org")  # the browser tests share one server: a name of its own
    add_typed_receipt(browser, url, "12.50", "2018-04-12", "Bergsport Huber")
    add_typed_receipt(browser, url, "9.90", "2026-03-03", "Papeterie Zürich")

    # From today's month, April 2018 is one tap in the month index (two if it starts folded).
    browser.get(url + "/receipts")
    taps = 0
    index = browser.find_element(By.ID, "month-index")
    if index.get_attribute("open") is None:
        index.find_element(By.TAG_NAME, "summary").click()
        taps += 1
    index.find_element(By.CSS_SELECTOR, "a[data-month='2018-04']").click()
    taps += 1
    wait(browser, 10).until(lambda d: d.find_element(By.ID, "month-label").text == "April 2018")
    assert taps <= 3
    assert "Bergsport Huber" in browser.find_element(By.ID, "receipts").text
    assert browser.find_element(By.ID, "previous-month") and browser.find_element(By.ID, "next-month")

    # The month field: choose a month, show it (two interactions).
    browser.get(url + "/receipts")
    field = browser.find_element(By.ID, "month-input")
    browser.execute_script("arguments[0].value = '2018-04'", field)
    browser.find_element(By.CSS_SELECTOR, "#month-picker button[type=submit]").click()
    wait(browser, 10).until(lambda d: d.find_element(By.ID, "month-label").text == "April 2018")
    screenshot(browser, "07-receipts-april-2018")

    # A search from April 2018 finds the receipt of March 2026, with its date and a link to it.
    search = browser.find_element(By.ID, "search-q")
    search.send_keys("papeterie")
    browser.find_element(By.ID, "search-submit").click()
    wait(browser, 10).until(lambda d: d.find_elements(By.ID, "search-summary"))
    results = browser.find_element(By.ID, "receipts").text
    assert "Papeterie Zürich" in results and "2026-03-03" in results and "Bergsport" not in results
    screenshot(browser, "08-receipts-search")
    browser.find_element(By.LINK_TEXT, "Papeterie Zürich").click()
    wait(browser, 10).until(lambda d: d.find_elements(By.ID, "receipt-form"))
    assert browser.find_element(By.ID, "field-date").get_attribute("value") == "2026-03-03"

    # Clearing the search goes back to the month it started from.
    browser.back()
    browser.find_element(By.ID, "clear-search").click()
    wait(browser, 10).until(lambda d: d.find_element(By.ID, "month-label").text == "April 2018")
    assert not browser.find_elements(By.ID, "search-summary")

    # On a phone (320 and 390 px) the picker, the open month index and every search field fit,
    # also with a shop name of 80 unbroken characters among the results.
    from test_layout import PHONES, check_page, emulate, long_name
    add_typed_receipt(browser, url, "1234.50", "2019-07-01", long_name("Shop"))
    problems = []
    for width, height in PHONES:
        emulate(browser, width, height)
        check_page(browser, url + "/receipts?month=2030-01", "receipts with the month index open", width, problems)
        check_page(browser, url + "/receipts?q=shop&min=1000&from=2019-01-01", "receipt search with every field", width, problems)
        assert browser.find_element(By.ID, "search-min").is_displayed()
    assert not problems, "\n".join(problems)
