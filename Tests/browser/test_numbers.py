"""One number rule on every page (issue 26): a decimal field says under it what will be read, by the
page's language, and the server reads the same: "1.234" is a thousand on a German page and one
point two three four on an English one; "1,5" and "1.5" are both one and a half."""
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from helpers import register


def hint_after(field):
    return field.find_element(By.XPATH, "following-sibling::small[contains(@class, 'number-read')]")


def switch_language(browser, language):
    """Clicks the footer's language button and waits for the page it leads to."""
    browser.find_element(By.ID, f"lang-{language}").click()
    # Chromium's driver may fail a query made while the page is being replaced: poll past that.
    WebDriverWait(browser, 10, ignored_exceptions=[WebDriverException]).until(
        lambda d: d.execute_script("return document.readyState === 'complete' && document.documentElement.lang") == language)


def test_a_decimal_field_shows_what_is_read_and_the_server_agrees(server, browser):
    url = server["url"]
    register(browser, url, "Nora", "nora@example.org")
    switch_language(browser, "de")
    browser.get(url + "/receipts/categories")
    row = browser.find_element(By.CSS_SELECTOR, "#categories li.category")
    budget = row.find_element(By.NAME, "budget")
    budget.clear()
    budget.send_keys("1.234")
    assert hint_after(budget).text == "Gelesen als 1234"
    budget.clear()
    budget.send_keys("1,5")
    assert hint_after(budget).text == "Gelesen als 1,5"
    budget.clear()
    budget.send_keys("1.2.3")
    assert hint_after(budget).text.startswith("Keine Zahl")
    budget.clear()
    budget.send_keys("1.234")
    name = row.get_attribute("data-name")
    budget.find_element(By.XPATH, "ancestor::form").find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    saved_field = (By.CSS_SELECTOR, f"#categories li[data-name='{name}'] [name=budget]")
    WebDriverWait(browser, 10, ignored_exceptions=[WebDriverException]).until(
        lambda d: d.find_element(*saved_field).get_attribute("value") != "1.234")  # the page came back
    saved = browser.find_element(*saved_field).get_attribute("value")
    assert saved in ("1234.00", "1234,00", "1'234.00", "1.234,00"), f"the server read a thousand too, not {saved}"

    switch_language(browser, "en")
    # The default categories are now named in English: find hers by the budget she saved.
    budget = next(field for field in browser.find_elements(By.CSS_SELECTOR, "#categories li.category [name=budget]")
                  if field.get_attribute("value").replace(",", "").replace("'", "").startswith("1234"))
    budget.clear()
    budget.send_keys("12,345")
    assert hint_after(budget).text == "Read as 12345"
    budget.clear()
    budget.send_keys("1.234")
    assert hint_after(budget).text == "Read as 1.234"
