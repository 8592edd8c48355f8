"""Issue 45 at a phone's width: a CHF list with a EUR expense at the rate paid, a recurring expense
added once however often the sweep runs, a budget that carries unspent money over, and a
warranty reminder shown once."""
import datetime
import os
import sqlite3
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_browser, screenshot
from helpers import create_list, fill, flash_after, invite_and_join, register, submit
from test_receipts import add_typed_receipt
from test_shared_receipts import balance

BINARY = os.environ.get("SCANBOOK_BIN", str(Path(__file__).resolve().parents[2] / ".build" / "debug" / "scanbook"))


def sweep(data: Path):
    """`scanbook maintenance` on the server's data, as a second instance would run it."""
    environment = dict(os.environ, SCANBOOK_DATA_DIR=str(data), LOG_LEVEL="error")
    environment.pop("DATABASE_URL", None)
    result = subprocess.run([BINARY, "maintenance"], capture_output=True, text=True, env=environment, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def in_view(driver, element):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    return element


def test_a_euro_expense_on_a_franc_list_and_a_recurring_rent(server, browser):
    url = server["url"]
    register(browser, url, "Vera", "vera.money@example.org")
    browser.set_window_size(390, 844)
    walter = make_browser()
    try:
        register(walter, url, "Walter", "walter.money@example.org")
        create_list(browser, url, "Ferien")
        invite_and_join(browser, url, walter, "walter.money@example.org", "Ferien")
        for driver in (browser, walter):
            driver.find_element(By.ID, "expenses-link").click()
            WebDriverWait(driver, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "open")
        assert "CHF" in browser.find_element(By.ID, "balances").text

        # The hotel was paid in euros at 0.9412: 45.50 EUR is 42.82 CHF, half each.
        form = browser.find_element(By.ID, "expense-add")
        form.find_element(By.NAME, "description").send_keys("Hotel")
        form.find_element(By.NAME, "amount").send_keys("45.50")
        in_view(browser, form.find_element(By.CSS_SELECTOR, "details.paid-in > summary")).click()
        form.find_element(By.NAME, "currency").send_keys("EUR")
        form.find_element(By.NAME, "rate").send_keys("0.9412")
        flash_after(browser, lambda: submit(form))
        assert balance(browser, "Vera") == "+21.41" and balance(browser, "Walter") == "-21.41"
        assert "EUR 45.50 at 0.9412" in browser.find_element(By.ID, "expenses").text
        WebDriverWait(walter, 10).until(lambda d: balance(d, "Walter") == "-21.41")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        screenshot(browser, "47-euro-expense")

        # The rent repeats monthly from today: today's is added at once, and sweeping again (two
        # instances at the same moment) adds nothing more.
        in_view(browser, browser.find_element(By.CSS_SELECTOR, "#recurring-section summary")).click()
        flash_after(browser, lambda: submit(fill(browser, "recurring-add", description="Miete", amount="1200.00")))
        assert "Miete" in browser.find_element(By.ID, "recurring").text
        with ThreadPoolExecutor(max_workers=2) as pool:
            list(pool.map(sweep, [server["data"], server["data"]]))
        browser.refresh()
        assert browser.find_element(By.ID, "expenses").text.count("Miete") == 1
        assert balance(browser, "Vera") == "+621.41"
        WebDriverWait(walter, 10).until(lambda d: balance(d, "Walter") == "-621.41")
        screenshot(browser, "48-recurring-rent")
    finally:
        walter.quit()


def test_a_budget_carries_over_and_a_warranty_is_reminded_once(server, browser):
    url = server["url"]
    register(browser, url, "Xenia", "xenia.money@example.org")
    browser.set_window_size(390, 844)
    today = datetime.date.today()
    last_month = (today.replace(day=1) - datetime.timedelta(days=1)).replace(day=5)

    # Last month 130.00 on groceries; the budget is 200.00 and carries over since last month.
    add_typed_receipt(browser, url, "130.00", last_month.isoformat(), "Migros")
    Select(browser.find_element(By.ID, "field-category")).select_by_visible_text("Groceries")
    flash_after(browser, in_view(browser, browser.find_element(By.ID, "save-receipt")).click)
    browser.get(url + "/receipts/categories")
    row = browser.find_element(By.CSS_SELECTOR, "li.category[data-name='Groceries']")
    row.find_element(By.NAME, "budget").send_keys("200")
    in_view(browser, row.find_element(By.NAME, "carryOver")).click()
    flash_after(browser, row.find_element(By.CSS_SELECTOR, "button[type=submit]").click)
    assert browser.find_element(By.CSS_SELECTOR, "li.category[data-name='Groceries'] input[name=carryOver]").is_selected()
    # Switched on a month ago, as a person would have done then.
    database = sqlite3.connect(server["data"] / "scanbook.sqlite")
    database.execute("UPDATE receipt_categories SET carry_over_since = ? WHERE name = 'Groceries' AND owner_id = "
                     "(SELECT id FROM users WHERE email = 'xenia.money@example.org')", (last_month.strftime("%Y-%m"),))
    database.commit()
    database.close()
    browser.get(url + "/receipts/budget")
    assert browser.find_element(By.ID, "total-budget").text == "270.00"
    assert "incl. 70.00 carried over" in browser.find_element(By.CSS_SELECTOR, "#budget-table, table.data").text
    screenshot(browser, "49-budget-carried-over")

    # A receipt whose warranty ends in ten days: the sweep reminds of it once, in the app.
    add_typed_receipt(browser, url, "499.00", today.isoformat(), "Fust")
    warranty = browser.find_element(By.ID, "field-warranty")
    browser.execute_script("arguments[0].value = arguments[1]", warranty, (today + datetime.timedelta(days=10)).isoformat())
    flash_after(browser, in_view(browser, browser.find_element(By.ID, "save-receipt")).click)
    sweep(server["data"])
    sweep(server["data"])
    database = sqlite3.connect(server["data"] / "scanbook.sqlite")
    reminded = database.execute("SELECT COUNT(*) FROM warranty_reminders WHERE owner_id = "
                                "(SELECT id FROM users WHERE email = 'xenia.money@example.org')").fetchone()[0]
    database.close()
    assert reminded == 1, "reminded once"
    browser.get(url + "/receipts")
    reminders = browser.find_element(By.ID, "warranty-reminders").text
    assert reminders.count("Fust") == 1 and "warranty" in reminders
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    screenshot(browser, "50-warranty-reminder")
