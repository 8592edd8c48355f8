"""Issue 47, item 3, at 390 px with a finger: regions drawn one after another on a template page
are each taken (2 of 7 drags were ignored), the page stays where it is after each box (it jumped
800-1,000 px to the table), each × sits inside its own box, and the region table gives name and type
a full line instead of about 20 px."""
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import screenshot, wait
from helpers import fill, flash_after, register, submit
from test_forms import blank_form_photo

DRAWN = 7


def swipe(browser, start, end):
    """A finger put down at `start`, moved to `end` and lifted (viewport pixels)."""
    actions = ActionBuilder(browser, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to_location(*start).pointer_down()
    actions.pointer_action.move_to_location((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    actions.pointer_action.move_to_location(*end).pointer_up()
    actions.perform()


def boxes(browser):
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('.page-frame .region-box')).map(b => {"
        " const r = b.getBoundingClientRect(), x = b.querySelector('.region-remove').getBoundingClientRect();"
        " return {box: [r.left, r.top, r.right, r.bottom], remove: [x.left, x.top, x.right, x.bottom]}; })")


def test_regions_drawn_by_finger_on_a_phone(server, browser, tmp_path):
    url = server["url"]
    register(browser, url, "Xenia", "xenia.round2@example.org")
    browser.set_window_size(390, 844)
    browser.get(url + "/forms")
    submit(fill(browser, "form-template-create", name="Quiz"))
    photo = tmp_path / "blank.jpg"
    blank_form_photo(photo)
    form = wait(browser, 10).until(EC.presence_of_element_located((By.ID, "page-add")))
    form.find_element(By.NAME, "photo").send_keys(str(photo))
    submit(form)
    frame = wait(browser, 20).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".page-frame")))
    wait(browser, 10).until(lambda driver: driver.execute_script("return document.querySelector('.page-frame img').complete"))
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", frame)

    jumps = []
    for index in range(DRAWN):
        # Two columns of four rows of boxes over the visible page, from its top edge: the top bar
        # must not cover it (a drag that starts on the bar scrolls the page instead of drawing).
        left, top, width, bottom, bar = browser.execute_script(
            "const r = arguments[0].getBoundingClientRect(), bar = document.querySelector('.topbar');"
            "return [r.left, r.top, r.width, Math.min(r.bottom, window.innerHeight), bar ? bar.getBoundingClientRect().bottom : 0]", frame)
        first = max(top, 0) + 20
        assert bar <= first - 20, f"the top bar covers the drawing ({bar:.0f} px over a page starting at {top:.0f})"
        column, row = index % 2, index // 2
        step = (bottom - first - 10) / 4
        x0 = int(left + width * (0.08 + 0.47 * column))
        y0 = int(first + row * step)
        before = browser.execute_script("return window.scrollY")
        swipe(browser, (x0, y0), (x0 + int(width * 0.35), y0 + int(step * 0.6)))
        jumps.append(abs(browser.execute_script("return window.scrollY") - before))
    drawn = [field.get_attribute("value") for field in browser.find_elements(By.CSS_SELECTOR, "#region-rows [name='name[]']")]
    assert len(drawn) == DRAWN, f"{len(drawn)} of {DRAWN} drags made a region: {drawn}"
    assert max(jumps) <= 5, f"the page moved after drawing: {jumps} px"

    # Each × lies inside its own box, so it covers no neighbour.
    found = boxes(browser)
    assert len(found) == DRAWN
    for item in found:
        (bl, bt, br, bb), (xl, xt, xr, xb) = item["box"], item["remove"]
        assert bl - 0.5 <= xl and xr <= br + 0.5 and bt - 0.5 <= xt and xb <= bb + 0.5, item
    screenshot(browser, "60-regions-by-finger-390")

    # The region table: name and type get a line of their own.
    table = browser.find_element(By.CSS_SELECTOR, ".region-table")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", table)
    name = browser.find_element(By.CSS_SELECTOR, "#region-rows [name='name[]']")
    kind = browser.find_element(By.CSS_SELECTOR, "#region-rows [name='type[]']")
    assert name.size["width"] >= 250 and kind.size["width"] >= 250, (name.size, kind.size)
    fits = browser.execute_script("const s = arguments[0].parentElement; return s.scrollWidth <= s.clientWidth + 1", table)
    assert fits, "the region table scrolls sideways"
    screenshot(browser, "61-region-table-390")
    flash_after(browser, lambda: submit(browser.find_element(By.ID, "regions-form")), message=".flash")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#region-rows [name='name[]']")) == DRAWN
