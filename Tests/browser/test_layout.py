"""Phone-first layout: every page fits 320 and 390 px wide (and a desktop) with names of 80 unbroken
characters, primary buttons are touch targets of at least 44 px, the meter page's reading form saves
at phone width, and its charts have readable axis labels and a table beside them."""
import re
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_browser, screenshot, wait
from helpers import PASSWORD, fill, register, submit

FIXTURES = Path(__file__).resolve().parents[1] / "ScanbookServerTests" / "Fixtures"
PHONES = [(390, 844), (320, 640)]
DESKTOP = (1280, 800)


def long_name(prefix: str, length: int = 80) -> str:
    """A name without a single break opportunity: prefix and letters up to `length` characters."""
    return (prefix + "W" * length)[:length]


# A form post through the page's own session (cookie and CSRF token), for data the test only needs.
POST = """
const [action, fields, done] = arguments;
const body = new URLSearchParams();
body.append('csrf', document.querySelector('input[name=csrf]').value);
for (const [key, value] of fields) body.append(key, value);
fetch(action, {method: 'POST', body, credentials: 'same-origin'})
  .then(response => done([response.status, response.url])).catch(error => done([0, String(error)]));
"""


def post(driver, action: str, fields) -> str:
    status, url = driver.execute_async_script(POST, action, list(fields.items()) if isinstance(fields, dict) else fields)
    assert status == 200, f"POST {action}: {status} {url}"
    return url


def action_of(driver, form_id: str) -> str:
    return driver.find_element(By.ID, form_id).get_attribute("action")


def emulate(driver, width: int, height: int):
    """A phone (or desktop) viewport: device metrics, touch and the mobile viewport handling."""
    mobile = width < 700
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5})


# What sticks out: the page's width and the elements reaching past the viewport's right edge (not
# those inside a scrolling box). The emulated width is the limit: a phone zooms out to show a wider
# page, so innerWidth grows with the overflow.
OVERFLOW = """
const limit = arguments[0] + 1;
const wide = [];
for (const element of document.body.querySelectorAll('*')) {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.right <= limit) continue;
  // The deepest: none of its children sticks out too.
  if (Array.from(element.children).some(child => child.getBoundingClientRect().right > limit)) continue;
  let parent = element.parentElement, inside = false;
  while (parent && parent !== document.body) {
    const style = getComputedStyle(parent);
    if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) { inside = true; break; }
    parent = parent.parentElement;
  }
  if (inside) continue;
  wide.push(element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') +
            (element.className && typeof element.className === 'string' ? '.' + element.className.trim().split(/\\s+/).join('.') : '') +
            ' ' + Math.round(box.right));
}
return {scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, wide: wide.slice(0, 8)};
"""

# Submit buttons of forms a user fills in (not the small row actions), and links that stand on their
# own (a paragraph holding nothing but links, such as the sort orders or "Export CSV"): at least 44 px tall.
SMALL_BUTTONS = """
const small = [];
const standalone = [...document.querySelectorAll('main p > a')].filter(link => {
  const paragraph = link.parentElement;
  const linkText = [...paragraph.querySelectorAll(':scope > a')].map(a => a.textContent).join('');
  return paragraph.classList.contains('inline') || paragraph.textContent.replace(/\\s/g, '') === linkText.replace(/\\s/g, '');
});
for (const button of [...document.querySelectorAll('main form button[type=submit]:not(.link), main a.button'), ...standalone]) {
  const box = button.getBoundingClientRect();
  if (box.width === 0) continue;
  if (box.height < 43.5) small.push((button.id || button.textContent.trim()) + ' ' + box.height);
}
return small;
"""


def check_page(driver, url: str, label: str, width: int, problems: list):
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    figures = driver.execute_script(OVERFLOW, width)
    if figures["scrollWidth"] > width + 1 or figures["clientWidth"] > width + 1:
        problems.append(f"{label} at {width}px: page {figures['scrollWidth']}px wide, sticking out: {figures['wide']}")
    if width < 700:
        small = driver.execute_script(SMALL_BUTTONS)
        if small:
            problems.append(f"{label} at {width}px: buttons under 44px: {small}")
    return figures


def sign_out(driver, url: str):
    """Leaves the page before forgetting the session: a list page's live refresh still in flight
    answered with the session cookie after it was deleted, and /login then led home (a CI run)."""
    driver.get(url + "/readyz")
    driver.delete_all_cookies()


