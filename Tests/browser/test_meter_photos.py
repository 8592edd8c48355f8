"""Issue 42 on a phone (390 px, touch): a meter created from its reference photo has its counter
window found and shown for confirmation (moved by a finger drag); then three photos taken at an
angle are each aligned to the reference and read without marking anything; the readings chart the
consumption."""
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot
from helpers import fill, flash_after, register, submit
from test_layout import emulate

FIXTURES = Path(__file__).resolve().parents[1] / "ScanbookServerTests" / "Fixtures"
# What each fixture's counter shows (Fixtures/make_meter_photo_fixtures.py).
PHOTOS = [("meter-plate-photo-1.jpg", "73933.7", "2026-11-01"), ("meter-plate-photo-2.jpg", "74190.0", "2026-11-10"),
          ("meter-plate-photo-3.jpg", "74382.3", "2026-11-20")]

# A finger drag across the photo (pointer events of type touch, as a phone sends them).
TOUCH_DRAG = """
const [frame, from, to] = arguments;
const box = frame.getBoundingClientRect();
const at = (p) => ({clientX: box.left + p[0] * box.width, clientY: box.top + p[1] * box.height,
                    pointerId: 7, pointerType: 'touch', bubbles: true, isPrimary: true});
frame.dispatchEvent(new PointerEvent('pointerdown', at(from)));
frame.dispatchEvent(new PointerEvent('pointermove', at([(from[0] + to[0]) / 2, (from[1] + to[1]) / 2])));
frame.dispatchEvent(new PointerEvent('pointermove', at(to)));
frame.dispatchEvent(new PointerEvent('pointerup', at(to)));
"""


def window_fields(browser):
    form = browser.find_element(By.ID, "window-form")
    return [int(form.find_element(By.NAME, name).get_attribute("value")) for name in ("x", "y", "w", "h")]


def test_a_meter_is_read_from_whole_photos_on_a_phone(server, browser):
    url = server["url"]
    emulate(browser, 390, 844)
    register(browser, url, "Greta", "greta-meters@example.org")
    browser.get(url + "/meters")
    form = fill(browser, "meter-create", name="Strom Keller", digits="6", decimals="1")
    form.find_element(By.NAME, "reference").send_keys(str(FIXTURES / "meter-plate-reference.jpg"))
    submit(form)
    WebDriverWait(browser, 20).until(EC.presence_of_element_located((By.ID, "meter-name")))
    meter_url = browser.current_url

    # The window was found on the reference: around the counter row (x 34-66 %, y 25-33 % of the photo).
    found = window_fields(browser)
    assert 320 <= found[0] <= 360 and 240 <= found[1] <= 270 and 290 <= found[2] <= 340, found
    state = browser.find_element(By.ID, "window-state").text
    assert "aligned" in state, state
    # Moved by a finger, then put back and confirmed.
    frame = browser.find_element(By.CSS_SELECTOR, "#window-form .strip-frame")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", frame)
    browser.execute_script(TOUCH_DRAG, frame, [0.1, 0.6], [0.5, 0.7])
    moved = window_fields(browser)
    assert abs(moved[0] - 100) <= 5 and abs(moved[2] - 400) <= 10, moved
    browser.execute_script(TOUCH_DRAG, frame, [found[0] / 1000, found[1] / 1000],
                           [(found[0] + found[2]) / 1000, (found[1] + found[3]) / 1000])
    assert all(abs(a - b) <= 3 for a, b in zip(window_fields(browser), found)), window_fields(browser)
    screenshot(browser, "42-meter-window")
    flash_after(browser, lambda: submit(browser.find_element(By.ID, "window-form")))

    # Three photos: each read from the whole photo, the value filled in, saved with a tap.
    for photo, value, day in PHOTOS:
        browser.get(url + "/meters/read")
        upload = browser.find_element(By.ID, "meter-photo")
        upload.find_element(By.NAME, "photo").send_keys(str(FIXTURES / photo))
        submit(upload)
        field = WebDriverWait(browser, 30).until(EC.presence_of_element_located((By.ID, "reading-value")))
        assert field.get_attribute("value") == value, (photo, field.get_attribute("value"))
        assert browser.find_element(By.ID, "read-method").is_displayed()
        assert not browser.find_elements(By.ID, "reading-unsure")
        if day == PHOTOS[0][2]:
            screenshot(browser, "42-meter-read-whole-photo")
        browser.execute_script(f"document.querySelector('#reading-confirm [name=takenAt]').value = '{day}T08:00'")
        submit(browser.find_element(By.ID, "reading-confirm"))
        WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "meter-name")))

    browser.get(meter_url + "?period=custom&from=2026-11-01&to=2026-11-30")
    values = [cell.text for cell in browser.find_elements(By.CSS_SELECTOR, "#readings .reading-value")]
    assert values == ["74,382.3", "74,190.0", "73,933.7"] or values == ["74382.3", "74190.0", "73933.7"], values
    assert "448.6 kWh" in browser.find_element(By.ID, "period-total").text
    screenshot(browser, "42-meter-consumption")
