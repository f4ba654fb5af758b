// The pad's page script (scorecalc/web/static/pad.js) in a DOM in Node, over a transport that
// stands for the pad: what a player's keys do (Enter, a paste) and what another phone's answer
// does to the field she is typing in.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { page, field, section, form, STATIC } = require("./dom.js");

const SCRIPTS = ["idiomorph.js", "morph.js", "pad.js"];
const STATUSES = '<script type="application/json" id="statuses">'
  + '{"saved": "saved", "refused": "refused", "stale": "stale", "gone": "gone", "failed": "failed", "warned": "warned"}'
  + "</script>";
const HEAD = STATUSES + '<select id="follow"><option value="">everyone</option></select>'
  + '<p id="others" hidden><span class="list"></span><button type="button" id="everyone">Show everyone</button></p>'
  + '<p id="link"></p>';

// The pad as this phone's transport sees it: ``table`` is the form it serves now; every request
// is kept in ``sent``; an answer is saved as sent, at the next version.
function pad(table) {
  const state = { table: table, version: 1, sent: [], listeners: [] };
  state.transport = {
    fetch: async (path, init) => {
      state.sent.push({ path: path, body: init && init.body ? JSON.parse(init.body) : null });
      if (path === "form") return { ok: true, text: async () => state.table };
      const body = JSON.parse(init.body);
      state.version += 1;  // the form it serves now is of that version (its fields as they were: enough here)
      state.table = state.table.replace(/data-version="\d+"/, `data-version="${state.version}"`);
      return { ok: true, json: async () => ({ status: "saved", current: body.value, warnings: [], message: "",
        version: state.version }) };
    },
    events: () => {
      const source = { onmessage: null, onerror: null };
      state.listeners.push(source);
      return source;
    },
    go: () => {},
  };
  // another phone's answer: the pad serves ``html`` at ``version`` and tells every phone
  state.change = (html, version) => {
    state.table = html;
    state.version = version;
    for (const source of state.listeners) source.onmessage({ data: JSON.stringify({ version: version, scored: false }) });
  };
  return state;
}

function open(table) {
  const served = pad(table);
  const window = page("", []);
  window.padTransport = served.transport;
  window.document.body.innerHTML = HEAD + '<main id="pad">' + table + "</main>";
  for (const name of SCRIPTS) window.eval(fs.readFileSync(path.join(STATIC, name), "utf8"));
  return { window, served };
}

// Once the page says it shows the table as it is (nothing under way: <body data-settled>).
const settled = (window) => new Promise((resolve, reject) => {
  const until = Date.now() + 5000;
  const look = () => {
    if (window.document.body.dataset.settled === "yes") resolve();
    else if (Date.now() > until) reject(new Error("the page never settled"));
    else setTimeout(look, 5);
  };
  setTimeout(look, 5);
});

const NAMES = (values) => form(1, [section("Players", ["players[0].name", "players[1].name", "players[2].name"]
  .map((place, i) => field(place, { value: values[i] || "" })))]);

function key(window, target, name) {
  target.dispatchEvent(new window.KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
}

test("Enter saves the answer, then the next field not answered yet takes the focus", async () => {
  const { window, served } = open(NAMES(["", "Bo", ""]));
  const input = window.document.getElementById("f-players[0].name");
  input.focus();
  input.value = "Ana";
  input.dispatchEvent(new window.Event("input", { bubbles: true }));
  key(window, input, "Enter");
  await settled(window);
  assert.deepEqual(served.sent[0], { path: "answer", body: { place: "players[0].name", seen: null, value: "Ana", at: 1 } });
  assert.equal(input.closest(".field").querySelector(".status").textContent, "saved ✓");
  assert.equal(window.document.activeElement.id, "f-players[2].name");  // player 2's is answered: skipped
  await window.happyDOM.close();
});

test("a paste longer than the field holds is refused in words, and nothing is sent", async () => {
  const { window, served } = open(NAMES([]));
  const input = window.document.getElementById("f-players[0].name");
  input.focus();
  const data = new window.DataTransfer();
  data.setData("text/plain", "x".repeat(1_200_000));
  const paste = new window.ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true });
  input.dispatchEvent(paste);
  assert.equal(paste.defaultPrevented, true);
  assert.equal(input.closest(".field").querySelector(".status").textContent,
    "not pasted: that text is too long (1.2 million characters); this field holds at most 10,000 characters");
  assert.equal(input.value, "");
  const small = new window.DataTransfer();
  small.setData("text/plain", "Ana");
  const fits = new window.ClipboardEvent("paste", { clipboardData: small, bubbles: true, cancelable: true });
  input.dispatchEvent(fits);
  assert.equal(fits.defaultPrevented, false);
  assert.deepEqual(served.sent, []);
  await window.happyDOM.close();
});

test("another phone's answer leaves the name being typed, its caret and focus, and sends nothing", async () => {
  const { window, served } = open(NAMES([]));
  const input = window.document.getElementById("f-players[1].name");
  input.focus();
  input.value = "Beat";
  input.dispatchEvent(new window.Event("input", { bubbles: true }));
  input.setSelectionRange(4, 4);
  served.change(form(2, [section("Players", [field("players[0].name", { value: "Alex" }), field("players[1].name"),
    field("players[2].name")]), section("Alex", [field("players[0].money", { label: "Alex's money" })])]), 2);
  await settled(window);
  assert.deepEqual(served.sent.map((request) => request.path), ["form"]);
  assert.equal(window.document.getElementById("form").dataset.version, "2");
  assert.ok(window.document.getElementById("f-players[0].money"));
  assert.equal(window.document.activeElement, input);
  assert.equal(input.value, "Beat");
  assert.equal(input.selectionStart, 4);
  assert.equal(window.document.getElementById("f-players[0].name").value, "Alex");
  await window.happyDOM.close();
});
