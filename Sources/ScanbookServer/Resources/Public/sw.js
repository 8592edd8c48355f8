// The service worker: the app shell from a cache, the pages a person opened kept for when the
// network is gone (served with the time they were loaded), and queued actions sent by Background
// Sync. Hand-written, no build step. Pages are kept per browser profile and dropped at sign-out.
importScripts("/js/offline-queue.js");

const SHELL = "scanbook-shell-v1", PAGES = "scanbook-pages-v1", KEPT_PAGES = 40;
const SHELL_FILES = [
  "/css/app.css", "/js/confirm.js", "/js/form-errors.js", "/js/payment-form.js", "/js/upload-progress.js", "/js/number-read.js", "/js/offline-queue.js", "/js/offline.js",
  "/js/list-live.js", "/manifest.json", "/icons/icon-192.png", "/icons/icon.svg",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (![SHELL, PAGES].includes(name)) await caches.delete(name);
    await self.clients.claim();
    // The pages open when the app was installed were loaded before the worker ran: kept now.
    for (const client of await self.clients.matchAll({ type: "window" })) {
      const url = new URL(client.url);
      if (url.origin === self.location.origin && keepable(url)) await page(new Request(url.href, { credentials: "same-origin" })).catch(() => {});
    }
  })());
});

self.addEventListener("sync", (event) => {
  if (event.tag === "scanbook-offline-queue") event.waitUntil(self.ScanbookQueue.flush().then(tellPages));
});

async function tellPages(outcome) {
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: "queue-flushed", outcome });
}

/// Pages worth keeping: what a person opens to look things up (not forms of other people's data, not the API).
function keepable(url) {
  return !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/login") && !url.pathname.startsWith("/register")
    && !url.pathname.endsWith(".csv") && !url.pathname.includes("/image") && !url.pathname.includes("/photo");
}

self.addEventListener("fetch", (event) => {
  const request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === "/logout") {
    // Signing out forgets the pages kept for this person.
    event.waitUntil(caches.delete(PAGES));
    return;
  }
  if (request.method !== "GET") return;
  // The sign-in page means the session ended (or another person signs in): its pages go.
  if (request.mode === "navigate" && url.pathname.startsWith("/login")) event.waitUntil(caches.delete(PAGES));
  if (SHELL_FILES.includes(url.pathname) || url.pathname.startsWith("/icons/")) {
    event.respondWith(fromShell(request));
  } else if (request.mode === "navigate" && keepable(url)) {
    event.respondWith(page(request));
  }
});

/// The cached copy at once, refreshed behind it.
async function fromShell(request) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(request, { ignoreSearch: true });
  const fresh = fetch(request).then((response) => { if (response.ok) cache.put(request, response.clone()); return response; }).catch(() => cached);
  return cached || fresh;
}

/// The network first; offline, the page as last loaded, marked with when that was.
async function page(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    const type = response.headers.get("Content-Type") || "";
    if (response.ok && !response.redirected && type.startsWith("text/html")) {
      const html = await response.clone().text();
      await cache.put(request, new Response(html, { headers: { "Content-Type": type, "X-Scanbook-Loaded-At": new Date().toISOString() } }));
      trim(cache);
    }
    return response;
  } catch (error) {
    const cached = await cache.match(request) || await cache.match(new URL(request.url).pathname);
    if (!cached) return offlinePage();
    const loadedAt = cached.headers.get("X-Scanbook-Loaded-At") || "";
    const html = (await cached.text()).replace("<body", `<body data-offline-loaded-at="${loadedAt}"`);
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - KEPT_PAGES))) await cache.delete(key);
}

function offlinePage() {
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline · Scanbook</title><link rel="stylesheet" href="/css/app.css"></head><body data-offline-loaded-at="">
<main><h1>Offline</h1><p>This page was not opened before, so there is no copy of it. Keine Verbindung: diese Seite wurde noch nie geöffnet.</p>
<p><a href="/">Scanbook</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
