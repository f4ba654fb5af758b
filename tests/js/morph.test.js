// The pad's form brought up to date in place (scorecalc/web/static/morph.js over the vendored
// idiomorph.js): what another phone changes never spoils what this phone's player is doing.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { page, field, section, form, fresh } = require("./dom.js");

const SCRIPTS = ["idiomorph.js", "morph.js"];
const NAMES = ["players[0].name", "players[1].name", "players[2].name"];

// The table before anyone answered: three name fields.
function empty() {
  return form(1, [section("Players", NAMES.map((place) => field(place)))]);
}

function morph(window, html) {
  const old = window.document.getElementById("form");
  window.padMorph.morphForm(old, fresh(window, html), window.Idiomorph);
  return window.document.getElementById("form");
}

// The player types ``text`` into the input, the caret left at ``caret`` (as pad.js marks a field
// typed in: .dirty).
function typeInto(window, place, text, caret) {
  const input = window.document.getElementById("f-" + place);
  input.focus();
  input.value = text;
  input.setSelectionRange(caret, caret);
  input.closest(".field").classList.add("dirty");
  return input;
}

test("a field being typed in keeps its element, value, caret and focus when new places arrive", () => {
  const window = page(empty(), SCRIPTS);
  const input = typeInto(window, "players[1].name", "Beat", 2);
  // another phone saved player 1's name: her section is new, before and after the names
  morph(window, form(2, [section("The table", [field("date")]),
    section("Players", [field("players[0].name", { value: "Alex" }), field("players[1].name"), field("players[2].name")]),
    section("Alex", [field("players[0].money", { label: "Alex's money" })])]));
  const now = window.document.getElementById("f-players[1].name");
  assert.equal(now, input);
  assert.equal(window.document.activeElement, input);
  assert.equal(now.value, "Beat");
  assert.deepEqual([now.selectionStart, now.selectionEnd], [2, 2]);
  assert.ok(now.closest(".field").classList.contains("dirty"));
  assert.equal(window.document.getElementById("f-players[0].name").value, "Alex");
  assert.ok(window.document.getElementById("f-players[0].money"));
  assert.deepEqual([...window.document.querySelectorAll("details")].map((d) => d.dataset.title),
    ["The table", "Players", "Alex"]);
});

test("a selection in the field being typed in survives", () => {
  const window = page(empty(), SCRIPTS);
  const input = typeInto(window, "players[0].name", "Beatriz", 0);
  input.setSelectionRange(1, 4);
  morph(window, form(2, [section("Players", [field("players[0].name"), field("players[1].name", { value: "Cy" }),
    field("players[2].name")])]));
  assert.deepEqual([input.selectionStart, input.selectionEnd], [1, 4]);
  assert.equal(input.value, "Beatriz");
});

test("a dirty field is not overwritten by another phone's value there, which is said beside it", () => {
  const window = page(empty(), SCRIPTS);
  typeInto(window, "players[1].name", "Beat", 4);
  window.document.getElementById("f-players[1].name").blur();  // typed, not sent, and left (a send is under way)
  morph(window, form(2, [section("Players", [field("players[0].name"), field("players[1].name", { value: "Bo" }),
    field("players[2].name")])]));
  const now = window.document.querySelector("[data-place='players[1].name']");
  assert.equal(now.querySelector("input").value, "Beat");
  assert.equal(now.dataset.seen, "");  // what it saw when the typing began: a send is refused as stale
  assert.equal(now.dataset.answered, "no");
  assert.equal(now.querySelector(".status").textContent,
    "another phone saved “Bo” here; yours (not sent yet): “Beat”");
  assert.equal(now.querySelector(".status").className, "status bad");
});

test("a focused field not typed in keeps its value until it is left, then shows the table's", () => {
  const window = page(empty(), SCRIPTS);
  const input = window.document.getElementById("f-players[2].name");
  input.focus();
  const later = form(2, [section("Players", [field("players[0].name"), field("players[1].name"),
    field("players[2].name", { value: "Cleo" })])]);
  morph(window, later);
  const holder = input.closest(".field");
  assert.equal(input.value, "");
  assert.equal(holder.querySelector(".status").textContent, "another phone saved “Cleo” here");
  input.blur();
  morph(window, later);
  assert.equal(input.value, "Cleo");
  assert.equal(holder.dataset.seen, "Cleo");
  assert.equal(holder.querySelector(".status").textContent, "");
});

