// Keeps an open list page current: the server announces each change of the list on a WebSocket
// (only members may listen), and the page fetches itself again and swaps in the parts that
// changed. The page's own forms in `data-in-place` parts (add, tick, edit, delete an item) are
// sent in the background and their result swapped in the same way, without reloading the page.
// Without JavaScript the page still works; it just needs a reload.
(function () {
  const script = document.currentScript;
  const path = script && script.dataset.live;
  if (!path || !("WebSocket" in window)) return;
  // The page's parts that change with the list; the list page has its default set.
  const parts = script.dataset.parts ? script.dataset.parts.split(" ") : ["list-name", "quick-add", "items-section", "members-section"];
  let delay = 1000;

  function swap(html, force) {
    const fresh = new DOMParser().parseFromString(html, "text/html");
    for (const id of parts) {
      const current = document.getElementById(id), replacement = fresh.getElementById(id);
      // Never pull a form from under someone typing in it (unless that form was just sent).
      if (current && replacement && (force || !current.contains(document.activeElement))) current.replaceWith(replacement);
    }
  }

  // One fetch at a time, and one more after it when changes came meanwhile: three changes in a
  // row (a phone's queue sent when it came back online) once fetched three pages at once, and the
  // oldest, arriving last, hid the newest item.
  let fetching = false, again = false;
  async function refresh(change) {
    if (change.change === "deleted") { window.location.href = "/lists"; return; }
    if (fetching) { again = true; return; }
    fetching = true;
    try {
      do {
        again = false;
        const response = await fetch(window.location.href, { headers: { Accept: "text/html", "X-Scanbook-Refresh": "1" }, credentials: "same-origin" });
        if (!response.ok || response.redirected) { window.location.reload(); return; }
        swap(await response.text(), false);
      } while (again);
    } finally {
      fetching = false;
    }
  }

  const inPlace = script.dataset.inPlace ? script.dataset.inPlace.split(" ") : [];
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    // confirm.js runs first: a cancelled delete stays cancelled.
    if (event.defaultPrevented || form.method.toLowerCase() !== "post" || form.enctype === "multipart/form-data") return;
    if (!inPlace.some((id) => { const part = document.getElementById(id); return part && part.contains(form); })) return;
    event.preventDefault();
    const typing = form.id === "item-add";
    try {
      const response = await fetch(form.action, {
        method: "POST", body: new URLSearchParams(new FormData(form, event.submitter)), credentials: "same-origin", headers: { Accept: "text/html" },
      });
      const html = await response.text();
      if (response.ok && response.redirected && new URL(response.url).pathname === window.location.pathname) {
        swap(html, true);
        if (typing) { form.reset(); document.getElementById("item-name")?.focus(); }
        return;
      }
      // A refusal (with its message) or another page: show it as a normal submission would.
      document.open();
      document.write(html);
      document.close();
      history.replaceState(null, "", response.url);
    } catch {
      // Offline: kept to be sent when the connection returns (offline.js), or, for a form that
      // cannot wait, posted plainly so the browser says what is wrong.
      if (window.ScanbookOffline && await window.ScanbookOffline.queueForm(form, event.submitter)) {
        if (typing) document.getElementById("item-name")?.focus();
        return;
      }
      form.submit();
    }
  });

  function connect() {
    const socket = new WebSocket((window.location.protocol === "https:" ? "wss://" : "ws://") + window.location.host + path);
    let pinger;
    socket.onopen = () => {
      delay = 1000;
      // Back after a break (an instance restarting, the network): fetch what was missed meanwhile.
      if (document.body.dataset.live === "closed") refresh({ change: "reconnected" });
      document.body.dataset.live = "open";
      pinger = setInterval(() => socket.send("ping"), 25000);
    };
    socket.onmessage = (event) => { if (event.data !== "pong") refresh(JSON.parse(event.data)); };
    socket.onclose = (event) => {
      clearInterval(pinger);
      document.body.dataset.live = "closed";
      if (event.code === 1008) { window.location.reload(); return; }  // no longer a member
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  }
  connect();
})();
