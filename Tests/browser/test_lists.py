"""Shared lists, live: A creates a list and invites B; with both pages open, what one adds or checks
off appears on the other's page without a reload; quick add offers what was bought before. Then B
adds an expense, both see the same balances (A's page by itself), and A settles up."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_browser, screenshot
from helpers import fill, flash_after, register, submit, until_not_stale


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
        # The page's own live update of the items may swap the members' part (and this form) in
        # again at any moment after the items were added: a stale form is found afresh.
        def invite_gustav():
            invite = browser.find_element(By.ID, "invite")
            invite.find_element(By.NAME, "email").send_keys("gustav@example.org")
            submit(invite)
        flash_after(browser, lambda: until_not_stale(invite_gustav))
        assert "gustav@example.org" in browser.find_element(By.ID, "members").text
        assert "Gustav" not in browser.find_element(By.ID, "members").text, "invited, not yet a member"

        # Gustav sees the invitation after signing in and joins; Frida's member list says so.
        other.get(url + "/")
        assert "Invitations: 1" in other.find_element(By.CSS_SELECTOR, ".tiles").text
        other.get(url + "/lists")
        invitation = other.find_element(By.ID, "invitations")
        assert "Frida" in invitation.text and "WG Einkauf" in invitation.text
        invitation.find_element(By.XPATH, ".//button[normalize-space()='Join']").click()
        WebDriverWait(other, 10).until(EC.text_to_be_present_in_element((By.ID, "list-name"), "WG Einkauf"))
        browser.refresh()
        assert "Gustav" in browser.find_element(By.ID, "members").text

        # Gustav opens the list from his menu; both pages listen.
        other.get(url + "/lists")
        other.find_element(By.LINK_TEXT, "WG Einkauf").click()
        WebDriverWait(other, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "open")
        WebDriverWait(browser, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "open")

        # Frida adds butter: it shows up on Gustav's open page by itself. Her own page does not
        # reload for it: the field is empty again and keeps the focus for the next item.
        browser.execute_script("window.notReloaded = true")
        add_item(browser, "Butter")
        assert browser.execute_script("return window.notReloaded === true"), "added in place"
        # The live refresh may show the item before the page's own answer arrives and clears the field.
        WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "item-name").get_attribute("value") == "")
        assert browser.switch_to.active_element.get_attribute("id") == "item-name"
        WebDriverWait(other, 5).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#open-items li[data-name='Butter']")))

        # Gustav buys the milk: Frida's page moves it to "bought" by itself.
        other.execute_script("window.notReloaded = true")
        milk = other.find_element(By.CSS_SELECTOR, "#open-items li[data-name='Milch']")
        milk.find_element(By.CSS_SELECTOR, "button.check").click()
        WebDriverWait(other, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#bought-items li[data-name='Milch']")))
        assert other.execute_script("return window.notReloaded === true"), "ticked in place, no page load"
        WebDriverWait(browser, 5).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#bought-items li[data-name='Milch']")))

        # Frida clears it and gets it offered for quick add.
        submit(browser.find_element(By.ID, "clear-bought"))
        WebDriverWait(browser, 5).until(EC.alert_is_present()).accept()  # removing several items asks first
        WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.getElementById('bought-items') === null"))
        browser.get(shared_url)  # a settled page: the live refresh of the old one may still be replacing parts
        chip = WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.XPATH, "//div[@id='quick-add']//button[contains(., 'Milch')]")))
        screenshot(browser, "10-shared-list")
        chip.click()
        WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#open-items li[data-name='Milch']")))

        # Expenses: both open the list's expenses page; Gustav pays 24.00 for the two of them.
        for driver in (browser, other):
            driver.get(shared_url)
            driver.find_element(By.ID, "expenses-link").click()
            WebDriverWait(driver, 10).until(EC.presence_of_element_located((By.ID, "expense-add")))
            WebDriverWait(driver, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "open")
        form = other.find_element(By.ID, "expense-add")
        form.find_element(By.NAME, "description").send_keys("Pizza")
        form.find_element(By.NAME, "amount").send_keys("24,00")
        flash_after(other, lambda: submit(form))

        def balance(driver, name):
            return driver.find_element(By.CSS_SELECTOR, f"#balances tr[data-name='{name}'] td.num").text

        # Frida's page shows the new balances by itself, the same as Gustav's.
        WebDriverWait(browser, 5).until(lambda d: balance(d, "Frida") == "-12.00")
        assert balance(other, "Frida") == "-12.00" and balance(other, "Gustav") == "+12.00"
        assert balance(browser, "Gustav") == "+12.00"
        assert "Pizza" in browser.find_element(By.ID, "expenses").text
        screenshot(browser, "11-expenses")

        # Gustav typed the wrong amount: he edits the expense in place and both pages follow.
        other.find_element(By.CSS_SELECTOR, "#expenses a[aria-label='Edit Pizza']").click()
        WebDriverWait(other, 10).until(EC.presence_of_element_located((By.ID, "expense-editing")))
        assert other.find_element(By.CSS_SELECTOR, "#expense-add [name=description]").get_attribute("value") == "Pizza"
        submit(fill(other, "expense-add", amount="30,00"))
        WebDriverWait(other, 10).until(lambda d: not d.find_elements(By.ID, "expense-editing") and balance(d, "Gustav") == "+15.00")
        WebDriverWait(browser, 5).until(lambda d: balance(d, "Frida") == "-15.00")
        assert other.find_element(By.ID, "expenses").text.count("Pizza") == 1

        # Deleting asks first; cancelling keeps the expense and the balances.
        other.find_element(By.CSS_SELECTOR, "#expenses button[aria-label='Delete Pizza']").click()
        alert = WebDriverWait(other, 5).until(EC.alert_is_present())
        assert "balances" in alert.text
        alert.dismiss()
        assert "Pizza" in other.find_element(By.ID, "expenses").text and balance(other, "Gustav") == "+15.00"

        # Frida pays what the plan proposes; both pages say everyone is square.
        plan = browser.find_element(By.ID, "plan")
        assert "Frida → Gustav" in plan.text and "15.00" in plan.text
        plan.find_element(By.TAG_NAME, "button").click()
        WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "settled")))
        WebDriverWait(other, 5).until(EC.presence_of_element_located((By.ID, "settled")))
        assert balance(other, "Gustav") == "0.00"
    finally:
        other.quit()
