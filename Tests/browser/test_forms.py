"""The exam cover sheet journey: a template from a photo of the blank form, regions drawn on it with
the mouse, links and roster typed, two filled forms scanned, one value corrected on the review page,
the results exported as CSV."""
import base64
import io
import json
import os
import subprocess
import zipfile
from pathlib import Path

from PIL import Image
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from conftest import screenshot, wait
from helpers import fill, flash_after, register, submit

FORMS = Path(__file__).resolve().parents[1] / "ScanbookVisionTests" / "Fixtures" / "forms"


def blank_form_photo(path: Path):
    """The blank page photographed: tilted in perspective on a dark table."""
    page = Image.open(FORMS / "template" / "page1.png").convert("RGB")
    width, height = page.size
    canvas = Image.new("RGB", (1600, 2100), (70, 62, 55))
    # Where the page's corners land on the photo (top left clockwise).
    corners = [(210, 140), (1420, 190), (1460, 1930), (160, 1890)]
    # PIL maps each output pixel back to the page: the coefficients of photo → page.
    import numpy as np
    rows, targets = [], []
    for (x, y), (u, v) in zip(corners, [(0, 0), (width, 0), (width, height), (0, height)]):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); targets.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y]); targets.append(v)
    coefficients = np.linalg.solve(np.array(rows, float), np.array(targets, float))
    warped = page.transform(canvas.size, Image.PERSPECTIVE, tuple(coefficients), Image.BICUBIC, fillcolor=(70, 62, 55))
    mask = Image.new("L", page.size, 255).transform(canvas.size, Image.PERSPECTIVE, tuple(coefficients), Image.BICUBIC)
    canvas.paste(warped, (0, 0), mask)
    canvas.save(path, quality=90)


def draw(browser, frame, rect, page_size):
    """Drags a rectangle given in page-image pixels across the page on screen: scrolled into view,
    then pointer moves in viewport coordinates (an element taller than the window has its in-view
    centre move as it scrolls, so element offsets would drift)."""
    box = browser.execute_script(
        "const frame = arguments[0]; let box = frame.getBoundingClientRect();"
        "window.scrollBy(0, box.top + arguments[1] * box.height - 200); box = frame.getBoundingClientRect();"
        "return [box.left, box.top, box.width, box.height];", frame, rect[1] / page_size[1])
    left, top, width, height = box
    sx, sy = width / page_size[0], height / page_size[1]
    x, y, w, h = rect
    actions = ActionBuilder(browser)
    actions.pointer_action.move_to_location(int(left + x * sx), int(top + y * sy)).pointer_down()
    actions.pointer_action.move_to_location(int(left + (x + w) * sx), int(top + (y + h) * sy)).pointer_up()
    actions.perform()


def send(browser, form):
    """Submits and waits for the next page's message, success or not."""
    flash_after(browser, lambda: submit(form), timeout=20, message=".flash")