test("other fields take the table's values; statuses and this phone's newer answers stay", () => {
  const window = page(empty(), SCRIPTS);
  const first = window.document.querySelector("[data-place='players[0].name']");
  first.querySelector("input").value = "Ana";
  first.dataset.seen = "Ana";
  first.dataset.answered = "yes";
  first.dataset.at = "3";  // saved by this phone at version 3
  first.querySelector(".status").textContent = "saved ✓";
  first.querySelector(".status").className = "status good";
  const second = window.document.querySelector("[data-place='players[1].name']");
  second.querySelector(".status").textContent = "✗ a name is needed";
  morph(window, form(2, [section("Players", [field("players[0].name"), field("players[1].name", { value: "Bo" }),
    field("players[2].name")])]));
  assert.equal(first.querySelector("input").value, "Ana");  // the copy at 2 predates this phone's answer
  assert.equal(first.dataset.at, "3");
  assert.equal(first.dataset.seen, "Ana");
  assert.equal(first.querySelector(".status").textContent, "saved ✓");
  assert.equal(first.querySelector(".status").className, "status good");
  assert.equal(second.querySelector("input").value, "Bo");
  assert.equal(second.dataset.seen, "Bo");
  assert.ok(second.classList.contains("answered"));
  assert.equal(second.querySelector(".status").textContent, "✗ a name is needed");
  morph(window, form(4, [section("Players", [field("players[0].name", { value: "Ann" }), field("players[1].name",
    { value: "Bo" }), field("players[2].name")])]));
  assert.equal(first.querySelector("input").value, "Ann");  // a copy newer than this phone's answer: the table's
  assert.equal(first.dataset.seen, "Ann");
});

test("sections stay opened or closed as this phone left them; the end's status stays", () => {
  const window = page(form(1, [section("Players", [field("players[0].name")]),
    section("Date and place", [field("date")], { folded: true })]), SCRIPTS);
  const [players, later] = window.document.querySelectorAll("details");
  players.open = false;
  later.open = true;
  window.document.querySelector("#end .status").textContent = "scoring…";
  morph(window, form(2, [section("Players", [field("players[0].name", { value: "Ana" })]),
    section("Ana", [field("players[0].money")]), section("Date and place", [field("date")], { folded: true })]));
  const now = [...window.document.querySelectorAll("details")];
  assert.deepEqual(now.map((d) => [d.dataset.title, d.open]), [["Players", false], ["Ana", true], ["Date and place", true]]);
  assert.equal(now[0], players);
  assert.equal(window.document.querySelector("#end .status").textContent, "scoring…");
});

test("a choice being made keeps what is chosen", () => {
  const window = page(form(1, [section("Rules", [field("variant", { options: ["normal", "easy"], value: "normal" })])]),
    SCRIPTS);
  const select = window.document.getElementById("f-variant");
  select.focus();
  select.value = "easy";
  select.closest(".field").classList.add("dirty");
  morph(window, form(2, [section("Rules", [field("variant", { options: ["normal", "easy"], value: "normal" }),
    field("objective")])]));
  assert.equal(window.document.getElementById("f-variant"), select);
  assert.equal(select.value, "easy");
});

test("the tile editor is left as board.js drew it", () => {
  const board = (cells) => `<div class="board" data-board="players[0].grid"><p class="doc">Alex's board</p>`
    + `<div class="drawing"><svg class="sketch">${cells}</svg></div><output class="board-status"></output>`
    + `<div class="editor" id="e-players[0].grid" hidden><strong class="where"></strong><p class="token"></p>`
    + `<output class="status"></output></div></div>`;
  const cell = (place) => `<g class="free cell" id="t-${place}" data-place="${place}" tabindex="0"></g>`;
  const window = page(form(1, [section("Alex", [board(cell("players[0].grid.r1c1"))])]), SCRIPTS);
  const editor = window.document.querySelector(".editor");
  editor.hidden = false;
  editor.style.maxHeight = "500px";
  editor.querySelector(".where").textContent = "Alex's ✻1 (new tile)";
  window.document.querySelector(".board-status").textContent = "Alex's ✻2: Jungle — saved ✓";
  morph(window, form(2, [section("Alex", [board(cell("players[0].grid.r1c1") + cell("players[0].grid.r1c2"))])]));
  assert.equal(window.document.querySelector(".editor"), editor);
  assert.equal(editor.hidden, false);
  assert.equal(editor.style.maxHeight, "500px");
  assert.equal(editor.querySelector(".where").textContent, "Alex's ✻1 (new tile)");
  assert.equal(window.document.querySelectorAll(".cell").length, 2);
  assert.equal(window.document.querySelector(".board-status").textContent, "Alex's ✻2: Jungle — saved ✓");
});

test("nodes are moved without moveBefore (Chromium crashes leaving a page whose datalist it moved), which stays", () => {
  const window = page(empty(), SCRIPTS);
  const calls = [];
  function moveBefore(node, before) { calls.push(node); return this.insertBefore(node, before); }
  Object.defineProperty(window.Element.prototype, "moveBefore", { value: moveBefore, configurable: true, writable: true });
  const inputs = [...window.document.querySelectorAll("input")];
  morph(window, form(2, [section("Players", [field("players[2].name"), field("players[0].name"), field("players[1].name")])]));
  const now = [...window.document.querySelectorAll("input")];
  assert.ok(now[0] === inputs[2] && now[1] === inputs[0] && now[2] === inputs[1]);  // moved, not made anew
  assert.equal(calls.length, 0);
  assert.equal(window.Element.prototype.moveBefore, moveBefore);
});
