"""The payment journey of the seed: photograph a QR-bill, the form is filled, send it to a new
beneficiary, sign it with a TOTP code, execute the day, download a pain.001 file the ISO schema
accepts; the audit log then verifies, and a changed entry is found."""
import base64
import hashlib
import hmac
import os
import sqlite3
import struct
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, screenshot
from helpers import fill, flash_after, register, submit

FIXTURES = Path(__file__).resolve().parents[1] / "ScanbookServerTests" / "Fixtures"
PAIN001_XSD = next((p for p in (ROOT.parent / "shared/schemas/pain.001.001.09.xsd", ROOT / ".build/schemas/pain.001.001.09.xsd") if p.exists()), None)
BINARY = os.environ.get("SCANBOOK_BIN", str(ROOT / ".build" / "debug" / "scanbook"))


def totp(secret: str, at: float) -> str:
    """RFC 6238 with SHA-1, six digits, 30-second steps: what authenticator apps compute."""
    compact = secret.replace(" ", "")
    key = base64.b32decode(compact + "=" * ((8 - len(compact) % 8) % 8))
    mac = hmac.new(key, struct.pack(">Q", int(at // 30)), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return f"{(struct.unpack('>I', mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000:06d}"


def audit_verify(data: Path):
    environment = dict(os.environ, SCANBOOK_DATA_DIR=str(data), LOG_LEVEL="error")
    environment.pop("DATABASE_URL", None)
    return subprocess.run([BINARY, "audit", "verify"], capture_output=True, text=True, env=environment, timeout=120)


def test_photo_to_signed_payment_to_bank_file(server, browser):
    url = server["url"]
    register(browser, url, "Paula", "paula@example.org")
    browser.get(url + "/payments")
    # The new page, not the old one still on screen (which may hold the same elements).
    flash_after(browser, lambda: submit(fill(browser, "account-form", name="Privatkonto", iban="CH93 0076 2011 6238 5295 7")))
    WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "slip-form")))

    # The photo fills the form.
    form = browser.find_element(By.ID, "slip-form")
    form.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(FIXTURES / "qr-bill.png"))
    submit(form)
    WebDriverWait(browser, 30).until(EC.presence_of_element_located((By.ID, "slip-note")))
    assert browser.find_element(By.ID, "payment-account").get_attribute("value") == "CH4431999123000889012"
    assert browser.find_element(By.ID, "payment-amount").get_attribute("value") == "1949.75"
    assert browser.find_element(By.ID, "payment-name").get_attribute("value") == "Robert Schneider AG"
    screenshot(browser, "30-payment-from-qr-bill")

    # Sent to a beneficiary on no whitelist: pending, waiting for a signature.
    flash_after(browser, browser.find_element(By.CSS_SELECTOR, "#payment-form button[type=submit]").click)
    pending = browser.find_element(By.ID, "pending")
    assert "Robert Schneider AG" in pending.text and "Signature needed" in pending.text
    pending.find_element(By.LINK_TEXT, "Robert Schneider AG").click()
    payment_url = browser.current_url
    assert browser.find_element(By.ID, "payment-awaiting").is_displayed()

    # Enrol an authenticator: its key is shown once, with a QR code.
    browser.find_element(By.ID, "enrol-link").click()
    submit(browser.find_element(By.ID, "authenticator-start"))
    secret = WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "authenticator-secret"))).text
    qr = browser.find_element(By.ID, "authenticator-qr")
    assert qr.get_attribute("src").startswith("data:image/svg+xml;base64,") and qr.size["width"] >= 200
    screenshot(browser, "31-authenticator-enrolment")
    if time.time() % 30 > 27:
        time.sleep(4)
    now = time.time()
    # The previous step's code confirms (authenticators may lag a step), the current one signs.
    submit(fill(browser, "authenticator-confirm", code=totp(secret, now - 30)))
    WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "authenticator-state")))
    assert secret not in browser.page_source

    browser.get(payment_url)
    submit(fill(browser, "sign-form", code="000000"))
    WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, "p.error")))
    flash_after(browser, lambda: submit(fill(browser, "sign-form", code=totp(secret, now))))
    assert not browser.find_elements(By.ID, "payment-awaiting")
    assert browser.find_element(By.ID, "payment-state").text.lower() == "pending"

    # Execute the day; the file is listed and downloads as pain.001.
    browser.get(url + "/payments")
    execute = browser.find_element(By.ID, "execute-form")
    date = execute.find_element(By.NAME, "date")
    browser.execute_script("arguments[0].value = arguments[1]", date, browser.find_element(By.ID, "payment-form").find_element(By.NAME, "executionDate").get_attribute("value"))
    execute.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    # The file's payments, count and sum are shown before anything is sent.
    summary = WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "execute-summary"))).text
    assert summary == "1 payment, CHF 1949.75", summary
    submit(browser.find_element(By.ID, "execute-confirm"))
    WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "files")))
    link = browser.find_element(By.CSS_SELECTOR, "#files a").get_attribute("href")
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in browser.get_cookies())
    with urllib.request.urlopen(urllib.request.Request(link, headers={"Cookie": cookies}), timeout=10) as response:
        xml = response.read()
    assert b"<IBAN>CH4431999123000889012</IBAN>" in xml and b'<InstdAmt Ccy="CHF">1949.75</InstdAmt>' in xml
    if PAIN001_XSD:
        with tempfile.NamedTemporaryFile(suffix=".xml") as file:
            file.write(xml)
            file.flush()
            checked = subprocess.run(["xmllint", "--noout", "--schema", str(PAIN001_XSD), file.name], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
    browser.get(url + "/payments/whitelist")
    assert "Robert Schneider AG" in browser.find_element(By.ID, "personal-whitelist").text
    browser.get(url + "/payments/audit")
    entries = browser.find_element(By.ID, "audit-entries").text
    assert "Payment signed" in entries and "Payments sent to the bank" in entries and "payment.sign" not in entries
    screenshot(browser, "32-audit-log")

    # The chain verifies; a changed entry is found and the command fails.
    intact = audit_verify(server["data"])
    assert intact.returncode == 0 and "intact" in intact.stdout, intact.stdout + intact.stderr
    database = sqlite3.connect(server["data"] / "scanbook.sqlite")
    original = database.execute("SELECT actor FROM audit_entries WHERE sequence = 2").fetchone()[0]
    database.execute("UPDATE audit_entries SET actor = 'mallory@example.org' WHERE sequence = 2")
    database.commit()
    try:
        broken = audit_verify(server["data"])
        assert broken.returncode == 1 and "broken at entry 2" in broken.stdout, broken.stdout + broken.stderr
    finally:
        database.execute("UPDATE audit_entries SET actor = ? WHERE sequence = 2", (original,))
        database.commit()
        database.close()


def test_a_qr_bill_is_issued_shown_and_downloaded_then_a_statement_previewed(server, browser):
    """Issue 44: a QR-bill for one's own invoice, at a phone's width, then a statement previewed
    before it is applied."""
    url = server["url"]
    register(browser, url, "Olga", "olga.bills@example.org")
    browser.set_window_size(390, 900)
    browser.get(url + "/payments")
    # The link is on the old page too: clicking it there raced the form's answer replacing it.
    flash_after(browser, lambda: submit(fill(browser, "account-form", name="Vereinskonto", iban="CH93 0076 2011 6238 5295 7")))
    WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "bills-link"))).click()
    submit(fill(browser, "bill-form", creditorName="Turnverein Seeblick", creditorStreet="Seeweg", creditorBuildingNumber="4",
                creditorPostalCode="8800", creditorTown="Thalwil", creditorCountry="CH", debtorName="Hans Meier",
                debtorStreet="Dorfstrasse 3, 8802 Kilchberg", debtorCountry="CH", amount="120.00", message="Jahresbeitrag"))
    image = WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "bill-image")))
    WebDriverWait(browser, 10).until(lambda driver: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image))
    assert browser.find_element(By.ID, "bill-state").text == "open"
    assert browser.find_element(By.ID, "bill-reference").text == "RF74 1"
    # The picture fits the phone's width; nothing scrolls sideways.
    assert image.size["width"] <= 390 and browser.execute_script("return document.documentElement.scrollWidth") <= 390
    screenshot(browser, "36-issued-qr-bill")
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in browser.get_cookies())
    pdf = browser.find_element(By.ID, "bill-pdf").get_attribute("href")
    with urllib.request.urlopen(urllib.request.Request(pdf, headers={"Cookie": cookies}), timeout=20) as response:
        assert response.headers["Content-Type"] == "application/pdf" and response.read().startswith(b"%PDF-")

    # The list shows it with its state; the debtor's one-line address was split.
    browser.find_element(By.PARTIAL_LINK_TEXT, "All bills").click()
    assert "Hans Meier" in browser.find_element(By.ID, "bills").text and "open" in browser.find_element(By.ID, "bills").text

    # A statement crediting it: previewed first, then applied from the preview.
    statement = ('<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>'
                 '<GrpHdr><MsgId>S-1</MsgId><CreDtTm>2026-11-30T18:00:00</CreDtTm></GrpHdr><Stmt><Id>S1</Id><CreDtTm>2026-11-30T18:00:00</CreDtTm>'
                 '<Acct><Id><IBAN>CH9300762011623852957</IBAN></Id></Acct><Ntry><Amt Ccy="CHF">120.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>'
                 '<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-30</Dt></BookgDt><AcctSvcrRef>BK-77</AcctSvcrRef><NtryDtls><TxDtls>'
                 '<RmtInf><Strd><CdtrRefInf><Ref>RF741</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>')
    with tempfile.NamedTemporaryFile("w", suffix=".xml", delete=False) as file:
        file.write(statement)
    browser.get(url + "/payments")
    form = browser.find_element(By.ID, "statement-form")
    assert browser.find_element(By.ID, "statement-preview-box").is_selected(), "a preview comes first unless unticked"
    form.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(file.name)
    submit(form)
    summary = WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "statement-summary"))).text
    assert "1 bill payments received" in summary and "nothing changed" in summary
    screenshot(browser, "37-statement-preview")
    Path(file.name).unlink()
    flash_after(browser, lambda: submit(browser.find_element(By.ID, "statement-apply")))
    browser.get(url + "/payments/bills")
    assert "paid" in browser.find_element(By.ID, "bills").text
