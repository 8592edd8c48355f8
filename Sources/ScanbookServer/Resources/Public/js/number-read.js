// Shows under every decimal field what the server will read from it, by the same rule as
// ScanbookCore's TypedNumber: apostrophes and spaces group thousands; with both "." and "," the
// last is the decimal mark; a repeated separator groups; a single separator before exactly three
// digits is read by the page's language ("1.234" is 1234 in German, 1.234 in English).
(() => {
  const lang = document.documentElement.lang || "en";
  const commaDecimal = ["de", "fr", "it"].includes(lang.split("-")[0]);
  const readAs = document.body.dataset.readAs || "Read as";
  const invalid = document.body.dataset.notANumber || "Not a number";

  function read(text) {
    let t = text.trim();
    let negative = false;
    if (t.startsWith("-") || t.startsWith("\u2212")) { negative = true; t = t.slice(1); }
    const digits = [], separators = [], groups = [];
    for (const c of t) {
      if (c >= "0" && c <= "9") digits.push(c);
      else if (c === "." || c === ",") separators.push([c, digits.length]);
      else if ("'\u2019 \u00a0\u202f\u2009".includes(c)) groups.push(digits.length);
      else return null;
    }
    if (digits.length === 0 || digits.length > 15) return null;
    let decimal = null;
    const kinds = new Set(separators.map((s) => s[0]));
    if (kinds.size === 1 && separators.length === 1) {
      const [mark, position] = separators[0];
      const after = digits.length - position;
      const headGrouped = position >= 1 && position <= 3 && digits[0] !== "0";
      if (after === 3 && headGrouped && groups.length === 0) decimal = (mark === ",") === commaDecimal ? position : null;
      else decimal = position;
    } else if (kinds.size === 2) {
      const last = separators[separators.length - 1];
      if (separators.filter((s) => s[0] === last[0]).length !== 1) return null;
      decimal = last[1];
    }
    const whole = decimal === null ? digits.length : decimal;
    const grouping = separators.map((s) => s[1]).filter((p) => p !== decimal).concat(groups);
    for (const p of grouping) if (p <= 0 || p >= whole || (whole - p) % 3 !== 0) return null;
    if (grouping.length && Math.min(...grouping) > 3) return null;
    if (decimal !== null && decimal === digits.length) return null;
    const decimals = decimal === null ? 0 : digits.length - decimal;
    return { value: (negative ? -1 : 1) * Number(digits.join("")) / 10 ** decimals, decimals };
  }

  for (const input of document.querySelectorAll('input[inputmode="decimal"]')) {
    const hint = document.createElement("small");
    hint.className = "number-read";
    hint.setAttribute("aria-live", "polite");
    input.insertAdjacentElement("afterend", hint);
    const show = () => {
      if (!input.value.trim()) { hint.textContent = ""; return; }
      const number = read(input.value);
      hint.textContent = number === null ? invalid
        : readAs + " " + number.value.toLocaleString(lang, { minimumFractionDigits: number.decimals, maximumFractionDigits: number.decimals, useGrouping: false });
    };
    input.addEventListener("input", show);
    // Long lists of amounts the reader filled in (a receipt's lines) say nothing until one is typed.
    if (input.dataset.readHint !== "typed") show();
  }
})();