def populate(driver, url: str) -> dict:
    """Two users with long names share a list with a long item and an expense; a meter with readings,
    a receipt, a category, a keyword, a scan, a payment and a form template, all with long names.
    Returns the pages to visit (signed in as the first user) and that user's e-mail address."""
    stamp = str(time.time_ns())[-8:]
    other_email, email = f"bert{stamp}@example.org", f"anna{stamp}@example.org"
    register(driver, url, long_name("Bert"), other_email)
    sign_out(driver, url)
    register(driver, url, long_name("Anna"), email)
    pages = {"home": url + "/", "settings": url + "/settings"}

    # Lists: a shared list (names up to 60 characters) with a long item, the other user as member, an expense.
    driver.get(url + "/lists")
    list_url = post(driver, action_of(driver, "list-create"), {"name": long_name("List", 60)})
    driver.get(list_url)
    post(driver, action_of(driver, "item-add"), {"name": long_name("Item"), "brand": long_name("Brand"), "category": long_name("Aisle")})
    post(driver, action_of(driver, "invite"), {"email": other_email})
    sign_out(driver, url)
    driver.get(url + "/login")
    submit(fill(driver, "login-form", email=other_email, password=PASSWORD))
    WebDriverWait(driver, 10).until(EC.url_to_be(url + "/"))
    driver.get(url + "/lists")
    accept = driver.find_element(By.CSS_SELECTOR, "#invitations form").get_attribute("action")
    post(driver, accept, {})
    sign_out(driver, url)
    driver.get(url + "/login")
    submit(fill(driver, "login-form", email=email, password=PASSWORD))
    WebDriverWait(driver, 10).until(EC.url_to_be(url + "/"))
    driver.get(list_url)
    driver.find_element(By.ID, "expenses-link").click()
    WebDriverWait(driver, 10).until(EC.presence_of_element_located((By.ID, "expense-add")))
    submit(fill(driver, "expense-add", description=long_name("Expense"), amount="24.00"))
    WebDriverWait(driver, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#expenses tr")))
    pages.update(lists=url + "/lists", list=list_url, expenses=driver.current_url.split("?")[0])

    # Meters: a long name and readings over several months, so both charts have something to draw.
    driver.get(url + "/meters")
    meter_url = post(driver, action_of(driver, "meter-create"), {"name": long_name("Meter"), "kind": "electricity", "unit": "kWh",
                                                                 "digits": "6", "decimals": "1", "pricePerUnit": "0.27"})
    driver.get(meter_url)
    readings = action_of(driver, "manual-reading")
    year = time.gmtime().tm_year - 1
    for month, value in ((1, "1000.0"), (3, "1250.5"), (6, "1400.0"), (9, "1722.3"), (12, "2100.0")):
        post(driver, readings, {"value": value, "takenAt": f"{year}-{month:02d}-15T08:00"})
    pages.update(meters=url + "/meters", meter=meter_url, meter_read=url + "/meters/read",
                 meter_delete=driver.find_element(By.ID, "delete-meter").get_attribute("href"))

    # Receipts: a long category with a budget, a receipt by hand with a long merchant, a keyword.
    driver.get(url + "/receipts/categories")
    post(driver, action_of(driver, "category-form"), {"name": long_name("Category", 60), "budget": "100.00"})
    driver.get(url + "/receipts/keywords")
    post(driver, action_of(driver, "keyword-form"), {"phrase": long_name("Keyword", 40)})
    driver.get(url + "/receipts")
    receipt_url = post(driver, action_of(driver, "receipt-manual"), {"total": "42.50", "date": time.strftime("%Y-%m-%d"),
                                                                      "merchant": long_name("Merchant")})
    pages.update(receipts=url + "/receipts", receipt=receipt_url, budget=url + "/receipts/budget",
                 categories=url + "/receipts/categories", keywords=url + "/receipts/keywords",
                 warranties=url + "/receipts/warranties")

    # A scan (its page is measured while it waits or when it is read).
    driver.get(url + "/captures")
    form = driver.find_element(By.ID, "capture-form")
    form.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(FIXTURES / "receipt-coop.jpg"))
    submit(form)
    WebDriverWait(driver, 10).until(lambda d: re.search(r"/captures/[0-9A-Fa-f-]{36}", d.current_url))
    pages.update(captures=url + "/captures", capture=driver.current_url)

    # Payments: an account and a pending payment with the longest names allowed (70).
    driver.get(url + "/payments")
    post(driver, action_of(driver, "account-form"), {"name": long_name("Account", 70), "iban": "CH93 0076 2011 6238 5295 7", "isDefault": "on"})
    driver.get(url + "/payments")
    form = driver.find_element(By.ID, "payment-form")
    fields = [(field.get_attribute("name"), field.get_attribute("value") or "")
              for field in form.find_elements(By.CSS_SELECTOR, "input[name]:not([name=csrf]), select[name]")
              if field.get_attribute("type") != "checkbox"]
    values = {"beneficiaryAccount": "CH56 0483 5012 3456 7800 9", "beneficiaryName": long_name("Creditor", 70), "beneficiaryPostalCode": "8000",
              "beneficiaryTown": long_name("Town", 35), "beneficiaryCountry": "CH", "amount": "12.50", "currency": "CHF",
              "message": long_name("Message")}
    payment_url = post(driver, form.get_attribute("action"), [(name, values.get(name, value)) for name, value in fields])
    pages.update(payments=url + "/payments", payment=payment_url, payment_templates=url + "/payments/templates",
                 payment_whitelist=url + "/payments/whitelist", payment_authenticator=url + "/payments/authenticator",
                 payment_audit=url + "/payments/audit")

    # Forms: a template with a long name.
    driver.get(url + "/forms")
    template_url = post(driver, action_of(driver, "form-template-create"), {"name": long_name("Form"), "description": long_name("About")})
    pages.update(forms=url + "/forms", form_template=template_url, form_scans=template_url.rstrip("/") + "/scans")

    pages.update(not_found=url + "/lists/00000000-0000-0000-0000-000000000000", no_route=url + "/no-such-page")
    return pages, email


