// The payment form's reference type follows what the bill implies while it is typed, until the
// person picks one: a QR-IBAN takes QR references, "RF…" is a creditor reference, a long row of
// digits a QR reference. The server applies the same rule (PaymentDraft.inferredReferenceType),
// so a form sent without this script ends the same way.
(() => {
  const type = document.getElementById("payment-reference-type");
  const reference = document.getElementById("payment-reference");
  const account = document.getElementById("payment-account");
  if (!type || !reference || !account) return;
  let picked = false;
  type.addEventListener("change", () => { picked = true; });
  const compact = (text) => text.replace(/\s/g, "").toUpperCase();
  const isQRIBAN = (text) => {
    const iban = compact(text);
    if (!/^(CH|LI)\d{7}[0-9A-Z]{12}$/.test(iban)) return false;
    const institution = Number(iban.slice(4, 9));
    return institution >= 30000 && institution <= 31999;
  };
  const follow = () => {
    if (picked) return;
    const typed = compact(reference.value);
    if (typed.startsWith("RF")) type.value = "SCOR";
    else if (isQRIBAN(account.value) || /^\d{20,}$/.test(typed)) type.value = "QRR";
    else if (typed === "") type.value = "NON";
  };
  reference.addEventListener("input", follow);
  account.addEventListener("input", follow);
})();
