// The installable, offline-capable side of the pages: registers the service worker, says when a
// page is a copy loaded earlier, and keeps what a person does offline (list items added, ticked,
// removed; photos taken) in a queue shown as "waiting to send", sent in order when the connection
// returns: by Background Sync where the browser has it, else on the next page load or `online`.
// A change the server refuses on arrival (an item another member removed) stays listed as a
// conflict until dismissed. Texts come from the body's data-offline-* attributes.
(function () {
  const texts = document.body.dataset;
  const fill = (text, values) => (text || "").replace(/\{(\w+)\}/g, (_, key) => values[key] ?? "");
  const queue = window.ScanbookQueue;

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data && event.data.type === "queue-flushed") settled(event.data.outcome);
    });
  }

  // A copy the service worker served offline: when it was loaded.
  if (texts.offlineLoadedAt !== undefined) {
    const loaded = texts.offlineLoadedAt ? new Date(texts.offlineLoadedAt) : null;
    const time = loaded && !isNaN(loaded) ? loaded.toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" }) : "?";
    const banner = Object.assign(document.createElement("p"), { id: "offline-banner", className: "flash offline-banner", textContent: fill(texts.offlineBanner, { time }) });
    banner.setAttribute("role", "status");
    document.querySelector("main")?.prepend(banner);
    window.addEventListener("online", () => banner.remove(), { once: true });
  }

  function describe(action) {
    const word = { "item-add": texts.offlineAdd, "item-tick": texts.offlineTick, "item-restore": texts.offlineRestore, "item-delete": texts.offlineDelete, photo: texts.offlinePhoto }[action.kind];
    return fill(word || "{label}", { label: action.label });
  }

  async function render() {
    if (!queue) return;
    let actions = [];
    try { actions = await queue.all(); } catch { return; }
    let section = document.getElementById("offline-queue");
    if (!actions.length) { section?.remove(); return; }
    if (!section) {
      section = Object.assign(document.createElement("section"), { id: "offline-queue", className: "card offline-queue" });
      section.setAttribute("aria-live", "polite");
      const banner = document.getElementById("offline-banner");
      if (banner) banner.after(section); else document.querySelector("main")?.prepend(section);
    }
    const waiting = actions.filter((action) => action.state === "waiting"), conflicts = actions.filter((action) => action.state !== "waiting");
    section.replaceChildren();
    if (waiting.length) {
      section.append(Object.assign(document.createElement("h2"), { textContent: fill(texts.offlineWaiting, { count: waiting.length }) }));
      const list = Object.assign(document.createElement("ul"), { id: "offline-waiting" });
      for (const action of waiting) list.append(Object.assign(document.createElement("li"), { textContent: describe(action) }));
      section.append(list);
    }
    for (const action of conflicts) {
      const reason = action.status === 404 ? texts.offlineGone : fill(texts.offlineRefused, { status: action.status });
      const line = Object.assign(document.createElement("p"), { className: "error offline-conflict", textContent: fill(texts.offlineConflict, { action: describe(action), reason }) });
      const dismiss = Object.assign(document.createElement("button"), { type: "button", className: "small", textContent: texts.offlineDismiss });
      dismiss.addEventListener("click", async () => { await queue.remove(action.id); render(); });
      line.append(" ", dismiss);
      section.append(line);
    }
  }

  function settled(outcome) {
    render();
    // Pages without live updates show what arrived by loading again.
    if (outcome && outcome.sent > 0 && !document.querySelector("script[data-live]") && texts.offlineLoadedAt === undefined) window.location.reload();
  }

  async function flush() {
    if (!queue || !navigator.onLine) return render();
    try { settled(await queue.flush()); } catch { render(); }
  }

  function kindOf(form) {
    if (form.querySelector('input[type="file"]')) return "photo";
    if (form.id === "item-add" || form.classList.contains("chip")) return "item-add";
    const checked = form.querySelector('input[name="checked"]');
    if (checked) return checked.value === "true" ? "item-tick" : "item-restore";
    if (form.dataset.offlineLabel !== undefined) return "item-delete";
    return null;
  }

  window.ScanbookOffline = {
    /// Keeps a form that could not be sent; false when it is not one that can wait.
    async queueForm(form, submitter) {
      const kind = kindOf(form);
      if (!queue || !kind || (kind === "photo" && form.dataset.offline === undefined)) return false;
      const data = new FormData(form, submitter || undefined);
      const fields = [];
      for (const [name, value] of data.entries()) {
        if (typeof value === "string") fields.push([name, value]);
        else if (value.size > 0) fields.push([name, value, value.name]);
      }
      const files = fields.filter((field) => field.length === 3).map((field) => field[2]);
      if (kind === "photo" && !files.length) return false;
      const label = kind === "photo" ? files.join(", ") : kind === "item-add" ? (data.get("name") || "") : form.dataset.offlineLabel;
      await queue.add({ url: form.action, kind, label, page: window.location.pathname, fields });
      if (kind === "item-add" || kind === "photo") form.reset();
      await render();
      // Without Background Sync it is sent on the next load or when the browser says it is online.
      navigator.serviceWorker?.ready.then((registration) => registration.sync?.register("scanbook-offline-queue")).catch(() => {});
      return true;
    },
    flush,
  };

  window.addEventListener("online", flush);
  flush();
})();