def test_every_page_fits_a_phone_with_long_names(server):
    url = server["url"]
    driver = make_browser()
    try:
        pages, _ = populate(driver, url)
        problems = []
        for width, height in PHONES + [DESKTOP]:
            emulate(driver, width, height)
            for label, page in pages.items():
                check_page(driver, page, label, width, problems)
            if width == 390:
                driver.get(pages["meter"])
                screenshot(driver, "40-meter-phone")
        # Signed out: sign-in and registration.
        sign_out(driver, url)
        for width, height in PHONES:
            emulate(driver, width, height)
            for label in ("login", "register"):
                check_page(driver, f"{url}/{label}", label, width, problems)
        assert not problems, "\n".join(problems)
    finally:
        driver.quit()


def test_meter_page_at_phone_width_saves_a_reading_and_draws_readable_charts(server):
    url = server["url"]
    driver = make_browser()
    try:
        emulate(driver, 390, 844)
        register(driver, url, long_name("Carla"), f"carla{time.time_ns()}@example.org")
        driver.get(url + "/meters")
        submit(fill(driver, "meter-create", name=long_name("Strom")))
        WebDriverWait(driver, 10).until(EC.presence_of_element_located((By.ID, "manual-reading")))
        year = time.gmtime().tm_year - 1
        readings = action_of(driver, "manual-reading")
        for month, value in ((2, "100"), (5, "180"), (8, "240")):
            post(driver, readings, {"value": value, "takenAt": f"{year}-{month:02d}-01T08:00"})
        driver.refresh()

        # Typed and saved with a tap on Save, as on a phone: the button is on screen and not covered.
        form = driver.find_element(By.ID, "manual-reading")
        field = form.find_element(By.NAME, "value")
        assert field.get_attribute("inputmode") == "decimal"
        field.send_keys("312")
        button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        hit = driver.execute_script("""
            const box = arguments[0].getBoundingClientRect();
            const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return {right: box.right, height: box.height, width: window.innerWidth, hit: top === arguments[0] || arguments[0].contains(top)};
        """, button)
        assert hit["hit"] and hit["right"] <= hit["width"] and hit["height"] >= 44, hit
        button.click()
        wait(driver, 10).until(lambda d: any("312" in cell.text for cell in d.find_elements(By.CSS_SELECTOR, "#readings .reading-value")))

        # Charts: scale to the page, axis labels at least 11 px on this phone, the same figures as a table.
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 391
        for chart_id in ("consumption-chart", "readings-chart"):
            chart = driver.find_element(By.ID, chart_id)
            assert chart.size["width"] <= 390
            sizes = driver.execute_script("""
                return Array.from(arguments[0].querySelectorAll('text'))
                  .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
            """, chart)
            assert len(sizes) >= 3, f"{chart_id}: axis labels missing"
            assert min(sizes) >= 11, f"{chart_id}: labels drawn at {min(sizes)} px"
            assert chart.find_elements(By.CSS_SELECTOR, ".axis"), f"{chart_id}: no axis"
        assert driver.find_elements(By.CSS_SELECTOR, "#consumption-table tbody tr")
        # The readings chart's table is the readings list it links to.
        assert len(driver.find_elements(By.CSS_SELECTOR, "#readings tbody tr")) == 4
        assert driver.find_element(By.ID, "readings-chart").get_attribute("aria-describedby") == "readings"
        screenshot(driver, "41-meter-phone-saved")
    finally:
        driver.quit()
