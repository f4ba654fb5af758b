// The app's Python: Pyodide in a Web Worker, so the page never freezes while it starts or scores.
// It loads the runtime and the wheels from this folder only (the lock file among the wheels),
// runs scorecalc.web.local (the pad's routes without HTTP), and keeps each table's FILE in
// IndexedDB before it answers: the page shows "saved" only once IndexedDB has it (app/store.mjs).
import { open as openPython } from "./@opening.js@";
import { create, forget, open, read, whole, write } from "./@store.mjs@";

const base = self.location.href;
const started = performance.now();
// Python up (restored from this phone's snapshot when it has one: opening.js), then its tables.
const ready = (async () => {
  const runtime = new URL("./@pyodide/@", base).href;
  const opened = await openPython(runtime, new URL("./@lock.json@", base).href, () => {});
  opened.pyodide.runPython(
    "import os; os.makedirs('/home/pyodide', exist_ok=True); os.chdir('/home/pyodide')");
  return { ...opened, tables: opened.local.Tables() };
})();

// The tables kept on this phone (app/store.mjs): each write compare-and-set on the version this
// worker last read or wrote of its table, so a second tab never puts a stale copy over the first's.
let database = null;
function db() {
  if (!database) database = open(indexedDB).catch((error) => { database = null; throw error; });
  return database;
}
async function fetched(key) {  // a connection closed under the worker (storage cleared): a fresh one, once
  try {
    return await read(await db(), key);
  } catch (error) {
    database = null;
    return read(await db(), key);
  }
}
const held = new Map();  // key -> {version, text, scored, now}: the table as this worker last kept it

// The words a player reads when IndexedDB did not take an answer: it is in the table open here.
const LOST = "not kept on this phone: the table was deleted in another tab, or the phone’s storage was "
  + "cleared or is full. The table is still open in this tab: use “Export YAML” above to keep it.";
const BUSY = "not saved: another tab keeps changing this table; Enter again to give it once more.";
const SCORED = "not saved: this table was scored in another tab; its score page is shown now.";

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

const ops = {
  async ready() {
    const { started: how } = await ready;
    return { seconds: (performance.now() - started) / 1000, started: how };
  },
  async score(name, text, format) {
    const { local } = await ready;
    return plain(local.score(name, text, format || "json"));
  },
  // A kept table opened: its record read here (the version this worker writes over) and handed
  // to Python. {ok, ready, version} or {ok: false, message}.
  async start(key, now) {
    const { tables } = await ready;
    const record = await fetched(key);
    if (!whole(record)) return { ok: false, message: "this table is no longer kept on this phone" };
    return begin(tables, record, now || "");
  },
  // A file from the picker: its bytes to Python, which reads them as `scorecalc score FILE` does;
  // kept as a new table only once Python took it. {ok, game, ready} or {ok: false, message}.
  async take(key, name, bytes, now) {
    const { pyodide, tables } = await ready;
    const view = pyodide.toPy(bytes);  // a memoryview over the file's bytes, made Python's bytes
    const made = pyodide.runPython("bytes");
    const data = made(view);
    const result = plain(tables.start(key, undefined, name, data, now || ""));  // undefined: None
    for (const proxy of [data, made, view]) proxy.destroy();
    if (!result.ok) return result;
    try {
      await create(await db(), { key, game: result.game, name, text: result.text });
    } catch (error) {
      tables.stop(key);
      return { ok: false, message: name + ": not kept: this phone’s storage is full or was refused" };
    }
    tables.stop(key);
    return { ok: true, game: result.game, ready: result.ready };
  },
  async text(key) {  // FILE as the table open here has it (Export when IndexedDB lost it)
    const { tables } = await ready;
    const table = tables.get(key);
    const text = table.text();
    table.destroy();
    return text;
  },
  // One request of the pad's scripts. A change is kept over the version read; when another tab
  // kept a newer one, the table is opened again from it and the same request answered once more
  // (the pad's own compare-and-set then says "stale" where both changed the same answer). `kept`:
  // "saved", "reloaded" (saved, after another tab's changes were taken in), "scored" (another tab
  // scored it: refused) or "lost" (IndexedDB did not take it: refused, the table kept here).
  // `applied`: the key of the answer pending in IndexedDB this request is (given before Python was
  // up): deleted in the transaction that keeps its change, or once the model refused it.
  async request(key, method, path, body, applied) {
    const { tables } = await ready;
    for (let tries = 0; ; tries += 1) {
      const table = tables.get(key);
      const reply = plain(table.request(method, path, body || ""));
      table.destroy();
      if (method !== "POST") return reply;
      const kept = await store(key, reply.scored, applied);
      if (kept.ok) {
        if (applied !== undefined && !kept.wrote) await forget(await db(), applied).catch(() => {});
        reply.kept = tries ? "reloaded" : "saved";
        return reply;
      }
      if (kept.why === "stale" && !kept.record.scored && tries < 3) {
        const opened = begin(tables, kept.record, held.get(key).now);
        if (opened.ok) continue;
      }
      if (applied !== undefined) await forget(await db(), applied).catch(() => {});  // said in words below
      if (kept.why !== "stale") return refusal(reply, LOST, "lost");
      return refusal(reply, kept.record.scored ? SCORED : BUSY, kept.record.scored ? "scored" : "stale");
    }
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
    if (heard.taken) heard.kept = await said(key);
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
    joined.kept = await said(key);
    return joined;
  },
  async nameMe(key, name) {  // joined with the game and her name alone: her name as player 1's
    const { tables } = await ready;
    const held = tables.get(key);
    const named = plain(held.name_me(name));
    held.destroy();
    named.kept = await said(key);
    return named;
  },
  async stop(key) {
    const { tables } = await ready;
    tables.stop(key);
    held.delete(key);
    return true;
  },
};

