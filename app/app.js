// The app's page: choose a game, start a table or open one kept on this phone, import a YAML
// file, show the pad (pad.js and board.js, in a frame, over the transport below) and the score
// page. Python runs in the worker; this page only asks it and shows what it says.
"use strict";

const worker = new Worker("@worker.js@", { type: "module" });
let asked = 0;
const waiting = new Map();
worker.onmessage = (event) => {
  const { id, result, error } = event.data;
  const promise = waiting.get(id);
  waiting.delete(id);
  if (error !== undefined) promise.reject(new Error(error)); else promise.resolve(result);
};
function ask(op, ...args) {
  asked += 1;
  const id = asked;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, op, args });
  });
}

const $ = (id) => document.getElementById(id);
function say(text, bad) {
  $("status").textContent = text;
  $("status").className = bad ? "bad" : "";
}

// --- IndexedDB: the tables kept on this phone (the worker writes each answer; this page lists) ---
function db() {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open("scorecalc", 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("tables", { keyPath: "key" });
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
}
async function tx(mode, work) {
  const handle = await db();
  return new Promise((resolve, reject) => {
    const transaction = handle.transaction("tables", mode);
    let result;
    const request = work(transaction.objectStore("tables"));
    if (request) request.onsuccess = () => { result = request.result; };
    transaction.oncomplete = () => resolve(result);
    transaction.onerror = () => reject(transaction.error);
  });
}
const allTables = () => tx("readonly", (store) => store.getAll());
const getTable = (key) => tx("readonly", (store) => store.get(key));
const putTable = (record) => tx("readwrite", (store) => store.put(record));
const deleteTable = (key) => tx("readwrite", (store) => store.delete(key));

// --- screens ---
let games = [];
let current = null;  // the open table's record
function show(screen) {
  for (const id of ["home", "table", "result"]) $(id).hidden = id !== screen;
  document.title = screen === "home" ? "scorecalc" : (current ? current.name + " — scorecalc" : "scorecalc");
}

function titleOf(game) {
  const found = games.find(([name]) => name === game);
  return found ? found[1] : game;
}

async function home() {
  if (current) { await ask("stop", current.key); current = null; }
  history.replaceState(null, "", location.pathname);
  $("pad").removeAttribute("src");
  await list();
  show("home");
}

async function list() {
  const tables = (await allTables()).sort((a, b) => b.updated - a.updated);
  const out = $("tables");
  out.replaceChildren();
  $("none").hidden = tables.length > 0;
  for (const table of tables) {
    const item = document.createElement("li");
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = titleOf(table.game) + ": " + table.name + (table.scored ? " (scored)" : "");
    const open = button("Open", () => openTable(table.key));
    open.setAttribute("aria-label", "Open " + table.name);
    const save = button("Export", () => exportTable(table));
    save.setAttribute("aria-label", "Export " + table.name);
    const drop = button("Delete", async () => {
      if (drop.dataset.armed !== "yes") { drop.dataset.armed = "yes"; drop.textContent = "Tap again to delete"; return; }
      await deleteTable(table.key);
      say("deleted " + table.name);
      list();
    });
    drop.setAttribute("aria-label", "Delete " + table.name);
    item.append(what, open, save, drop);
    out.append(item);
  }
}

function button(text, action) {
  const made = document.createElement("button");
  made.type = "button";
  made.textContent = text;
  made.addEventListener("click", action);
  return made;
}

function stamp(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return date.getFullYear() + "-" + pad(date.getMonth() + 1) + "-" + pad(date.getDate()) + "-"
    + pad(date.getHours()) + pad(date.getMinutes());
}
function localNow() {
  const date = new Date();
  return new Date(date.getTime() - date.getTimezoneOffset() * 60000).toISOString().slice(0, 19);
}

async function newTable(game) {
  const record = { key: crypto.randomUUID(), game, name: game + "-" + stamp(new Date()) + ".yaml",
    text: null, scored: false, updated: Date.now() };
  await putTable(record);
  await openTable(record.key);
}

async function openTable(key, imported) {
  const record = await getTable(key);
  if (!record) { say("that table is no longer on this phone", true); return home(); }
  current = record;
  history.replaceState(null, "", "#table=" + encodeURIComponent(key));
  if (record.scored && record.page) return showResult();
  say("opening " + record.name + "…");
  const opened = await ask("start", key, record.game, record.name, record.text || null, localNow());
  if (!opened.ok) {
    say(opened.message, true);
    current = null;
    history.replaceState(null, "", location.pathname);
    return;
  }
  if (imported && opened.ready) {  // a complete file: scored at once, its page shown
    const reply = await request("POST", "score", JSON.stringify({ anyway: false }));
    if (reply.code === 200 && JSON.parse(reply.body).status === "saved") return go("result");
  }
  say("");
  events.length = 0;
  $("pad").src = "@pad.html@";
  show("table");
}

async function importFile(file) {
  const text = await file.text();
  const found = /^game:\s*([a-z]+)\s*$/m.exec(text);
  const game = found && games.some(([name]) => name === found[1]) ? found[1] : null;
  if (!game) {
    say(file.name + ": no game: line naming one of " + games.map(([name]) => name).join(", "), true);
    return;
  }
  const record = { key: crypto.randomUUID(), game, name: file.name, text, scored: false, updated: Date.now() };
  await putTable(record);
  await openTable(record.key, true);
}

function exportTable(table) {
  const file = new File([table.text || ""], table.name, { type: "application/yaml" });
  if (navigator.canShare && navigator.canShare({ files: [file] })) {
    navigator.share({ files: [file], title: table.name }).catch(() => download(file));
  } else {
    download(file);
  }
}
function download(file) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function showResult() {
  const record = await getTable(current.key);
  current = record;
  $("page").srcdoc = record.page;
  $("bgstats").href = record.link;
  show("result");
  say("");
}

// --- the transport pad.js and board.js use in the frame (window.padTransport there) ---
const events = [];
async function request(method, path, body) {
  const reply = await ask("request", current.key, method, path, body);
  for (const listener of events) listener.heard(reply);
  return reply;
}
function go(path) {
  if (path === "result") return showResult();
  return home();
}
window.scorecalcApp = {
  body: () => ask("body", current.key),
  request,
  events(phone) {
    const source = { onmessage: null, onerror: null, last: null, close() { events.splice(events.indexOf(this), 1); } };
    source.heard = (reply) => {
      const now = JSON.stringify({ version: reply.version, scored: reply.scored });
      if (now !== source.last && source.onmessage) { source.last = now; source.onmessage({ data: now }); }
    };
    events.push(source);
    return source;
  },
  go,
  // a YAML text scored as `scorecalc score NAME --format FORMAT` scores the file NAME
  score: (name, text, format) => ask("score", name, text, format),
};

// --- start ---
$("back").addEventListener("click", home);
$("back-result").addEventListener("click", home);
$("export-result").addEventListener("click", () => exportTable(current));
$("import").addEventListener("change", (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (file) importFile(file);
});

async function start() {
  await list();
  const ready = await ask("ready");
  games = await ask("games");
  const choices = $("games");
  for (const [name, title] of games) choices.append(button(title, () => newTable(name)));
  document.body.dataset.ready = "yes";
  document.body.dataset.loaded = String(ready.seconds);
  say("");
  await list();
  const wanted = /^#table=(.+)$/.exec(location.hash);
  if (wanted) await openTable(decodeURIComponent(wanted[1]));
  offline();
}
start().catch((error) => say("Python could not start: " + error.message, true));

// --- offline: the service worker, registered once Python is up (not during start-up, when it
// would fetch the runtime a second time); a new version is announced, taken by a tap ---
function offline() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("sw.js").then((registration) => {
    registration.addEventListener("updatefound", () => {
      const next = registration.installing;
      next.addEventListener("statechange", () => {
        if (next.state === "installed" && navigator.serviceWorker.controller) {
          $("update").hidden = false;
          $("update").onclick = () => next.postMessage("take");
        }
      });
    });
    document.body.dataset.offline = "registered";
    return navigator.serviceWorker.ready;
  }).then(() => {  // installed: every file of this version cached, this page under its control
    if (navigator.serviceWorker.controller) document.body.dataset.offline = "cached";
    else navigator.serviceWorker.addEventListener("controllerchange", () => { document.body.dataset.offline = "cached"; }, { once: true });
  }).catch(() => {});
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (document.body.dataset.updating === "yes") location.reload();
  });
  $("update").addEventListener("click", () => { document.body.dataset.updating = "yes"; });
}
