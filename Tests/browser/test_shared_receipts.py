"""Issue 45: from the shop to the shared account. A receipt photo is read, its items are split
among three members of a list (one item shared by two), the shopping list is ticked off, and the
balances are right to the cent on the members' pages, the others' by themselves (live)."""
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_browser, screenshot, wait
from helpers import create_list, flash_after, invite_and_join, register, submit, until_not_stale

PHOTO = Path(__file__).resolve().parents[1] / "ScanbookServerTests" / "Fixtures" / "receipt-coop.jpg"


def cents(text):
    """'1,234.50', '1’234.50' or '-12.00' (as the pages write amounts) in cents."""
    digits = text.replace(",", "").replace("’", "").replace("'", "").replace("+", "").strip()
    negative = digits.startswith("-")
    whole, _, fraction = digits.lstrip("-").partition(".")
    value = int(whole) * 100 + int((fraction + "00")[:2])
    return -value if negative else value


def split_lines(lines, everyone):
    """Each member's part of `lines` ((cents, members or [] for everyone)), by the rule the page
    states: equal parts per line, a line's odd cents to its members who have had the fewest so
    far, the member listed first on a tie. The lines add up to the total here, so nothing is left
    to spread in proportion."""
    parts = {name: 0 for name in everyone}
    odd = {name: 0 for name in everyone}
    for amount, members in lines:
        members = members or everyone
        each, left = divmod(amount, len(members))
        for name in members:
            parts[name] += each
        for name in sorted(members, key=lambda name: (odd[name], everyone.index(name)))[:left]:
            parts[name] += 1
            odd[name] += 1
    return parts


def balance(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f"#balances tr[data-name='{name}'] td.num").text


def test_a_receipt_is_split_item_by_item_and_the_shopping_list_ticked_off(server, browser):
    url = server["url"]
    register(browser, url, "Ines", "ines.split@example.org")
    browser.set_window_size(390, 844)
    ben, carla = make_browser(), make_browser()
    try:
        register(ben, url, "Ben", "ben.split@example.org")
        register(carla, url, "Carla", "carla.split@example.org")
        list_url = create_list(browser, url, "WG Seefeld")
        for name in ("Kaffee", "Bananen", "Zahnpasta"):
            browser.find_element(By.ID, "item-name").send_keys(name)
            submit(browser.find_element(By.ID, "item-add"))
            WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, f"#open-items li[data-name='{name}']")))
        invite_and_join(browser, url, ben, "ben.split@example.org", "WG Seefeld")
        browser.get(list_url)
        invite_and_join(browser, url, carla, "carla.split@example.org", "WG Seefeld")

        # Ben keeps the list's expenses page open.
        ben.find_element(By.ID, "expenses-link").click()
        WebDriverWait(ben, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "open")

        # Ines photographs the receipt; once read, its page offers the split on her list.
        browser.get(url + "/receipts")
        upload = browser.find_element(By.ID, "receipt-upload")
        upload.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(PHOTO))
        submit(upload)
        WebDriverWait(browser, 10).until(EC.url_contains("/receipts/"))
        receipt_url = browser.current_url
        wait(browser, 90).until(lambda d: d.find_elements(By.ID, "split-receipt"))
        total = cents(browser.find_element(By.ID, "field-total").get_attribute("value"))
        action = browser.find_element(By.ID, "split-receipt")
        Select(action.find_element(By.NAME, "list")).select_by_visible_text("WG Seefeld")
        action.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "receipt-split")))

        # One row per line the reader found, a chip per member; nothing scrolls sideways at 390 px.
        rows = [row for row in browser.find_elements(By.CSS_SELECTOR, "fieldset.split-line")
                if row.find_element(By.CSS_SELECTOR, "input[name^=amount]").get_attribute("value")]
        # A name may come twice (two packs of pasta): the first row of each name is the one assigned.
        lines = {}
        for row in rows:
            lines.setdefault(row.find_element(By.CSS_SELECTOR, "input[name^=name]").get_attribute("value"), row)
        assert {"Kaffee", "Bananen", "Nudeln"} <= set(lines), list(lines)
        assert sum(cents(row.find_element(By.CSS_SELECTOR, "input[name^=amount]").get_attribute("value")) for row in rows) == total
        members = [chip.text.strip() for chip in rows[0].find_elements(By.CSS_SELECTOR, "label.chip")]
        assert sorted(members) == ["Ben", "Carla", "Ines"], members
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390

        def assign(line, *names):
            for chip in lines[line].find_elements(By.CSS_SELECTOR, "label.chip"):
                if chip.text.strip() in names:
                    # Clicked where a thumb would: in the middle of the screen, clear of the sticky bar.
                    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", chip)
                    chip.click()
        assign("Nudeln", "Ines")
        assign("Kaffee", "Ben", "Carla")
        assign("Bananen", "Carla")
        # The list's coffee and bananas are offered to tick off; the toothpaste was not on the receipt.
        offers = browser.find_element(By.ID, "tick-off")
        assert "Kaffee" in offers.text and "Bananen" in offers.text and "Zahnpasta" not in offers.text
        assert all(box.is_selected() for box in offers.find_elements(By.CSS_SELECTOR, "input[type=checkbox]"))
        screenshot(browser, "45-receipt-split")

        # What each member should owe, worked out here from the page's lines.
        assignments = {"Nudeln": ["Ines"], "Kaffee": ["Ben", "Carla"], "Bananen": ["Carla"]}
        split = [(cents(row.find_element(By.CSS_SELECTOR, "input[name^=amount]").get_attribute("value")),
                  assignments.get(name, []) if lines.get(name) == row else [])
                 for row in rows for name in [row.find_element(By.CSS_SELECTOR, "input[name^=name]").get_attribute("value")]]
        parts = split_lines(split, members)
        assert sum(parts.values()) == total

        save = browser.find_element(By.ID, "save-split")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", save)
        flash_after(browser, save.click)
        assert browser.current_url.endswith("/expenses")
        assert cents(balance(browser, "Ines")) == total - parts["Ines"]
        assert cents(balance(browser, "Ben")) == -parts["Ben"] and cents(balance(browser, "Carla")) == -parts["Carla"]
        # Ben's open page follows by itself, to the cent.
        WebDriverWait(ben, 10).until(lambda d: cents(balance(d, "Ben")) == -parts["Ben"])
        assert cents(balance(ben, "Ines")) == total - parts["Ines"] and cents(balance(ben, "Carla")) == -parts["Carla"]
        screenshot(browser, "46-receipt-split-balances")
        # Linked both ways: the expense to its receipt (for Ines, whose receipt it is) and back.
        assert browser.find_element(By.CSS_SELECTOR, "#expenses a.receipt-link").get_attribute("href") == receipt_url
        assert not ben.find_elements(By.CSS_SELECTOR, "#expenses a.receipt-link")

        # The list: coffee and bananas bought, the toothpaste still to buy.
        carla.get(list_url)
        for name in ("Kaffee", "Bananen"):
            assert carla.find_elements(By.CSS_SELECTOR, f"#bought-items li[data-name='{name}']"), name
        assert carla.find_elements(By.CSS_SELECTOR, "#open-items li[data-name='Zahnpasta']")
        # The receipt links to the expense's list now instead of offering the split again.
        browser.get(receipt_url)
        assert "WG Seefeld" in browser.find_element(By.ID, "receipt-expense").text
    finally:
        ben.quit()
        carla.quit()
