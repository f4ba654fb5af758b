// A board entered by taps (what a form alone cannot do): tap a cell of the drawing (a free
// square, or a tile to change or clear it), then its choices in the editor the page holds
// (a land, up to two animals, the edges its rivers reach: whatever the form's palette says),
// then "Place": the cell's text is sent as one answer ({place, seen, value}), as pad.js sends
// a field. A free square starts with nothing chosen: a side that a neighbour's river leads into
// (the cell's data-start) is only a hint, drawn dashed and named ("river from ✻2?"), taken by one
// tap on it or on its edge; nothing is sent that the player did not tap (SPEC section 8). The editor keeps what was tapped across a redraw of the form (another phone's
// answer): its state lives here, and is drawn again into the fresh form. Every text is set
// with textContent or setAttribute, never as markup.
"use strict";
(function () {
  const pad = document.getElementById("pad");
  if (!pad) return;
  const STATUS = JSON.parse(document.getElementById("statuses").textContent);  // the replies' statuses
  let open = null;  // {board, place, seen, label, picks: [[code]], lines: [[side]], line, status, kind,
  // hints: [[side, words]]}
  const said = new Map();  // board place -> [text, kind, version]: the last reply, shown under the board
  let flagged = null;  // the board this phone told the pad it is placing a tile on

  const boardOf = (place) => [...document.querySelectorAll(".board[data-board]")]
    .find((board) => board.dataset.board === place);
  const cellOf = (board, place) => [...board.querySelectorAll("[data-place].cell")]
    .find((cell) => cell.dataset.place === place);

  function grammar(editor) {
    return {
      picks: [...editor.querySelectorAll("fieldset.pick")].map((set) => ({
        codes: [...set.querySelectorAll("button[data-code]")].map((b) => b.dataset.code),
        least: Number(set.dataset.least), most: Number(set.dataset.most),
      })),
      sides: [...editor.querySelectorAll(".edge")].map((edge) => edge.dataset.side),
      mark: editor.dataset.mark, lines: Number(editor.dataset.lines),
    };
  }

  // "JuJa~ES" -> {picks: [["Ju"], ["Ja"]], lines: [["E", "S"], []]}: each pick's codes in turn
  // (the longest first, any case), then each line after the mark.
  function parse(text, g) {
    const [body, ...runs] = (text || "").split(g.mark);
    let rest = body;
    const picks = g.picks.map((pick) => {
      const got = [];
      const codes = [...pick.codes].sort((a, b) => b.length - a.length);
      while (got.length < pick.most) {
        const code = codes.find((c) => rest.slice(0, c.length).toLowerCase() === c.toLowerCase());
        if (!code) break;
        got.push(code);
        rest = rest.slice(code.length);
      }
      return got;
    });
    const lines = [];
    for (let i = 0; i < Math.max(g.lines, 1); i++) {
      const run = (runs[i] || "").toUpperCase();
      lines.push(g.sides.filter((side) => run.includes(side.toUpperCase())));
    }
    return { picks: picks, lines: lines };
  }

  function compose(state, g) {
    let text = state.picks.map((codes) => codes.join("")).join("");
    for (const line of state.lines) {
      const sides = g.sides.filter((side) => line.includes(side));
      if (sides.length) text += g.mark + sides.join("");
    }
    return text;
  }

  // The tile being built in words, as its buttons say them ("Savannah, anteater, river N, river 2
  // E"): the player tapped buttons and never saw a token, so none is shown (SPEC 8).
  function spoken(state, editor, g) {
    const words = [];
    editor.querySelectorAll("fieldset.pick").forEach((set, i) => {
      for (const code of state.picks[i] || []) {
        const button = [...set.querySelectorAll("button[data-code]")].find((b) => b.dataset.code === code);
        words.push(button ? button.textContent.trim() : code);
      }
    });
    const runs = state.lines.map((line) => g.sides.filter((side) => line.includes(side))).filter((s) => s.length);
    const noun = editor.dataset.line || "line";
    runs.forEach((sides, i) => words.push(`${noun}${runs.length > 1 ? " " + (i + 1) : ""} ${sides.join(" ")}`));
    return words.join(", ");
  }

  function startAt(cell) {
    const board = cell.closest(".board");
    const editor = board.querySelector(".editor");
    if (!editor) return;
    const seen = cell.dataset.seen;
    const g = grammar(editor);
    const hinted = seen ? [] : parse(cell.dataset.start, g).lines.flat();
    open = Object.assign({ board: board.dataset.board, place: cell.dataset.place, seen: seen,
      label: cell.dataset.label, line: 0, status: "", kind: "",
      hints: hinted.map((side) => [side, hintWords(board, cell, side, g)]) },
    parse(seen, g));
    draw(true);
  }

  // "river from ✻2?": the neighbour on ``side`` of a square (``…r3c1``: rows down, columns
  // right), by the words its own cell is labelled with, less what the two labels share
  // ("Alex's "); the side's own words when no cell is there.
  function hintWords(board, cell, side, g) {
    const steps = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
    const at = /r(\d+)c(\d+)$/.exec(cell.dataset.place);
    const step = steps[side.toUpperCase()];
    const other = at && step ? cellOf(board, cell.dataset.place.slice(0, at.index)
      + `r${Number(at[1]) + step[0]}c${Number(at[2]) + step[1]}`) : null;
    const edge = [...board.querySelectorAll(".editor .edge")].find((e) => e.dataset.side === side);
    const line = board.querySelector(".editor .sides legend");
    const noun = line ? line.textContent.split(/s?:/)[0].toLowerCase() : "river";
    if (!other || !other.dataset.label) return `${noun} from the ${edge ? edge.getAttribute("aria-label") : side}?`;
    const mine = cell.dataset.label || "";
    const theirs = other.dataset.label;
    let shared = 0;
    while (shared < mine.length && mine[shared] === theirs[shared]) shared++;
    const cut = theirs.lastIndexOf(" ", shared - 1) + 1;
    return `${noun} from ${theirs.slice(cut)}?`;
  }

  // The state drawn into the page as it is now (after any redraw): the editor shown at its board,
  // its buttons pressed as tapped, the cell marked; every other editor hidden.
  function draw(scroll) {
    for (const board of document.querySelectorAll(".board[data-board]")) {
      const editor = board.querySelector(".editor");
      const mine = open && board.dataset.board === open.board;
      for (const cell of board.querySelectorAll(".cell.selected")) {
        if (!mine || cell.dataset.place !== open.place) cell.classList.remove("selected");
      }
      const shown = said.get(board.dataset.board);
      const out = board.querySelector(".board-status");
      if (out && shown && out.textContent !== shown[0]) {
        out.textContent = shown[0];
        out.className = "board-status " + shown[1];
        out.dataset.at = String(shown[2]);
      }
      if (!editor) continue;
      if (!mine) { editor.hidden = true; continue; }
      const cell = cellOf(board, open.place);
      if (cell) cell.classList.add("selected");
      const g = grammar(editor);
      editor.hidden = false;
      editor.querySelector(".where").textContent = open.label + (open.seen ? "" : ` (new ${editor.dataset.piece})`);
      editor.querySelector(".token").textContent = spoken(open, editor, g) || "—";
      editor.querySelectorAll("fieldset.pick").forEach((set, i) => {
        for (const button of set.querySelectorAll("button[data-code]")) {
          button.setAttribute("aria-pressed", String(open.picks[i].includes(button.dataset.code)));
        }
      });
      const runs = [...editor.querySelectorAll(".run")];
      const several = open.lines.filter((sides) => sides.length).length > 1;
      open.lines.forEach((sides, line) => {  // each river from its own middle when there are two
        const ends = runs.filter((run) => Number(run.dataset.line) === line && sides.includes(run.dataset.side));
        const mean = (axis) => ends.reduce((sum, run) => sum + Number(run.getAttribute(axis)), 0) / ends.length;
        for (const run of runs.filter((r) => Number(r.dataset.line) === line)) {
          run.classList.toggle("on", ends.includes(run));
          if (ends.length) {
            run.setAttribute("x1", String(several ? 100 + 0.55 * (mean("x2") - 100) : 100));
            run.setAttribute("y1", String(several ? 100 + 0.55 * (mean("y2") - 100) : 100));
          }
        }
      });
      const hints = open.hints.filter(([side]) => !open.lines.some((sides) => sides.includes(side)));
      for (const run of runs) {  // a hint not taken: dashed, on the river being drawn
        run.classList.toggle("hint", Number(run.dataset.line) === open.line && !run.classList.contains("on")
          && hints.some(([side]) => side === run.dataset.side));
      }
      for (const edge of editor.querySelectorAll(".edge")) {
        const line = open.lines.findIndex((sides) => sides.includes(edge.dataset.side));
        const hint = hints.find(([side]) => side === edge.dataset.side);
        // each edge says which river leaves by it, in its colour, its pattern and its words
        const on = line >= 0 ? " on-" + (line + 1) : "";
        const words = edge.dataset.words + (line < 0 ? "" : g.lines > 1 ? ", river " + (line + 1) : ", river");
        edge.setAttribute("aria-pressed", String(line >= 0));
        edge.setAttribute("aria-label", words);
        edge.setAttribute("class", "edge" + on + (hint ? " hinted" : ""));
        edge.querySelector("title").textContent = hint ? hint[1] : words;
        const mark = [...editor.querySelectorAll(".edge-word")].find((t) => t.dataset.side === edge.dataset.side);
        if (mark) {
          mark.textContent = edge.dataset.side + (line > 0 ? " 2" : "");
          mark.setAttribute("class", "edge-word" + on);
        }
      }
      editor.dataset.land = open.picks.length && open.picks[0].length ? open.picks[0][0] : "";
      const sidesBox = editor.querySelector("fieldset.sides");
      let offered = editor.querySelector(".hints");
      if (sidesBox && !offered) {
        offered = document.createElement("div");
        offered.className = "hints";
        sidesBox.appendChild(offered);
      }
      if (offered) {
        const words = hints.map(([side, text]) => side + "\u0000" + text).join("\u0001");
        if (offered.dataset.words !== words) {  // drawn again only when the hints change
          offered.dataset.words = words;
          offered.replaceChildren(...hints.map(([side, text]) => {
            const button = document.createElement("button");
            button.type = "button";
            button.className = "hint";
            button.dataset.hint = side;
            button.textContent = text;
            return button;
          }));
        }
        offered.hidden = !hints.length;
      }
      const second = editor.querySelector(".second");
      if (second) second.setAttribute("aria-pressed", String(open.line === 1));
      editor.querySelector(".clear").hidden = !open.seen;
      const status = editor.querySelector(".status");
      status.textContent = open.status;
      status.className = "status " + open.kind;
      document.body.classList.add("editing");
      if (scroll && cell) requestAnimationFrame(() => keepInView(editor, cell.dataset.place, true));
    }
    if (!open) document.body.classList.remove("editing");
    placing();
    keep();
  }

  // The square being edited scrolled into view above the editor (the editor's top measured where it
  // comes to rest, not where its rising animation has it now); smoothly unless the phone asks for
  // reduced motion.
  function keepInView(editor, place, again) {
    const cell = cellOf(editor.closest(".board"), place);
    if (!cell || editor.hidden) return;
    let box = cell.getBoundingClientRect();  // the editor as tall as the screen allows under the square
    editor.style.maxHeight = Math.max(window.innerHeight * 0.5, window.innerHeight - box.height - 40) + "px";
    const top = window.innerHeight - editor.offsetHeight;
    box = cell.getBoundingClientRect();
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    let by = 0;  // its bottom 16 px above the editor, its top never above the screen's
    if (box.bottom > top - 8 || box.top < 8) by = box.top - Math.max(16, top - 16 - box.height);
    if (!by) return;
    window.scrollBy({ top: by, behavior: calm ? "auto" : "smooth" });
    // looked at once more where the scroll ends (the page may have moved under it meanwhile)
    if (again) window.addEventListener("scrollend", () => keepInView(editor, place, false), { once: true });
  }

  // The pad is told while this editor holds a tile not placed (what it shows differs from what
  // the square holds), and when no more: "Score it" waits for it (SPEC section 8).
  function placing() {
    let want = null;
    const board = open && boardOf(open.board);
    const editor = board && board.querySelector(".editor");
    if (editor && compose(open, grammar(editor)) !== (open.seen || "")) want = open.board;
    if (want === flagged) return;
    const was = flagged;
    flagged = want;
    if (was) tell(was, false);
    if (want) tell(want, true);
  }

  async function tell(place, on) {
    document.dispatchEvent(new CustomEvent("pad:send"));
    let reply = null;
    try {
      const response = await (window.padTransport || window).fetch("placing", {
        method: "POST", headers: { "content-type": "application/json" }, cache: "no-store",
        credentials: "same-origin",
        body: JSON.stringify({ board: place, placing: on, phone: document.body.dataset.phone || "" }),
      });
      reply = await response.json();
    } catch (error) {
      reply = null;  // the pad drops the flag itself once this phone's stream has gone
    } finally {
      document.dispatchEvent(new CustomEvent("pad:sent", { detail: { version: reply ? reply.version : null } }));
    }
  }

  function tap(editor, target) {
    const g = grammar(editor);
    const code = target.closest("button[data-code]");
    if (code) {
      const index = [...editor.querySelectorAll("fieldset.pick")].indexOf(code.closest("fieldset"));
      const pick = g.picks[index];
      const got = open.picks[index];
      open.status = "";
      if (got.includes(code.dataset.code)) got.splice(got.indexOf(code.dataset.code), 1);
      else if (pick.most === 1) got.splice(0, got.length, code.dataset.code);
      else if (got.length < pick.most) got.push(code.dataset.code);
      else { open.status = "at most " + pick.most + ": tap one chosen to take it off"; open.kind = "bad"; }
      return draw(false);
    }
    const taken = target.closest("button[data-hint]");
    const edge = taken || target.closest(".edge");
    if (edge) {
      const side = taken ? taken.dataset.hint : edge.dataset.side;
      const mine = open.lines[open.line];
      if (mine.includes(side)) mine.splice(mine.indexOf(side), 1);
      else {
        open.lines.forEach((sides) => { if (sides.includes(side)) sides.splice(sides.indexOf(side), 1); });
        mine.push(side);
      }
      open.status = "";
      return draw(false);
    }
    if (target.closest(".second")) { open.line = open.line === 1 ? 0 : 1; return draw(false); }
    if (target.closest(".cancel")) {
      const place = open.place;
      open = null;
      draw(false);
      focusCell(place);
      return;
    }
    if (target.closest(".clear")) return send("");
    if (target.closest(".place")) {
      const missing = g.picks.findIndex((pick, i) => open.picks[i].length < pick.least);
      if (missing >= 0) {
        const legend = editor.querySelectorAll("fieldset.pick legend")[missing].textContent;
        open.status = "choose: " + legend;
        open.kind = "bad";
        return draw(false);
      }
      return send(compose(open, g));
    }
  }

  async function send(value) {
    const state = open;
    state.status = "saving…";
    state.kind = "busy";
    draw(false);
    let reply;
    document.dispatchEvent(new CustomEvent("pad:send"));  // for pad.js's count of what is under way
    try {
      const response = await (window.padTransport || window).fetch("answer", {
        method: "POST", headers: { "content-type": "application/json" }, cache: "no-store",
        credentials: "same-origin", body: JSON.stringify({ place: state.place, seen: state.seen, value: value }),
      });
      reply = await response.json();
    } catch (error) {
      state.status = "not sent (no connection): tap again to retry";
      state.kind = "bad";
      return draw(false);
    } finally {
      document.dispatchEvent(new CustomEvent("pad:sent", { detail: { version: reply ? reply.version : null } }));
    }
    if (reply.status === STATUS.saved) {
      const now = reply.current === null ? value : reply.current;
      const shown = reply.current_words || reply.value_words || now;  // the tile in words, never its token
      said.set(state.board, [state.label + ": " + (now ? shown : "cleared") + " — saved ✓", "good", reply.version]);
      if (open === state) {
        open = null;
        const board = boardOf(state.board);
        if (board && board.contains(document.activeElement)) refocus = state.place;  // a keyboard's place kept
      }
      const drawn = [...document.querySelectorAll(".cell[data-place]")].find((c) => c.dataset.place === state.place);
      if (refocus && drawn && drawn.dataset.seen === now) {  // the board drawn with it already
        refocus = null;
        draw(false);
        drawn.focus();
        return;
      }
    } else if (reply.status === STATUS.stale) {
      state.status = "not saved: another phone placed " + (reply.current ? (reply.current_words || reply.current) : "nothing")
        + " here meanwhile; yours is " + (value ? (reply.value_words || value) : "nothing") + ". "
        + (value ? "Place" : "Clear") + " again to replace it with yours.";
      state.kind = "bad";
      state.seen = reply.current || "";
    } else {
      state.status = "✗ " + reply.message;
      state.kind = "bad";
    }
    draw(false);
  }

  pad.addEventListener("click", (event) => {
    const cell = event.target.closest(".cell[data-place]");
    if (cell && open && open.place === cell.dataset.place) return;  // tapped again: keep what is tapped
    if (cell) return startAt(cell);
    const editor = event.target.closest(".editor");
    if (editor && open) tap(editor, event.target);
  });
  // The keyboard: Enter or Space on a square opens it, the arrows move between squares, Escape
  // closes the editor; focus goes back to the square once its tile is placed or the editor closed.
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  let refocus = null;  // the square to focus once the board is drawn again
  function focusCell(place) {
    const cell = [...document.querySelectorAll(".cell[data-place]")].find((c) => c.dataset.place === place);
    if (cell) { cell.focus(); return true; }
    return false;
  }
  pad.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && open) {
      const place = open.place;
      open = null;
      draw(false);
      focusCell(place);
      return;
    }
    const step = arrows[event.key];
    const group = step && event.target.closest(".editor fieldset.pick, .editor svg.tile-sides");
    if (group) {  // within the editor's lands, animals or edges: the arrows go to the next or the one before
      const items = [...group.querySelectorAll("button, .edge")];
      const at = items.indexOf(event.target.closest("button, .edge"));
      const next = items[at + (step[0] + step[1] > 0 ? 1 : -1)];
      if (at >= 0 && next) { event.preventDefault(); next.focus(); }
      return;
    }
    if (step && event.target.matches(".cell[data-place]")) {
      const at = /r(\d+)c(\d+)$/.exec(event.target.dataset.place);
      const board = event.target.closest(".board");
      const next = at && cellOf(board, event.target.dataset.place.slice(0, at.index)
        + `r${Number(at[1]) + step[0]}c${Number(at[2]) + step[1]}`);
      if (next) { event.preventDefault(); next.focus(); }
      return;
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    const target = event.target.closest(".cell[data-place], .edge");  // a hint is a button: its own click
    if (!target) return;
    event.preventDefault();
    if (target.matches(".cell")) {  // opened from the keyboard: the editor's first choice takes the focus
      if (!open || open.place !== target.dataset.place) startAt(target);
      const editor = target.closest(".board").querySelector(".editor");
      const first = editor && !editor.hidden && (editor.querySelector(".pick button[aria-pressed='true']")
        || editor.querySelector(".pick button"));
      if (first) first.focus();
    }
    else if (open) tap(target.closest(".editor"), target);
  });

  // A tile half built is kept in this phone's storage, so a reload (or a phone that dropped the page)
  // finds it again in its editor, flagged again as being placed; a page with none takes back whatever
  // this phone said before. A tile kept for a square another phone has filled meanwhile keeps what it
  // saw there: "Place" is then refused, showing both (never overwriting the newer tile).
  const kept = "pad-tile:" + location.pathname;
  function keep() {
    try {
      const board = open && boardOf(open.board);
      const editor = board && board.querySelector(".editor");
      if (editor && compose(open, grammar(editor)) !== (open.seen || "")) {
        localStorage.setItem(kept, JSON.stringify({ board: open.board, place: open.place, seen: open.seen,
          label: open.label, picks: open.picks, lines: open.lines, line: open.line, hints: open.hints }));
      } else {
        localStorage.removeItem(kept);
      }
    } catch (error) { /* a phone that keeps nothing loses the tile on a reload, as before */ }
  }
  function restore() {
    let saved;
    try { saved = JSON.parse(localStorage.getItem(kept) || "null"); } catch (error) { saved = null; }
    const board = saved && boardOf(saved.board);
    const editor = board && board.querySelector(".editor");
    if (!editor || !cellOf(board, saved.place)) return false;
    const g = grammar(editor);
    if (!Array.isArray(saved.picks) || saved.picks.length !== g.picks.length) return false;
    open = { board: saved.board, place: saved.place, seen: saved.seen || "", label: saved.label,
      picks: saved.picks, lines: saved.lines, line: saved.line || 0, hints: saved.hints || [],
      status: "kept from before the page was loaded again: Place it, or ✕ to drop it", kind: "busy" };
    draw(true);
    return true;
  }
  if (!restore()) tell("", false);

  // pad.js brings the form up to date in place after every answer (morph.js): the board's drawing
  // may be new, the editor (left as it was) is drawn again over it.
  document.addEventListener("pad:merged", () => {
    draw(false);
    if (refocus && focusCell(refocus)) refocus = null;
    else if (focused && (!document.activeElement || document.activeElement === document.body)) focusCell(focused);
  });
  // A square that had the focus when the board was drawn again (another phone's answer) keeps it.
  let focused = null;
  pad.addEventListener("focusin", (event) => {
    const cell = event.target.closest && event.target.closest(".cell[data-place]");
    focused = cell ? cell.dataset.place : null;
  });
})();
