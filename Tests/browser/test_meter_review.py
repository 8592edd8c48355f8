"""Issue 47, item 1, at 390 px: a misread reading (99999.9) is flagged and stays out of the period's
consumption, cost and chart until confirmed; its "It is right" button is on screen, not in a table
that scrolls sideways."""
import datetime
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot
from helpers import flash_after, register, submit
from test_meters import create_meter


def test_a_flagged_reading_counts_only_once_confirmed_and_its_actions_are_in_reach(server, browser):
    url = server["url"]
    register(browser, url, "Rosa", "rosa.meter@example.org")
    browser.set_window_size(390, 844)
    page = create_meter(browser, url, "Strom Keller", "meter-blue-reference.jpg", digits="6", decimals="1")
    today = datetime.date.today()
    rows = [(60, "100.0"), (45, "131.0"), (30, "162.0"), (15, "99999.9"), (1, "190.0")]
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as csv:
        csv.write("date,value\n" + "".join(f"{today - datetime.timedelta(days=days)},{value}\n" for days, value in rows))
    form = browser.find_element(By.ID, "import-csv")
    form.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(csv.name)
    message = flash_after(browser, lambda: submit(form))
    assert "5" in message.text, message.text
    WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "to-review")))
    browser.get(page)

    # Out of the total until confirmed: 190.0 − 100.0, not a jump to 99,999.9.
    assert browser.find_element(By.ID, "period-total").text.startswith("90.0")
    flagged = browser.find_element(By.CSS_SELECTOR, "#readings tr.over")
    assert "not counted until confirmed" in flagged.text
    assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    button = flagged.find_element(By.XPATH, ".//button[normalize-space()='It is right']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    right = browser.execute_script("const r = arguments[0].getBoundingClientRect(); return r.right", button)
    assert right <= browser.execute_script("return window.innerWidth"), f"the button ends at {right} px"
    assert button.size["height"] >= 44
    screenshot(browser, "54-meter-flagged-reading")

    # Confirmed, it counts.
    old = browser.find_element(By.TAG_NAME, "html")
    button.click()
    WebDriverWait(browser, 10).until(EC.staleness_of(old))
    browser.get(page)
    assert not browser.find_elements(By.CSS_SELECTOR, "#readings tr.over")
    assert not browser.find_element(By.ID, "period-total").text.startswith("90.0")
    Path(csv.name).unlink()
