// The app's page: choose a game, start a table or open one kept on this phone, import a YAML
// file, show the pad (pad.js and board.js, in a frame, over the transport below) and the score
// page. Python runs in the worker; this page only asks it and shows what it says.
"use strict";
import * as kept from "./@store.mjs@";

// What shows before Python is up (the build's shell.json, SPEC section 9 "Open at once"): the
// games, and the pad's page for a new table of each, drawn by the same Python at build time.
const shellFile = fetch("@shell.json@").then((response) => response.json());
const worker = new Worker("@worker.js@", { type: "module" });
let up = false;  // Python is up in the worker
let pythonUp = null;
const upNow = new Promise((resolve) => { pythonUp = resolve; });
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

// --- IndexedDB: the tables kept on this phone (app/store.mjs; the worker writes each answer over
// the version it read, this page creates, lists, notes and deletes) ---
let database = null;
function db() {
  if (!database) database = kept.open(indexedDB).catch((error) => { database = null; throw error; });
  return database;
}
async function stored(action) {  // a connection closed under the page (storage cleared): a fresh one, once
  try {
    return await action(await db());
  } catch (error) {
    database = null;
    return action(await db());
  }
}
const allTables = () => stored((handle) => kept.all(handle));
const getTable = (key) => stored((handle) => kept.read(handle, key));
const createTable = (record) => stored((handle) => kept.create(handle, record));
const deleteTable = (key) => stored((handle) => kept.remove(handle, key));
const keepAnswer = (answer) => stored((handle) => kept.keep(handle, answer));
const pendingOn = (key) => stored((handle) => kept.pending(handle, key));

// The largest text the app takes at once (a file picked, a text pasted, a request of the pad's),
// as the pad's server bounds a request's body: beyond it, refused in words before Python sees it.
const LIMIT = 64 * 1024;
const TOO_LONG = "too long for a table: at most 64 KB (no score sheet comes near that)";
const bytesOf = (text) => new TextEncoder().encode(text).length;

// --- screens ---
let games = [];
let shell = null;  // shell.json
let current = null;  // the open table's record
function show(screen) {
  if (screen !== "scan") stopCamera();
  for (const id of ["home", "table", "result", "iam", "codes", "scan"]) $(id).hidden = id !== screen;
  document.title = screen === "home" ? "scorecalc" : (current ? current.name + " — scorecalc" : "scorecalc");
}

function titleOf(game) {
  const found = games.find(([name]) => name === game);
  return found ? found[1] : game;
}

async function home() {
  if (current) {
    const key = current.key;
    current = null;
    if (up) await ask("stop", key);  // before: a table opened early is taken by Python all the same
  }
  history.replaceState(null, "", location.pathname);
  $("pad").removeAttribute("src");
  await list();
  show("home");
}

