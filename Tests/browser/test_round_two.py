"""Issue 47 at 390 px (and the desktop layout at 1280 px): a budget table whose totals add up and
that fits a phone; rough edges (singular counts, what was typed kept after an error, a deleted
receipt's scan gone, no raw text keys, checkboxes a thumb can hit); the width used on a desktop."""
import datetime

from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from conftest import screenshot
from helpers import flash_after, register, submit
from test_receipts import add_typed_receipt


def categorize(browser, category):
    Select(browser.find_element(By.ID, "field-category")).select_by_visible_text(category)
    button = browser.find_element(By.ID, "save-receipt")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    flash_after(browser, button.click)


def set_budget(browser, url, category, amount):
    browser.get(url + "/receipts/categories")
    row = browser.find_element(By.CSS_SELECTOR, f"li.category[data-name='{category}']")
    row.find_element(By.NAME, "budget").send_keys(amount)
    flash_after(browser, row.find_element(By.CSS_SELECTOR, "button[type=submit]").click)


def test_the_budget_totals_add_up_and_the_table_fits_a_phone(server, browser):
    url = server["url"]
    register(browser, url, "Tilda", "tilda.round2@example.org")
    browser.set_window_size(390, 844)
    day = datetime.date.today().replace(day=3).isoformat()
    add_typed_receipt(browser, url, "40.00", day, "Migros")
    categorize(browser, "Groceries")
    add_typed_receipt(browser, url, "12.00", day, "Jumbo")
    categorize(browser, "Household")
    add_typed_receipt(browser, url, "66.10", day, "Kiosk")  # no category: outside every budget
    set_budget(browser, url, "Groceries", "100")
    set_budget(browser, url, "Household", "15")
    browser.get(url + "/receipts/budget")

    # Before: Spent 118.10, Budget 115.00, Remaining 63.00 in one row, which does not subtract.
    # Now the row with a budget subtracts (52.00 of 115.00 leaves 63.00, 45 %), all spending apart.
    assert browser.find_element(By.ID, "total-spent-budgeted").text == "52.00"
    assert browser.find_element(By.ID, "total-budget").text == "115.00"
    assert browser.find_element(By.ID, "total-remaining").text == "63.00"
    assert browser.find_element(By.CSS_SELECTOR, "#total-budgeted th:last-child").text == "45 %"
    assert browser.find_element(By.ID, "total-spent").text == "118.10"

    # The table fits: nothing scrolls sideways, and no name breaks inside a word ("Househol d").
    scroll = browser.find_element(By.CSS_SELECTOR, "#budget-table")
    fits = browser.execute_script(
        "const t = arguments[0], box = t.parentElement.getBoundingClientRect(), r = t.getBoundingClientRect();"
        "return r.right <= box.right + 0.5 && t.parentElement.scrollWidth <= t.parentElement.clientWidth + 1", scroll)
    if not fits:
        screenshot(browser, "55-budget-table-390")
    widths = browser.execute_script("const t = arguments[0]; return [t.getBoundingClientRect().width, t.parentElement.clientWidth, t.parentElement.scrollWidth]", scroll)
    assert fits, f"the budget table is wider than its card: {widths}"
    household = browser.find_element(By.XPATH, "//table[@id='budget-table']//td[normalize-space()='Household']")
    lines = browser.execute_script("const r = document.createRange(); r.selectNodeContents(arguments[0]); return r.getClientRects().length", household)
    assert lines == 1, f"'Household' is broken over {lines} lines"
    screenshot(browser, "55-budget-table-390")


def test_rough_edges_counts_typed_values_deleted_scans_and_touch_targets(server, browser):
    url = server["url"]
    register(browser, url, "Ugo", "ugo.round2@example.org")
    browser.set_window_size(390, 844)
    add_typed_receipt(browser, url, "9.90", "2026-03-03", "Papeterie Zürcher")
    categorize(browser, "Leisure")
    browser.get(url + "/receipts/categories")
    leisure = browser.find_element(By.CSS_SELECTOR, "li.category[data-name='Leisure']")
    assert "1 receipt" in leisure.text and "1 receipts" not in leisure.text
    # The carry-over checkbox with its label is a target a thumb hits.
    label = leisure.find_element(By.CSS_SELECTOR, "label.chip")
    assert label.size["height"] >= 44, label.size

    # A refused change keeps what was typed.
    browser.get(url + "/receipts?month=2026-03")
    browser.find_element(By.PARTIAL_LINK_TEXT, "Papeterie").click()
    total = browser.find_element(By.NAME, "total")
    total.clear()
    total.send_keys("zwölf")
    merchant = browser.find_element(By.NAME, "merchant")
    merchant.clear()
    merchant.send_keys("Papeterie am See")
    button = browser.find_element(By.ID, "save-receipt")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    flash_after(browser, button.click, message=".error")
    assert browser.find_element(By.NAME, "total").get_attribute("value") == "zwölf"
    assert browser.find_element(By.NAME, "merchant").get_attribute("value") == "Papeterie am See"

    # The Scan page names every kind in words, never by a text key.
    browser.get(url + "/captures")
    assert "capture_kind_" not in browser.page_source


def test_a_desktop_uses_its_width(server, browser):
    url = server["url"]
    register(browser, url, "Vita", "vita.round2@example.org")
    browser.set_window_size(1280, 900)
    add_typed_receipt(browser, url, "40.00", datetime.date.today().replace(day=3).isoformat(), "Migros")
    categorize(browser, "Groceries")
    browser.get(url + "/receipts/budget")
    main = browser.find_element(By.TAG_NAME, "main").size["width"]
    assert main >= 1100, f"main is {main} px wide"
    # The chart and its table side by side, the chart filling its column (it was at most 36rem).
    chart = browser.find_element(By.ID, "budget-chart")
    table = browser.find_element(By.ID, "budget-table")
    column = browser.execute_script("return arguments[0].parentElement.getBoundingClientRect().width / 2", chart)
    assert chart.size["width"] >= 0.9 * column, f"chart {chart.size['width']} px in a column of {column}"
    assert chart.location["x"] + chart.size["width"] <= table.location["x"], "the table stands beside the chart"
    # The menu no longer repeats the modules of the bar under it.
    browser.find_element(By.CSS_SELECTOR, "details.menu > summary").click()
    repeated = [link.text for link in browser.find_elements(By.CSS_SELECTOR, "details.menu nav a.module-link") if link.is_displayed()]
    assert repeated == []
    assert browser.find_element(By.ID, "logout").is_displayed()
    screenshot(browser, "56-desktop-1280")
