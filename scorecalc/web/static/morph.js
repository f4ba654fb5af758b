// The pad's form brought up to date in place with a fresh copy from the pad (after another phone's
// answer, or this phone's own): Idiomorph (idiomorph.js beside this file, as npm's idiomorph
// package ships it, pinned in package-lock.json) turns the form on the page into the fresh one
// element by element, so a field, a section or a board that is in both stays the same element,
// and the field a player is in is never taken out of the page (its caret, selection and IME
// composition live on in it). Before the morph, the fresh copy is told what of this phone's is
// its own, so the morph keeps it:
// - the field being edited (typed in and not sent, or holding the focus): its value, and the value
//   it saw when the typing began (a send then names it, and is refused if another phone saved
//   meanwhile); what another phone saved there meanwhile is said beside it, the field left as is;
// - a field this phone answered after the fresh copy was made (its data-at, the reply's version):
//   as this phone has it;
// - every field's status line (what its last reply said), a list entry's armed "Tap again to
//   remove", every section's open or closed state, and the tile editor (board.js's own).
// Loaded by the pad's page before pad.js (window.padMorph), and by tests/js in a DOM in Node.
"use strict";
(function (root) {
  const CONTROL = "input, select, textarea";

  function fieldsByPlace(form) {
    const found = new Map();
    for (const field of form.querySelectorAll(".field[data-place]")) found.set(field.dataset.place, field);
    return found;
  }

  // Whether a player is in this field now: she typed in it and has not sent it (.dirty), or it
  // holds the focus (a first key would land in it).
  function editing(field, active) {
    if (field.classList.contains("dirty")) return true;
    return Boolean(active && active.matches && active.matches(CONTROL) && field.contains(active));
  }

  function setStatus(field, text, kind) {
    const out = field.querySelector(".status");
    if (!out) return;
    out.textContent = text;
    out.className = "status " + (kind || "");
  }

  function copyStatus(from, into) {
    const was = from && from.querySelector(".status");
    const now = into && into.querySelector(".status");
    if (!was || !now) return;
    now.textContent = was.textContent;
    now.className = was.className;
  }

  // The fresh control made to hold what the player's control holds (a text as typed, a choice
  // as chosen), so the morph finds nothing to change in it.
  function keepValue(control, fresh) {
    if (!control || !fresh || control.tagName !== fresh.tagName) return;
    if (fresh.matches("select")) {
      for (const option of fresh.options) option.toggleAttribute("selected", option.value === control.value);
    } else if (fresh.matches("textarea")) {
      fresh.textContent = control.value;
    } else {
      fresh.setAttribute("value", control.value);
    }
  }

  // One field of the fresh copy told what of the phone's field stays (see the top of this file);
  // ``at`` is the fresh copy's version.
  function reconcile(field, fresh, at, active) {
    const control = field.querySelector(CONTROL);
    const freshControl = fresh.querySelector(CONTROL);
    const was = { seen: field.dataset.seen, answered: field.dataset.answered };
    copyStatus(field, fresh);
    for (const key of ["at", "sending"]) {
      if (field.dataset[key] !== undefined) fresh.dataset[key] = field.dataset[key];
    }
    const button = field.querySelector("button.remove");
    const freshButton = fresh.querySelector("button.remove");
    if (button && freshButton && button.dataset.armed === "yes") {  // "Tap again to remove …" stays asked
      freshButton.dataset.armed = "yes";
      freshButton.textContent = button.textContent;
    }
    if (!control) return;
    const newer = Number(field.dataset.at || -1) > at;  // this phone's own answer, newer than the copy
    const typing = editing(field, active);
    if (!newer && !typing) {  // shown as the table has it now: nothing held back, nothing to say of it
      const said = field.querySelector(".status");
      if (field.dataset.behind && said && said.textContent === field.dataset.behind) setStatus(fresh, "", "");
      return;
    }
    const changed = fresh.dataset.seen !== was.seen || fresh.dataset.answered !== was.answered;
    const theirs = fresh.dataset.seen;
    keepValue(control, freshControl);
    fresh.dataset.seen = was.seen;
    fresh.dataset.answered = was.answered;
    if (newer) fresh.classList.toggle("answered", field.classList.contains("answered"));
    if (field.classList.contains("dirty")) fresh.classList.add("dirty");
    if (field.dataset.behind) fresh.dataset.behind = field.dataset.behind;
    if (newer || !changed || control.value === theirs) return;
    const notice = field.classList.contains("dirty")
      ? "another phone saved “" + theirs + "” here; yours (not sent yet): “" + control.value + "”"
      : "another phone saved “" + theirs + "” here";
    fresh.dataset.behind = notice;  // the table's value is shown once she has left the field untouched
    setStatus(fresh, notice, "bad");
  }

  // Every status line outside the fields (the end's, a board's) as this phone has it.
  function keepOtherStatuses(old, fresh) {
    copyStatus(old.querySelector("#end"), fresh.querySelector("#end"));
    const boards = new Map([...fresh.querySelectorAll(".board[data-board]")].map((b) => [b.dataset.board, b]));
    for (const board of old.querySelectorAll(".board[data-board]")) {
      const was = board.querySelector(":scope > .board-status");
      const there = boards.get(board.dataset.board);
      const now = there && there.querySelector(":scope > .board-status");
      if (!was || !now) continue;
      now.textContent = was.textContent;
      now.className = was.className;
      if (was.dataset.at !== undefined) now.dataset.at = was.dataset.at;
    }
  }

  // ``work`` run with the DOM's moveBefore out of reach, so idiomorph moves a node with
  // insertBefore (it then puts back the focus and selection itself, and it never moves the
  // element with the focus nor what holds it). Chromium (150) crashes a page when it is left once
  // a <datalist> was moved with moveBefore, and a field's suggestions are one.
  function withoutMoveBefore(work) {
    const owners = [root.Element, root.Document, root.DocumentFragment]
      .map((kind) => kind && kind.prototype)
      .filter((proto) => proto && Object.prototype.hasOwnProperty.call(proto, "moveBefore"));
    const saved = owners.map((proto) => Object.getOwnPropertyDescriptor(proto, "moveBefore"));
    owners.forEach((proto) => delete proto.moveBefore);
    try {
      return work();
    } finally {
      owners.forEach((proto, i) => Object.defineProperty(proto, "moveBefore", saved[i]));
    }
  }

  // The form ``old`` on the page made into ``fresh`` (a form the pad sent, at its data-version;
  // taken apart by the morph), keeping what is this phone's. Returns nothing; ``old`` stays the
  // page's form element.
  function morphForm(old, fresh, idiomorph) {
    const at = Number(fresh.dataset.version);
    const doc = old.ownerDocument;
    const active = doc.activeElement;
    const now = fieldsByPlace(old);
    for (const [place, there] of fieldsByPlace(fresh)) {
      const here = now.get(place);
      if (here) reconcile(here, there, at, active);
    }
    keepOtherStatuses(old, fresh);
    withoutMoveBefore(() => idiomorph.morph(old, fresh, {
      morphStyle: "outerHTML",
      ignoreActiveValue: true,
      callbacks: {
        // the tile editor is board.js's: what it shows is the tile being built on this phone
        beforeNodeMorphed: (node) => !(node.nodeType === 1 && node.classList.contains("editor")),
        // a section (or "Type the rows instead") stays as this phone left it, opened or closed
        beforeAttributeUpdated: (name, node) => !(name === "open" && node.tagName === "DETAILS"),
      },
    }));
  }

  root.padMorph = { morphForm: morphForm, editing: editing };
})(globalThis);
