// Keeps an open list page current: the server announces each change of the list on a WebSocket
// (only members may listen), and the page fetches itself again and swaps in the parts that
// changed. Without JavaScript the page still works; it just needs a reload.
(function () {
  const script = document.currentScript;
  const path = script && script.dataset.live;
  if (!path || !("WebSocket" in window)) return;
  // The page's parts that change with the list; the list page has its default set.
  const parts = script.dataset.parts ? script.dataset.parts.split(" ") : ["list-name", "quick-add", "items-section", "members-section"];
  let delay = 1000;

  async function refresh(change) {
    if (change.change === "deleted") { window.location.href = "/lists"; return; }
    const response = await fetch(window.location.href, { headers: { Accept: "text/html", "X-Scanbook-Refresh": "1" }, credentials: "same-origin" });
    if (!response.ok || response.redirected) { window.location.reload(); return; }
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const id of parts) {
      const current = document.getElementById(id), replacement = fresh.getElementById(id);
      // Never pull a form from under someone typing in it.
      if (current && replacement && !current.contains(document.activeElement)) current.replaceWith(replacement);
    }
  }

  function connect() {
    const socket = new WebSocket((window.location.protocol === "https:" ? "wss://" : "ws://") + window.location.host + path);
    let pinger;
    socket.onopen = () => {
      delay = 1000;
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
