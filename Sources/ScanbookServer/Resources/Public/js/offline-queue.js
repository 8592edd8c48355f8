// What a person did while offline, kept in IndexedDB until the server has it: list items added,
// ticked or removed, and photos taken. Shared by the pages (offline.js) and the service worker
// (sw.js, for Background Sync). Each action carries an id made here and sent as Idempotency-Key,
// so sending it again (an answer lost, two tabs, the worker and a page at once) changes nothing.
(function (scope) {
  const DATABASE = "scanbook-offline", STORE = "actions";

  function open() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  async function run(mode, work) {
    const database = await open();
    try {
      return await new Promise((resolve, reject) => {
        const transaction = database.transaction(STORE, mode);
        const result = work(transaction.objectStore(STORE));
        transaction.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
        transaction.onerror = () => reject(transaction.error);
      });
    } finally {
      database.close();
    }
  }

  const queue = {
    /// Everything queued, oldest first.
    async all() {
      const actions = (await run("readonly", (store) => store.getAll())) || [];
      return actions.sort((a, b) => a.queuedAt - b.queuedAt || a.order - b.order);
    },
    /// `action`: { url, kind, label, page, fields: [[name, value, filename?]] } (values may be Blobs).
    async add(action) {
      const entry = Object.assign({ id: crypto.randomUUID(), queuedAt: Date.now(), order: performance.now(), state: "waiting" }, action);
      await run("readwrite", (store) => store.put(entry));
      return entry;
    },
    async put(action) { await run("readwrite", (store) => store.put(action)); },
    async remove(id) { await run("readwrite", (store) => store.delete(id)); },

    /// Sends waiting actions in order; stops at the first that cannot reach the server (still
    /// offline) and leaves it and the rest waiting. A refusal is kept as a conflict, shown to the
    /// person, never dropped. Returns { sent, conflicts, waiting }.
    async flush() {
      const work = async () => {
        const outcome = { sent: 0, conflicts: 0, waiting: 0 };
        const actions = await queue.all();
        for (let index = 0; index < actions.length; index += 1) {
          const action = actions[index];
          if (action.state !== "waiting") { outcome.conflicts += 1; continue; }
          let response;
          try {
            response = await send(action);
          } catch {
            outcome.waiting = actions.slice(index).filter((a) => a.state === "waiting").length;
            break;
          }
          const status = response.type === "opaqueredirect" ? 303 : response.status;
          if (status === 409) { outcome.waiting = actions.slice(index).filter((a) => a.state === "waiting").length; break; }
          // A removal of what is already gone has happened, whoever did it.
          if (status < 400 || (status === 404 && action.kind === "item-delete")) {
            await queue.remove(action.id);
            outcome.sent += 1;
          } else {
            action.state = "conflict";
            action.status = status;
            await queue.put(action);
            outcome.conflicts += 1;
          }
        }
        return outcome;
      };
      // One sender at a time across tabs and the worker.
      return scope.navigator && scope.navigator.locks ? scope.navigator.locks.request("scanbook-offline-queue", work) : work();
    },
  };

  function send(action) {
    const urlEncoded = action.fields.every(([, value]) => typeof value === "string");
    let body;
    if (urlEncoded) {
      body = new URLSearchParams(action.fields.map(([name, value]) => [name, value]));
    } else {
      body = new FormData();
      for (const [name, value, filename] of action.fields) {
        if (typeof value === "string") body.append(name, value); else body.append(name, value, filename || "photo.jpg");
      }
    }
    return fetch(action.url, {
      method: "POST", body, credentials: "same-origin", redirect: "manual",
      headers: { "Idempotency-Key": action.id, Accept: "text/html" },
    });
  }

  scope.ScanbookQueue = queue;
})(self);