async function list() {
  const tables = (await allTables()).sort((a, b) => (b.updated || 0) - (a.updated || 0));
  const out = $("tables");
  out.replaceChildren();
  $("none").hidden = tables.length > 0;
  for (const table of tables) {
    const item = document.createElement("li");
    if (!kept.whole(table)) {  // a record this phone kept only in part: it can only be deleted
      const what = document.createElement("span");
      what.className = "what";
      what.textContent = "A table this phone kept only in part (it cannot be opened)";
      const drop = button("Delete", async () => { await deleteTable(table.key); list(); });
      drop.setAttribute("aria-label", "Delete the table kept only in part");
      item.append(what, drop);
      out.append(item);
      continue;
    }
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = titleOf(table.game) + ": " + (table.role === "part" && table.player
      ? table.player + "’s part (kept until she dismisses it)" : table.name + (table.scored ? " (scored)" : ""));
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

async function newTable(game, extra) {
  const record = Object.assign({ key: crypto.randomUUID(), game, name: game + "-" + stamp(new Date()) + ".yaml" },
    extra || {});
  await createTable(record);
  await openTable(record.key);
}

// The page's note on a record (whose parts are in, "I am …"), merged in one transaction: the
// worker's FILE and version are left as they are.
async function note(key, change) {
  const record = await stored((handle) => kept.note(handle, key, change));
  if (current && current.key === key) Object.assign(current, change);
  return record;
}

async function openTable(key, imported, before) {
  const record = await getTable(key);
  if (!kept.whole(record)) { say("that table is no longer on this phone", true); return home(); }
  current = record;
  $("export-table").hidden = true;
  history.replaceState(null, "", "#table=" + encodeURIComponent(key));
  if (record.scored && record.page) return showResult();
  if (!up && !imported && !before && record.text == null && !record.role && shellBody(record)) {
    current.early = early(record);  // the shell's form at once; Python takes the table once up
    bar().catch(() => {});  // its buttons now; whose parts are in once Python has the table
    shown();
    return;
  }
  if (!up) say("opening " + record.name + " once Python is up…");
  await upNow;
  say("opening " + record.name + "…");
  const opened = await ask("start", key, localNow());
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
  if (before) await before();
  say("");
  await bar();
  shown();
}

// The table's screen: the pad's page in the frame (pad.js and board.js as the pad serves them).
function shown() {
  events.length = 0;
  if (current.role === "part" && current.player) {  // "I am …": the pad shows only her part
    try {
      localStorage.setItem("pad-i-am:" + new URL("@pad.html@", location.href).pathname,
        JSON.stringify({ seat: current.seat || 0, name: current.player }));
    } catch (error) { /* a phone that keeps nothing shows every section */ }
  } else {
    try { localStorage.removeItem("pad-i-am:" + new URL("@pad.html@", location.href).pathname); } catch (error) { /* none kept */ }
  }
  $("pad").src = "@pad.html@";
  show("table");
}

// The pad's page of a new table as the build drew it (shell.json), named and dated as this table.
function shellBody(record) {
  const found = shell && shell.games.find((game) => game.name === record.game);
  if (!found) return null;
  const escaped = record.name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
  return found.body.split(shell.name).join(escaped).split(shell.now).join(localNow().slice(0, 16).replace("T", " "));
}

// A new table opened before Python was up: once it is, Python opens the table and applies the
// answers kept meanwhile (IndexedDB's pending ones, in the order given) through the model, each
// reply handed to the request that waits for it (pad.js then shows it on its field), or, after a
// reload, to the frame; the events follow, so the form shows what the model kept.
const waiters = new Map();  // a pending answer's key -> the pad's request that waits for its reply
async function early(record) {
  await upNow;
  const opened = await ask("start", record.key, localNow());
  if (!opened.ok) { say(opened.message, true); return; }
  for (let answers = await pendingOn(record.key); answers.length; answers = await pendingOn(record.key)) {
    for (const answer of answers) {
      const reply = await ask("request", record.key, answer.method, answer.path, answer.body, answer.id);
      if (reply.kept && reply.kept !== "saved") lost(reply.kept);
      const waiting = waiters.get(answer.id);
      waiters.delete(answer.id);
      if (waiting) waiting(reply);
      else if (frameTransport()) frameTransport().applied(answer, reply);
      for (const listener of events) listener.heard(reply);
      if (reply.kept === "scored") return;
    }
  }
  if (current && current.key === record.key) {
    current.early = null;
    if (current.role !== "part") bar().catch(() => {});
  }
}
function frameTransport() {
  const frame = $("pad").contentWindow;
  return frame && frame.padTransport && frame.padTransport.applied ? frame.padTransport : null;
}

// The table's bar: a part's phone sends it; the phone that holds the table scans parts, shows its
// own code for the phones that join, and says whose parts are in ("Alex ✓, Bea —").
async function bar() {
  const part = current.role === "part";
  $("send-part").hidden = !part;
  $("scan-part").hidden = part;
  $("share-table").hidden = part;
  $("whose").hidden = part;
  if (!part) await whose();
}
async function whose() {
  const found = await ask("whose", current.key, current.received || null);
  $("whose").textContent = "Parts in: " + found.line;
  $("scan-whose").textContent = "Parts in: " + found.line;
  if (JSON.stringify(found.received) !== JSON.stringify(current.received || {})) {
    await note(current.key, { received: found.received });
  }
}
function redraw(version) {  // the pad's frame told that the table changed (as after an answer)
  for (const listener of events) listener.heard({ version, scored: false });
}

// --- "Send my part" and the table's code: QR codes, "1 of 3", and the same as text ---
let codesOf = null;
async function showCodes(sent, title, how, dismissable) {
  if (!sent.ok) { say(sent.message, true); return; }
  codesOf = current.key;
  $("codes-title").textContent = title;
  $("codes-how").textContent = how;
  const list = $("code-list");
  list.replaceChildren();
  sent.pictures.forEach((picture, i) => {
    const item = document.createElement("li");
    const figure = document.createElement("figure");
    const image = document.createElement("img");
    image.src = picture;
    image.alt = "Code " + (i + 1) + " of " + sent.pictures.length;
    const caption = document.createElement("figcaption");
    caption.textContent = (i + 1) + " of " + sent.pictures.length;
    figure.append(caption, image);
    item.append(figure);
    list.append(item);
  });
  $("codes-text").value = sent.text;
  $("dismiss-part").hidden = !dismissable;
  delete $("dismiss-part").dataset.armed;
  $("dismiss-part").textContent = "Dismiss my part (the holder has it)";
  say("");
  show("codes");
}
$("send-part").addEventListener("click", async () => {
  const sent = await ask("send", current.key, current.player, current.joins || "");
  const count = sent.ok ? sent.codes.length : 0;
  await showCodes(sent, current.player + "’s part: " + count + (count === 1 ? " code" : " codes"),
    "Hold this screen up to the camera of the phone that holds the table (“Scan a part”): it takes "
    + "the codes in any order. A code goes one way: this phone keeps your part until you dismiss it.", true);
});
$("share-table").addEventListener("click", async () => {
  const sent = await ask("share", current.key);
  await showCodes(sent, "This table’s code", "A phone that joins scans it first (“Scan the table’s code”): "
    + "it then asks the same questions of the same players, and sends her part back here.", false);
});
$("back-codes").addEventListener("click", () => show("table"));
$("dismiss-part").addEventListener("click", async () => {
  const drop = $("dismiss-part");
  if (drop.dataset.armed !== "yes") { drop.dataset.armed = "yes"; drop.textContent = "Tap again: the holder has my part"; return; }
  const key = codesOf;
  await ask("stop", key);
  current = null;
  await deleteTable(key);
  say("your part is dismissed");
  await home();
});

// --- "Scan a part" (the holder) and "Scan the table's code" (a phone that joins): the camera,
// decoded by the browser's BarcodeDetector where it has one, else by the decoder shipped here ---
let camera = null;
let scanning = null;  // "part" (the holder) or "join"
let detector = null;
const taken = new Set();  // the parts taken in this scan (a code seen again is not sent again)
const sentCodes = new Set();

async function decoder() {
  if (detector) return detector;
  if ("BarcodeDetector" in window) {
    try {
      if ((await window.BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
        detector = new window.BarcodeDetector({ formats: ["qr_code"] });
        document.body.dataset.decoder = "native";
        return detector;
      }
    } catch (error) { /* the shipped one below */ }
  }
  if (!window.BarcodeDetectionAPI) {
    await new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = "@barcode-detector.js@";
      script.onload = resolve;
      script.onerror = () => reject(new Error("the decoder could not be loaded"));
      document.head.append(script);
    });
  }
  const api = window.BarcodeDetectionAPI;
  api.prepareZXingModule({ overrides: { locateFile: (path, prefix) => path.endsWith(".wasm")
    ? new URL("@zxing_reader.wasm@", location.href).href : prefix + path }, fireImmediately: true });
  detector = new api.BarcodeDetector({ formats: ["qr_code"] });
  document.body.dataset.decoder = "zxing-wasm";
  return detector;
}

function log(text, bad) {
  const item = document.createElement("li");
  item.textContent = text;
  if (bad) item.className = "bad";
  $("scan-log").prepend(item);
}

async function scan(mode) {
  scanning = mode;
  taken.clear();
  sentCodes.clear();
  $("scan-log").replaceChildren();
  $("scan-whose").textContent = mode === "part" ? $("whose").textContent : "";
  $("scan-title").textContent = mode === "part" ? "Scan a part" : "Scan the table’s code";
  $("back-scan").textContent = mode === "part" ? "← Back to the table" : "← Back";
  $("scan-status").textContent = "starting the camera…";
  show("scan");
  try {
    camera = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment",
      width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
  } catch (error) {
    $("scan-status").textContent = "No camera (" + (error.name || error.message)
      + "): paste the text the other phone shows instead.";
    return;
  }
  const video = $("camera");
  video.srcObject = camera;
  await video.play().catch(() => {});
  await decoder();
  $("scan-status").textContent = mode === "part"
    ? "Hold a player’s codes in front of the camera, in any order."
    : "Hold the table’s code in front of the camera.";
  document.body.dataset.scanning = "yes";
  look();
}

function stopCamera() {
  if (camera) for (const track of camera.getTracks()) track.stop();
  camera = null;
  document.body.dataset.scanning = "no";
  $("camera").srcObject = null;
}

async function look() {
  while (camera) {
    const video = $("camera");
    let found = [];
    if (video.readyState >= 2) {
      try { found = await detector.detect(video); } catch (error) { found = []; }
    }
    for (const code of found) await heard(code.rawValue);
    await new Promise((resolve) => setTimeout(resolve, 120));
  }
}

async function heard(text) {
  if (!text || sentCodes.has(text)) return;
  const ident = (/^SC[0-9]+:([A-Z2-7]{6}):/.exec(text.trim()) || [])[1];
  if (ident && taken.has(ident)) return;  // this part is in already (this scan)
  sentCodes.add(text);
  if (scanning === "join") return joinWith(await ask("hear", text));
  const got = await ask("code", current.key, text);
  if (!got.ok) { log(got.message, true); return; }
  if (!got.taken) {
    $("scan-status").textContent = "a part: " + got.have + " of " + got.count + " codes; show the others";
    return;
  }
  taken.add(got.ident);
  if (got.kept !== "saved") lost(got.kept);
  await afterPart(got.taken, got.version);
}

async function afterPart(reply, version) {
  log(reply.message, reply.status !== "saved");
  $("scan-status").textContent = reply.message;
  document.body.dataset.parts = String(Number(document.body.dataset.parts || 0) + 1);
  await whose();
  redraw(version);
}

$("scan-part").addEventListener("click", () => scan("part"));
$("join-scan").addEventListener("click", () => scan("join"));
$("back-scan").addEventListener("click", () => (scanning === "part" && current ? show("table") : home()));
$("scan-paste").addEventListener("click", async () => {
  const text = $("scan-text").value;
  if (bytesOf(text) > LIMIT) { log("this text is " + TOO_LONG, true); return; }
  if (scanning === "join") return joinWith(await ask("hear", text));
  const reply = await request("POST", "part", JSON.stringify({ text }));
  const said = JSON.parse(reply.body);
  if (said.status === "refused") { log(said.message, true); return; }
  $("scan-text").value = "";
  await afterPart(said, reply.version);
});

// --- a phone that joins: from the table's code (scanned or pasted), or the game and her name ---
async function joinWith(got) {
  if (!got.ok) { (scanning === "join" ? log : say)(got.message, true); return; }
  if (!got.packed) {
    $("scan-status").textContent = "the table’s code: " + got.have + " of " + got.count + " codes; show the others";
    return;
  }
  stopCamera();
  const record = { key: crypto.randomUUID(), game: got.game, role: "part", joins: got.table, player: "",
    name: got.game + "-part-" + stamp(new Date()) + ".yaml" };
  await createTable(record);
  current = record;
  const opened = await ask("start", record.key, localNow());
  if (!opened.ok) { say(opened.message, true); return; }
  const joined = await ask("join", record.key, got.packed);
  if (!joined.ok) { say(joined.message, true); return; }
  if (joined.kept !== "saved") { lost(joined.kept); return; }
  const names = $("iam-names");
  names.replaceChildren();
  joined.names.forEach((name, seat) => {
    names.append(button("I am " + name, async () => {
      await note(record.key, { player: name, seat });
      await ask("stop", record.key);
      await openTable(record.key);
    }));
  });
  say("");
  show("iam");
}
$("join-paste").addEventListener("click", async () => {
  const text = $("join-text").value;
  if (bytesOf(text) > LIMIT) { say("the table’s code: " + TOO_LONG, true); return; }
  joinWith(await ask("hear", text));
});
$("join-start").addEventListener("click", async () => {
  const game = $("join-game").value;
  const name = $("join-name").value.trim();
  if (!name) { say("type your name as the table has it", true); return; }
  const record = { key: crypto.randomUUID(), game, role: "part", joins: "", player: name, seat: 0,
    name: game + "-part-" + stamp(new Date()) + ".yaml" };
  await createTable(record);
  await openTable(record.key, false, async () => {
    const named = await ask("nameMe", record.key, name);
    if (!named.ok) say(named.message, true);
    else if (named.kept !== "saved") lost(named.kept);
  });
});

// A file from the picker: its bytes to Python, which reads them as `scorecalc score FILE` does
// (its game from its game: line, UTF-8 or refused); kept as a table only once Python took it.
async function importFile(file) {
  if (file.size > LIMIT) { say(file.name + ": " + TOO_LONG, true); return; }
  if (!up) {
    say("opening " + file.name + " once Python is up…");
    const bytes = new Uint8Array(await file.arrayBuffer());
    await upNow;
    file = { name: file.name, arrayBuffer: async () => bytes.buffer };
  }
  say("opening " + file.name + "…");
  const key = crypto.randomUUID();
  const taken = await ask("take", key, file.name, new Uint8Array(await file.arrayBuffer()), localNow());
  if (!taken.ok) { say(taken.message, true); return; }
  await openTable(key, true);
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
// `kept`: called with the words to show once a change given before Python is up is kept on the
// phone (its reply comes once Python has checked it).
async function request(method, path, body, onKept) {
  if (body && bytesOf(body) > LIMIT) {  // as the pad's server refuses a body over 64 KB, at once
    return { code: 413, type: "application/json", version: -1, scored: false,
      body: JSON.stringify({ status: "refused", message: TOO_LONG, current: null, warnings: [] }) };
  }
  if (current.early) {
    if (method === "POST" && path === "answer" && !up) {  // kept at once, checked by the model once Python is up
      const id = await keepAnswer({ table: current.key, method, path, body });
      if (onKept) onKept(shell.kept);
      return new Promise((resolve) => waiters.set(id, resolve));
    }
    await current.early;
  }
  const reply = await ask("request", current.key, method, path, body);
  if (reply.kept && reply.kept !== "saved") lost(reply.kept);
  if (reply.kept === "scored") { setTimeout(showResult, 0); return reply; }
  // No event for the page's own request: pad.js and board.js take the version (and the form the
  // page shows next) from the reply itself, as over HTTP; an event would make it ask again.
  if (path === "part" && current.role !== "part") await whose();  // pasted in the pad's own form
  else if (path === "answer" && current.role !== "part") whose().catch(() => {});  // a name typed: "Parts in:" follows
  return reply;
}

// What this tab says when the worker could not keep a change as it was made (worker.js).
const KEPT_WORDS = {
  reloaded: "Another tab changed this table: this tab now shows what it kept, with your answer.",
  stale: "Another tab keeps changing this table: this answer was not saved.",
  scored: "This table was scored in another tab: its score page is shown.",
  lost: "This phone could not keep the last answer (the table was deleted in another tab, or the "
    + "phone’s storage was cleared or is full). The table is still open in this tab: export it to keep it.",
};
function lost(why) {
  say(KEPT_WORDS[why] || KEPT_WORDS.lost, why !== "reloaded");
  document.body.dataset.kept = why;
  if (why === "lost") $("export-table").hidden = false;
}
function go(path) {
  if (path === "result") return showResult();
  return home();
}
window.scorecalcApp = {
  body: () => (current.early ? shellBody(current) : ask("body", current.key)),
  // The answers kept on the open table before Python was up, not checked yet (the frame shows
  // them in their fields after a reload), and the words it shows beside them.
  pending: async () => (current.early ? { answers: await pendingOn(current.key), words: shell.kept }
    : { answers: [], words: "" }),
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
$("export-table").addEventListener("click", async () => {  // the table as open here (storage lost it)
  exportTable({ name: current.name, text: await ask("text", current.key) });
});
$("import").addEventListener("change", (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (file) importFile(file);
});

async function start() {
  offline();  // at once: the first visit is cached while Python starts
  shell = await shellFile;
  games = shell.games.map((game) => [game.name, game.title]);
  const choices = $("games");
  for (const [name, title] of games) {
    choices.append(button(title, () => newTable(name)));
    const option = document.createElement("option");
    option.value = name;
    option.textContent = title;
    $("join-game").append(option);
  }
  await list();
  document.body.dataset.shell = "yes";
  const wanted = /^#table=(.+)$/.exec(location.hash);
  const opening = wanted ? openTable(decodeURIComponent(wanted[1])) : null;
  const ready = await ask("ready");
  up = true;
  pythonUp();
  if (opening) await opening;
  if (current && current.early) say("");
  document.body.dataset.ready = "yes";
  document.body.dataset.loaded = String(ready.seconds);
  document.body.dataset.started = ready.started;  // "snapshot" or "plain" (the worker's opening.js)
  if (!current) { say(""); await list(); }
}
start().catch((error) => say("Python could not start: " + error.message, true));

// --- offline: the service worker, registered as the page opens, so that the first visit caches the
// whole version while Python starts (the browser's HTTP cache gives it what the worker fetched); a
// new version is announced, taken by a tap ---
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
