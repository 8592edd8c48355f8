"""Shared lists, live: A creates a list and invites B; with both pages open, what one adds or checks
off appears on the other's page without a reload; quick add offers what was bought before."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_browser, screenshot
from test_accounts import fill, submit


def register(browser, url, name, email):
    browser.get(url + "/register")
    submit(fill(browser, "register-form", name=name, email=email, password="Sommer2025!"))
    WebDriverWait(browser, 10).until(EC.url_to_be(url + "/"))


def add_item(browser, name):
    field = browser.find_element(By.ID, "item-name")
    field.send_keys(name)
    submit(browser.find_element(By.ID, "item-add"))
    WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, f"#open-items li[data-name='{name}']")))


def test_two_users_share_a_list(server, browser):
    url = server["url"]
    register(browser, url, "Frida", "frida@example.org")
    other = make_browser()
    try:
        register(other, url, "Gustav", "gustav@example.org")

        browser.get(url + "/lists")
        assert browser.find_element(By.ID, "list-name").text == "My list"
        form = browser.find_element(By.ID, "list-create")
        form.find_element(By.NAME, "name").send_keys("WG Einkauf")
        submit(form)
        WebDriverWait(browser, 10).until(EC.text_to_be_present_in_element((By.ID, "list-name"), "WG Einkauf"))
        shared_url = browser.current_url
        add_item(browser, "Milch")
        add_item(browser, "Kaffee")
        invite = browser.find_element(By.ID, "invite")
        invite.find_element(By.NAME, "email").send_keys("gustav@example.org")
        submit(invite)
        WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".flash-success")))
        assert "Gustav" in browser.find_element(By.ID, "members").text

        # Gustav opens the list from his menu; both pages listen.
        other.get(url + "/lists")
        other.find_element(By.LINK_TEXT, "WG Einkauf").click()
        WebDriverWait(other, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "open")
        WebDriverWait(browser, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "open")

        # Frida adds butter: it shows up on Gustav's open page by itself.
        add_item(browser, "Butter")
        WebDriverWait(other, 5).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#open-items li[data-name='Butter']")))

        # Gustav buys the milk: Frida's page moves it to "bought" by itself.
        milk = other.find_element(By.CSS_SELECTOR, "#open-items li[data-name='Milch']")
        milk.find_element(By.CSS_SELECTOR, "button.check").click()
        WebDriverWait(other, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#bought-items li[data-name='Milch']")))
        WebDriverWait(browser, 5).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#bought-items li[data-name='Milch']")))

        # Frida clears it and gets it offered for quick add.
        submit(browser.find_element(By.ID, "clear-bought"))
        WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.getElementById('bought-items') === null"))
        browser.get(shared_url)  # a settled page: the live refresh of the old one may still be replacing parts
        chip = WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.XPATH, "//div[@id='quick-add']//button[contains(., 'Milch')]")))
        screenshot(browser, "10-shared-list")
        chip.click()
        WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#open-items li[data-name='Milch']")))
    finally:
        other.quit()