def test_template_from_photo_regions_by_mouse_scan_correct_export(server, browser, tmp_path):
    url = server["url"]
    browser.set_window_size(1280, 1000)
    register(browser, url, "Tessa", "tessa@example.org")
    browser.get(url + "/forms")
    assert browser.find_element(By.ID, "no-templates")
    submit(fill(browser, "form-template-create", name="Prüfung Lineare Algebra I"))
    wait(browser, 10).until(EC.presence_of_element_located((By.ID, "page-add")))

    # 1. The blank form, photographed: the page is found and straightened.
    photo = tmp_path / "blank.jpg"
    blank_form_photo(photo)
    form = browser.find_element(By.ID, "page-add")
    form.find_element(By.NAME, "photo").send_keys(str(photo))
    submit(form)
    frame = wait(browser, 20).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".page-frame")))
    page_size = (int(frame.get_attribute("data-width")), int(frame.get_attribute("data-height")))
    # The page was found: the straightened page is the sheet's outline, not the whole photo (1600 × 2100).
    assert 1200 <= page_size[0] <= 1350 and 1700 <= page_size[1] <= 1800, page_size
    wait(browser, 10).until(lambda driver: driver.execute_script("return document.querySelector('.page-frame img').complete"))

    # 2. Regions drawn with the mouse where the template file has them (scaled to this page).
    template = json.loads((FORMS / "template" / "template.json").read_text())
    sx, sy = page_size[0] / 1240, page_size[1] / 1754
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", frame)
    for region in template["regions"]:
        frame = browser.find_element(By.CSS_SELECTOR, ".page-frame")
        x, y, w, h = region["rect"]
        draw(browser, frame, [x * sx, y * sy, w * sx, h * sy], page_size)
        row = browser.find_elements(By.CSS_SELECTOR, "#region-rows tr")[-1]
        name = row.find_element(By.NAME, "name[]")
        name.clear()
        name.send_keys(region["name"])
        Select(row.find_element(By.NAME, "type[]")).select_by_value(region["type"])
        if region.get("cells", 1) > 1:
            row.find_element(By.NAME, "cells[]").send_keys(str(region["cells"]))
    assert len(browser.find_elements(By.CSS_SELECTOR, ".page-frame .region-box")) == len(template["regions"])
    screenshot(browser, "30-form-regions")
    send(browser, browser.find_element(By.ID, "regions-form"))
    names = [field.get_attribute("value") for field in browser.find_elements(By.CSS_SELECTOR, "#region-rows [name='name[]']")]
    assert names == [region["name"] for region in template["regions"]]
    drawn = [int(field.get_attribute("value")) for field in browser.find_elements(By.CSS_SELECTOR, "#region-rows [name='x[]']")]
    assert all(abs(x - region["rect"][0] * sx) <= 4 for x, region in zip(drawn, template["regions"])), drawn

    # 3. Links one per line, and the roster.
    links = "aufgabe1 + aufgabe2 + aufgabe3 + aufgabe4 = total\ntotal -> note: 0 = 1.0; 5 = 1.5; 10 = 2.0; 15 = 2.5; 20 = 3.0; 25 = 3.5; 30 = 4.0; 35 = 4.5; 40 = 5.0; 45 = 5.5; 50 = 6.0"
    send(browser, fill(browser, "links-form", links=links))
    browser.execute_script("document.querySelector('#roster-form [name=roster]').value = arguments[0]", (FORMS / "template" / "roster.csv").read_text())
    send(browser, browser.find_element(By.ID, "roster-form"))
    assert "Roster saved" in browser.find_element(By.CSS_SELECTOR, ".flash-success").text

    # 4. Two filled forms in one batch; the results page refreshes until both are read.
    browser.find_element(By.ID, "results-link").click()
    form = wait(browser, 10).until(EC.presence_of_element_located((By.ID, "scan-form")))
    # One photo at a time, as the camera delivers them; the batch grows and is sent once.
    camera = browser.find_element(By.ID, "scan-camera")
    assert not camera.is_displayed() and browser.find_element(By.ID, "scan-take").is_displayed()
    for name in ("000.jpg", "003.jpg"):
        camera.send_keys(str(FORMS / name))
    assert browser.find_element(By.ID, "scan-count").text.startswith("2 photo(s): 2 form(s)")
    assert browser.execute_script("return document.querySelector('#scan-form [name=\"photos[]\"]').files.length") == 2
    submit(form)
    wait(browser, 120).until(lambda driver: len(driver.find_elements(By.CSS_SELECTOR, "#scan-table tbody tr")) == 2
                             and not driver.find_elements(By.ID, "scans-pending"))
    table = browser.find_element(By.ID, "scan-table").text
    truths = [json.loads((FORMS / f"{name}.json").read_text())["values"] for name in ("000", "003")]
    for truth in truths:
        assert truth["matrikel"] in table and truth["name"] in table, table
    assert len(browser.find_elements(By.CSS_SELECTOR, "#grade-table tbody tr")) == 2
    screenshot(browser, "31-form-results")

    # 5. Review one form: crops beside values; a corrected value is checked again and kept.
    browser.find_elements(By.CSS_SELECTOR, ".scan-link")[0].click()
    wait(browser, 10).until(EC.presence_of_element_located((By.ID, "review-form")))
    crops = browser.find_elements(By.CSS_SELECTOR, ".region-crop")
    assert len(crops) == len(template["regions"])
    assert wait(browser, 10).until(lambda driver: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", crops[0]))
    labels = [item.text for item in browser.find_elements(By.CSS_SELECTOR, ".review-regions li")]
    index = next(i for i, label in enumerate(labels) if label.startswith("aufgabe1"))
    field = browser.find_elements(By.CSS_SELECTOR, "#review-form [name='value[]']")[index]
    old = field.get_attribute("value")
    new = "9" if old != "9" else "8"
    field.clear()
    field.send_keys(new)
    send(browser, browser.find_element(By.ID, "review-form"))
    # The sum no longer holds, so the page says so in red.
    assert browser.find_elements(By.CSS_SELECTOR, "#scan-links li.failing")
    assert browser.find_elements(By.CSS_SELECTOR, "#review-form [name='value[]']")[index].get_attribute("value") == new
    screenshot(browser, "32-form-review")

    # 6. The CSV: the region names, then studentNumber,name,group,ok; the corrected value in it.
    browser.find_element(By.CSS_SELECTOR, "p a[href$='/scans']").click()
    csv_url = wait(browser, 10).until(EC.presence_of_element_located((By.ID, "csv-link"))).get_attribute("href")
    text = browser.execute_async_script("const done = arguments[1]; fetch(arguments[0]).then((r) => r.text()).then(done)", csv_url)
    lines = text.strip().split("\r\n")
    assert lines[0] == ",".join([region["name"] for region in template["regions"]] + ["studentNumber", "name", "group", "ok"])
    assert len(lines) == 3
    assert any(line.split(",")[3] == new for line in lines[1:]), lines

    # 7. The template as a folder (ZIP): standard tools open it and the command line scans with it.
    export_url = csv_url.replace("/results.csv", "/template.zip")
    encoded = browser.execute_async_script(
        "const done = arguments[1]; fetch(arguments[0]).then((r) => r.arrayBuffer()).then((buffer) => {"
        " let text = ''; new Uint8Array(buffer).forEach((byte) => { text += String.fromCharCode(byte); }); done(btoa(text)); })", export_url)
    folder = tmp_path / "exported"
    with zipfile.ZipFile(io.BytesIO(base64.b64decode(encoded))) as archive:
        assert archive.testzip() is None
        assert archive.namelist() == ["template.json", "page1.jpg", "roster.csv"]
        archive.extractall(folder)
    binary = os.environ.get("SCANBOOK_BIN", str(Path(__file__).resolve().parents[2] / ".build" / "debug" / "scanbook"))
    result = subprocess.run([binary, "form", "scan", str(folder / "template.json"), str(FORMS / "000.jpg"), "--json"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["student"]["studentNumber"] == truths[0]["matrikel"]

    # 8. On a phone (390 px) no page of the module scrolls sideways.
    browser.set_window_size(390, 844)
    scan_url = csv_url.replace("/results.csv", "/scans")
    for page in (url + "/forms", csv_url.replace("/results.csv", ""), scan_url):
        browser.get(page)
        width = browser.execute_script("return document.documentElement.scrollWidth")
        assert width <= browser.execute_script("return window.innerWidth"), (page, width)