function begin(tables, record, now) {
  const text = record.text == null ? undefined : record.text;  // undefined: Python's None
  const result = plain(tables.start(record.key, record.game, record.name, text, now));
  if (result.ok) {
    held.set(record.key, { version: record.version || 0, text: record.text == null ? null : record.text,
      scored: Boolean(record.scored), now });
  }
  delete result.text;
  return result;
}

// A reply the pad's scripts show as a refusal on the answer's field, saying why in words.
function refusal(reply, message, kept) {
  return Object.assign({}, reply, { code: 409, type: "application/json", kept,
    body: JSON.stringify({ status: "refused", message, current: null, warnings: [] }) });
}

// After a change: FILE's new text (and the score page, once scored) into IndexedDB over the
// version this worker holds. {ok: true, wrote} (`wrote`: false when there was nothing new to
// keep), or store.write's refusal; a storage error (full, cleared under us) is {ok: false, why:
// "lost"}. `applied`: a pending answer's key, deleted in the write's own transaction.
async function store(key, scored, applied) {
  const { tables } = await ready;
  const mine = held.get(key);
  const table = tables.get(key);
  const text = table.text();
  const change = {};
  if (text !== undefined && text !== null && text !== mine.text) change.text = text;
  if (scored && !mine.scored) {
    change.scored = true;
    change.page = table.page;
    change.link = table.bgstats_link();
  }
  table.destroy();
  if (!Object.keys(change).length) return { ok: true, wrote: false };
  let result;
  try {
    result = await write(await db(), key, mine.version, change, applied);
  } catch (error) {
    database = null;  // opened afresh next time (a database deleted under us stays closed)
    return { ok: false, why: "lost" };
  }
  if (result.ok) {
    mine.version = result.version;
    if ("text" in change) mine.text = change.text;
    if (change.scored) mine.scored = true;
    result.wrote = true;
  }
  return result;
}

// A change made by a part, a join or a name (no retry: the page says it in words): "saved",
// "stale" (another tab kept this table meanwhile) or "lost".
async function said(key) {
  const kept = await store(key, false);
  return kept.ok ? "saved" : kept.why === "stale" ? "stale" : "lost";
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
