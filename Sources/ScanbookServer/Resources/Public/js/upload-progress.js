// Uploads: a chosen file larger than the field's data-max-bytes or not of its accept types is
// refused before a byte is sent (a long upload would end in the same refusal); the rest is sent
// with XMLHttpRequest and a progress bar. The answer replaces the page as a normal post would,
// so the page reached and its flash messages are the ones the server rendered once. Without
// this script the forms post as before.
(() => {
  const texts = document.currentScript ? document.currentScript.dataset : {};
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, key) => values[key] ?? "");
  const words = (bytes) => {
    if (bytes < 1000) return `${bytes} B`;
    let tenths = Math.floor(bytes / 100), unit = 0;
    while (tenths >= 10000 && unit < 2) { tenths = Math.floor(tenths / 1000); unit += 1; }
    return `${tenths % 10 ? (tenths / 10).toFixed(1) : tenths / 10} ${["kB", "MB", "GB"][unit]}`;
  };
  // The accept list as an ordinary word list: "image/jpeg,image/png" → "JPEG, PNG".
  const typeNames = (accept) => accept.split(",").map((type) => type.trim())
    .map((type) => type.endsWith("/*") ? type : type.replace(/^.*[/.]/, "").toUpperCase()).join(", ");
  const accepted = (file, accept) => !accept || !file.type || accept.split(",").map((t) => t.trim().toLowerCase()).some((type) =>
    type.startsWith(".") ? file.name.toLowerCase().endsWith(type)
      : type.endsWith("/*") ? file.type.startsWith(type.slice(0, -1)) : file.type === type);

  function problem(input, form) {
    const limit = Number(input.dataset.maxBytes || form.dataset.maxBytes || document.body.dataset.maxUploadBytes || 0);
    for (const file of input.files) {
      if (limit > 0 && file.size > limit) return fill(texts.tooLarge, { name: file.name, size: words(file.size), maximum: words(limit) });
      if (!accepted(file, input.accept)) return fill(texts.wrongType, { name: file.name, types: typeNames(input.accept) });
    }
    return null;
  }

  function say(form, after, text) {
    form.querySelectorAll(".upload-problem").forEach((old) => old.remove());
    if (!text) return;
    const message = Object.assign(document.createElement("p"), { className: "error upload-problem", textContent: text });
    message.setAttribute("role", "alert");
    (after.closest("label") || after).after(message);
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented || !form.matches('form[enctype="multipart/form-data"]') || form.method !== "post") return;
    const inputs = [...form.querySelectorAll('input[type="file"]')].filter((input) => input.files && input.files.length);
    say(form, form, null);
    for (const input of inputs) {
      const text = problem(input, form);
      if (text) { event.preventDefault(); say(form, input, text); input.focus(); return; }
    }
    if (!inputs.length || !window.XMLHttpRequest || !window.FormData) return;
    event.preventDefault();
    const data = new FormData(form);
    if (event.submitter && event.submitter.name) data.append(event.submitter.name, event.submitter.value);
    const buttons = form.querySelectorAll('button, input[type="submit"]');
    buttons.forEach((button) => { button.disabled = true; });
    const bar = Object.assign(document.createElement("p"), { className: "upload-progress" });
    const meter = Object.assign(document.createElement("progress"), { max: 100, value: 0 });
    const label = Object.assign(document.createElement("span"), { textContent: texts.sending });
    bar.append(meter, " ", label);
    form.append(bar);
    const xhr = new XMLHttpRequest();
    xhr.upload.addEventListener("progress", (progress) => {
      if (!progress.lengthComputable) return;
      meter.value = Math.floor((100 * progress.loaded) / progress.total);
      label.textContent = `${meter.value} %`;
    });
    xhr.addEventListener("load", () => {
      // The page a normal post ends on (after a redirect, its target), rendered once: a new GET
      // would find the flash messages already taken.
      history.replaceState(null, "", xhr.responseURL || form.action);
      const refresh = Number.parseInt(xhr.getResponseHeader("Refresh") || "", 10);
      document.open();
      document.write(xhr.responseText);
      document.close();
      if (refresh > 0) setTimeout(() => location.reload(), refresh * 1000);
    });
    xhr.addEventListener("error", async () => {
      bar.remove();
      buttons.forEach((button) => { button.disabled = false; });
      // Offline: a photo form that can wait keeps the photo to send later (offline.js).
      if (window.ScanbookOffline && await window.ScanbookOffline.queueForm(form, event.submitter)) return;
      say(form, form.lastElementChild || form, texts.failed);
    });
    xhr.open("POST", form.action);
    xhr.send(data);
  });
})();
