// The app's Python: Pyodide in a Web Worker, so the page never freezes while it starts or scores.
// It loads the runtime and the wheels from this folder only (the lock file among the wheels),
// runs scorecalc.web.local (the pad's routes without HTTP), and keeps each table's FILE in
// IndexedDB before it answers: the page shows "saved" only once IndexedDB has it.
import { open } from "./@opening.js@";

const base = self.location.href;
const started = performance.now();
// Python up (restored from this phone's snapshot when it has one: opening.js), then its tables.
const ready = (async () => {
  const runtime = new URL("./@pyodide/@", base).href;
  const opened = await open(runtime, new URL("./@lock.json@", base).href, () => {});
  opened.pyodide.runPython(
    "import os; os.makedirs('/home/pyodide', exist_ok=True); os.chdir('/home/pyodide')");
  return { ...opened, tables: opened.local.Tables() };
})();

const DB = "scorecalc";
let database = null;
function db() {
  if (database) return database;
  database = new Promise((resolve, reject) => {
    const opening = indexedDB.open(DB, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("tables", { keyPath: "key" });
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  return database;
}
async function keep(key, change) {
  const handle = await db();
  return new Promise((resolve, reject) => {
    const transaction = handle.transaction("tables", "readwrite");
    const store = transaction.objectStore("tables");
    const got = store.get(key);
    got.onsuccess = () => store.put(Object.assign(got.result || { key }, change, { updated: Date.now() }));
    transaction.oncomplete = () => resolve();  // durable: IndexedDB has it
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

function pyodideDict({ pyodide }, object) {
  return pyodide.toPy(object);
}

function plain(value) {
  if (value && typeof value.toJs === "function") {
    const result = value.toJs({ dict_converter: Object.fromEntries });
    value.destroy();
    return result;
  }
  return value;
}

const kept = new Map();  // a table's FILE text as IndexedDB last took it
const ops = {
  async ready() {
    const { started: how } = await ready;
    return { seconds: (performance.now() - started) / 1000, started: how };
  },
  async games() {
    const { pyodide } = await ready;
    return plain(pyodide.runPython(
      "from scorecalc.games import REGISTRY, get_game\n" +
      "[[name, get_game(name).title] for name in REGISTRY]"));
  },
  async score(name, text, format) {
    const { local } = await ready;
    return plain(local.score(name, text, format || "json"));
  },
  async start(key, game, name, text, now) {
    const { tables } = await ready;
    const result = plain(tables.start(key, game, name, text == null ? undefined : text, now || ""));  // null: None
    if (result.ok) kept.set(key, text);
    return result;
  },
  async request(key, method, path, body) {
    const { tables } = await ready;
    const table = tables.get(key);
    const reply = plain(table.request(method, path, body || ""));
    table.destroy();
    await store(key, reply.scored);
    return reply;
  },
  async body(key) {
    const { tables } = await ready;
    const table = tables.get(key);
    const text = table.page_body();
    table.destroy();
    return text;
  },
  async link(key) {
    const { tables } = await ready;
    const table = tables.get(key);
    const link = table.bgstats_link();
    table.destroy();
    return link;
  },
  // Several phones, no network (SPEC section 9): a part sent as QR codes and taken by the holder.
  async send(key, name, table) {  // "Send my part": her answers as codes, drawn as SVG
    const { tables } = await ready;
    const held = tables.get(key);
    const sent = plain(held.send(name, table || ""));
    held.destroy();
    return sent;
  },
  async share(key) {  // the table's own code, for a phone that joins
    const { tables } = await ready;
    const held = tables.get(key);
    const sent = plain(held.share());
    held.destroy();
    return sent;
  },
  async code(key, text) {  // one code the camera read: a part applied once whole, FILE kept
    const { tables } = await ready;
    const held = tables.get(key);
    const heard = plain(held.code(text));
    held.destroy();
    if (heard.taken) await store(key, false);
    return heard;
  },
  async whose(key, received) {
    const { tables } = await ready;
    const held = tables.get(key);
    const found = plain(held.whose(received ? pyodideDict(await ready, received) : undefined));
    held.destroy();
    return found;
  },
  async hear(text) {  // a code of a table's code, read by a phone that joins
    const { tables } = await ready;
    return plain(tables.hear(text));
  },
  async join(key, packed) {  // the joining phone's new table set from the table's code
    const { tables } = await ready;
    const held = tables.get(key);
    const joined = plain(held.join(packed));
    held.destroy();
    await store(key, false);
    return joined;
  },
  async nameMe(key, name) {  // joined with the game and her name alone: her name as player 1's
    const { tables } = await ready;
    const held = tables.get(key);
    const named = plain(held.name_me(name));
    held.destroy();
    await store(key, false);
    return named;
  },
  async stop(key) {
    const { tables } = await ready;
    tables.stop(key);
    kept.delete(key);
    return true;
  },
};

// After a request: FILE's new text (and the score page, once scored) into IndexedDB.
async function store(key, scored) {
  const { tables } = await ready;
  const table = tables.get(key);
  const text = table.text();
  const change = {};
  if (text !== undefined && text !== null && text !== kept.get(key)) change.text = text;
  if (scored) {
    change.scored = true;
    change.page = table.page;
    if (!kept.has(key + "\n")) change.link = table.bgstats_link();
  }
  table.destroy();
  if (Object.keys(change).length) {
    await keep(key, change);
    if ("text" in change) kept.set(key, change.text);
    if (scored) kept.set(key + "\n", true);
  }
}

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    const result = await ops[op](...(args || []));
    self.postMessage({ id, result });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message || error) });
  }
};
