"""Issue 46: the web app offline. A list is opened, the network is switched off through the DevTools
protocol (for the page and for its service worker, which fetches on its own), three items are added
and a receipt photo is taken; the page reloads from the copy, says so, and lists what waits; back
online, everything arrives once, on the server and on another member's live page. A tick sent late
for an item another member removed meanwhile is shown as a conflict, not lost."""
import json
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_browser, screenshot, wait
from helpers import create_list, invite_and_join, register, submit, until_not_stale

RECEIPT = Path(__file__).resolve().parents[1] / "ScanbookServerTests" / "Fixtures" / "receipt-coop.jpg"


def set_offline(driver, offline: bool):
    """The page and every service worker of the browser, through the DevTools protocol."""
    conditions = {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)
    for target in driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]:
        if target["type"] != "service_worker":
            continue
        # Emulation belongs to the session that set it: one session per worker, kept on the driver.
        sessions = driver.__dict__.setdefault("worker_sessions", {})
        if target["targetId"] not in sessions:
            sessions[target["targetId"]] = driver.execute_cdp_cmd("Target.attachToTarget", {"targetId": target["targetId"], "flatten": False})["sessionId"]
        session = sessions[target["targetId"]]
        for number, (method, params) in enumerate([("Network.enable", {}), ("Network.emulateNetworkConditions", conditions)]):
            message = json.dumps({"id": number + 1, "method": method, "params": params})
            driver.execute_cdp_cmd("Target.sendMessageToTarget", {"sessionId": session, "message": message})


def controlled(driver, url):
    """Opens `url` until its service worker controls it (the first load installs the worker)."""
    driver.get(url)

    def ready(d):
        if d.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"):
            return True
        d.get(url)
        return False
    WebDriverWait(driver, 20, poll_frequency=1).until(ready)


def waiting(driver):
    return [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#offline-waiting li")]


def open_items(driver):
    return [item.get_attribute("data-name") for item in driver.find_elements(By.CSS_SELECTOR, "#open-items li[data-name]")]


def test_a_list_and_a_receipt_photo_wait_offline_and_arrive_once(server, browser):
    url = server["url"]
    register(browser, url, "Ottilie", "ottilie.offline@example.org")
    other = make_browser()
    try:
        register(other, url, "Paul", "paul.offline@example.org")
        list_url = create_list(browser, url, "Hütte")
        invite_and_join(browser, url, other, "paul.offline@example.org", "Hütte")
        other.get(list_url)
        WebDriverWait(other, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-live") == "open")

        # The app installs itself: manifest and worker; the receipts page and the list are opened once.
        manifest = browser.execute_script("return document.querySelector('link[rel=manifest]').href")
        assert manifest.endswith("/manifest.json")
        controlled(browser, url + "/receipts")
        browser.get(list_url)
        assert browser.execute_script("return !!navigator.serviceWorker.controller")

        # Offline: three items added, each shown as waiting, none on Paul's page.
        set_offline(browser, True)
        for name in ("Milch", "Brot", "Äpfel"):
            field = browser.find_element(By.ID, "item-name")
            field.send_keys(name)
            submit(browser.find_element(By.ID, "item-add"))
            wait(browser, 10).until(lambda d: any(name in line for line in waiting(d)))
        assert waiting(browser) == ["Add “Milch”", "Add “Brot”", "Add “Äpfel”"]
        assert open_items(other) == []

        # A receipt photo taken on the receipts page, opened from its copy.
        browser.get(url + "/receipts")
        banner = wait(browser, 10).until(EC.presence_of_element_located((By.ID, "offline-banner")))
        assert banner.text.startswith("Offline: showing what was loaded at ")
        browser.find_element(By.CSS_SELECTOR, "#receipt-upload input[type=file]").send_keys(str(RECEIPT))
        submit(browser.find_element(By.ID, "receipt-upload"))
        wait(browser, 10).until(lambda d: len(waiting(d)) == 4)
        assert waiting(browser)[-1] == "Photo receipt-coop.jpg"

        # Reloaded, still offline: the copy again, and the same four waiting.
        browser.get(list_url)
        wait(browser, 10).until(EC.presence_of_element_located((By.ID, "offline-banner")))
        wait(browser, 10).until(lambda d: len(waiting(d)) == 4)
        browser.set_window_size(390, 844)
        screenshot(browser, "51-offline-waiting")

        # Online again: everything is sent, in order, once; Paul's page shows the items live.
        # The page sends the queue when the browser says it is online again.
        set_offline(browser, False)
        wait(browser, 30).until(lambda d: not d.find_elements(By.ID, "offline-queue"))
        try:
            wait(other, 15).until(lambda d: sorted(open_items(d)) == ["Brot", "Milch", "Äpfel"])
        except Exception:
            screenshot(other, "53-offline-other-member")
            seen = open_items(other)
            browser.get(list_url)
            raise AssertionError(f"the other member sees {seen} (live: {other.find_element(By.TAG_NAME, 'body').get_attribute('data-live')}); "
                                 f"after loading, {open_items(browser)} for the sender and {other.refresh() or open_items(other)} for the other")
        browser.get(list_url)
        assert sorted(open_items(browser)) == ["Brot", "Milch", "Äpfel"]
        browser.get(url + "/receipts")
        assert len(browser.find_elements(By.CSS_SELECTOR, "#to-check li")) == 1
        # Sending the queue again changes nothing: it is empty, and the server knows each action.
        assert browser.execute_async_script("ScanbookQueue.flush().then(arguments[0])") == {"sent": 0, "conflicts": 0, "waiting": 0}

        # A tick sent late for an item Paul removed meanwhile: shown as a conflict until dismissed.
        browser.get(list_url)
        set_offline(browser, True)
        until_not_stale(lambda: browser.find_element(By.CSS_SELECTOR, "#open-items li[data-name='Milch'] button.check").click())
        wait(browser, 10).until(lambda d: waiting(d) == ["Tick “Milch”"])
        milch = other.find_element(By.CSS_SELECTOR, "#open-items li[data-name='Milch']")
        other.execute_script("arguments[0].querySelector('details') && (arguments[0].querySelector('details').open = true)", milch)
        delete = milch.find_element(By.XPATH, ".//form[contains(@action, 'delete')]")
        other.execute_script("arguments[0].removeAttribute('data-confirm'); arguments[0].requestSubmit()", delete)
        wait(other, 10).until(lambda d: "Milch" not in open_items(d))
        set_offline(browser, False)
        browser.get(list_url)
        conflict = wait(browser, 30).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".offline-conflict")))
        assert conflict.text.startswith("Not applied: Tick “Milch”, because it is no longer there")
        screenshot(browser, "52-offline-conflict")
        conflict.find_element(By.TAG_NAME, "button").click()
        wait(browser, 10).until(lambda d: not d.find_elements(By.ID, "offline-queue"))

        # Signing out forgets the kept pages.
        assert "scanbook-pages-v1" in browser.execute_async_script("caches.keys().then(arguments[0])")
        browser.execute_script("document.getElementById('logout').click()")
        wait(browser, 10).until(lambda d: "scanbook-pages-v1" not in d.execute_async_script("caches.keys().then(arguments[0])"))
    finally:
        other.quit()
