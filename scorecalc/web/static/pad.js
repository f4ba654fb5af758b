// The pad's script: what a form alone cannot do. Each field is sent on its own when it
// changes (its place, the value this phone last saw there, the new value); the server's
// reply is shown beside it; others' answers arrive as server-sent events (polling where
// there are none) and are written into the fields this phone is not editing. Every text is
// set with textContent or value, never as markup.
"use strict";
(function () {
  // Where requests go: the pad's server (fetch, EventSource, a page to load), or the app's
  // transport, which answers them with the pad's Python in the phone's browser (SPEC section 9).
  const transport = window.padTransport || {
    fetch: (path, init) => fetch(path, init),
    events: (path) => new EventSource(path),
    go: (path) => { location.href = path; },
  };
  const form = () => document.getElementById("form");
  let version = Number(form().dataset.version);
  // This phone, as the pad knows it: its event stream and its "placing a tile" flag (board.js)
  // name it, so a flag ends once this phone has gone.
  let phone = sessionStorage.getItem("pad-phone");
  if (!phone) {
    phone = Math.random().toString(36).slice(2) + Date.now().toString(36);
    sessionStorage.setItem("pad-phone", phone);
  }
  document.body.dataset.phone = phone;
  // A tile half built on this very phone is said in the second person ("Your phone is placing a
  // tile…"): the form carries both wordings and the placing phone's id; this phone shows its own.
  const yours = document.createElement("style");
  const mine = '.placing[data-phone="' + CSS.escape(phone) + '"]';
  yours.textContent = mine + " .yours { display: inline; } " + mine + " .theirs { display: none; }";
  document.head.append(yours);
  // The replies' statuses by name, as the page carries them (the pad's one list of them).
  const STATUS = JSON.parse(document.getElementById("statuses").textContent);
  let busy = false;
  let again = false;

  function status(field, text, kind) {
    const out = field.querySelector(".status");
    if (!out) return;
    out.textContent = text;
    out.className = "status " + (kind || "");
  }

  // Whether this phone shows the table as it is: nothing sent or fetched still under way and the
  // form as new as the newest version heard of. <body data-settled> says it (tests wait on it).
  let sending = 0;
  function settle() {
    const quiet = !busy && !again && sending === 0 && Number(form().dataset.version) >= version;
    document.body.dataset.settled = quiet ? "yes" : "no";
  }

  // A request's reply (JSON). An answer names the version of the form this phone shows (``at``),
  // and its reply then carries what this phone shows next (``shown``).
  async function post(path, body) {
    sending += 1;
    settle();
    try {
      const response = await transport.fetch(path, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
        cache: "no-store", credentials: "same-origin",
      });
      const reply = await response.json();
      if (typeof reply.version === "number" && reply.version > version) version = reply.version;
      return reply;
    } finally {
      sending -= 1;
      settle();
    }
  }

  // What the answering phone shows next, from the answer's reply: the fresh form when anything
  // beyond its own field changed, or nothing when only that field did (its form is then the
  // table's at the reply's version); a form overtaken meanwhile is fetched as usual.
  function shown(reply, at) {
    if (typeof reply.form === "string") {
      const fresh = new DOMParser().parseFromString(reply.form, "text/html").getElementById("form");
      if (fresh) {
        merge(document.adoptNode(fresh));
        settle();
        return;
      }
    }
    const now = Number(form().dataset.version);
    if (typeof reply.version !== "number" || now >= reply.version) return;
    if (now === at && reply.version === at + 1) {
      form().dataset.version = String(reply.version);
      settle();
      return;
    }
    refresh();
  }

  function byPlace(place) {
    return [...form().querySelectorAll(".field")].find((field) => field.dataset.place === place);
  }

  async function send(field, value) {
    if (field.dataset.sending === value) return;
    field.dataset.sending = value;
    status(field, "saving…", "busy");
    const seen = field.dataset.answered === "yes" ? field.dataset.seen : null;
    const at = Number(form().dataset.version);
    let reply;
    try {
      reply = await post("answer", { place: field.dataset.place, seen: seen, value: value, at: at });
    } catch (error) {
      delete field.dataset.sending;
      field = byPlace(field.dataset.place) || field;
      status(field, "not sent (no connection): Enter again to retry", "bad");
      return;
    }
    delete field.dataset.sending;
    field = byPlace(field.dataset.place) || field;  // the form may have been redrawn meanwhile
    delete field.dataset.sending;
    const input = field.querySelector("input, select");
    field.dataset.at = String(reply.version);  // a form older than this says nothing new of this field
    if (reply.status === STATUS.saved) {
      field.classList.remove("dirty");
      if (reply.current !== null && input) input.value = reply.current;
      field.dataset.seen = reply.current !== null ? reply.current : value;
      field.dataset.answered = "yes";
      const warned = reply.warnings.length ? " ⚠ " + reply.warnings.join("; ") : "";
      status(field, "saved ✓" + warned, warned ? "bad" : "good");
    } else if (reply.status === STATUS.stale) {
      field.dataset.seen = reply.current === null ? "" : reply.current;
      field.dataset.answered = reply.current === null ? "no" : "yes";
      status(field, "not saved: another phone saved “" + (reply.current || "") + "” here meanwhile; yours is “"
        + value + "”. Enter again to replace it with yours.", "bad");
    } else {
      status(field, "✗ " + reply.message, "bad");
    }
    shown(reply, at);
  }

  // A list's last entry taken away: a second tap confirms (no dialog), then it is sent as an
  // answer of its own, naming the entry as this phone last saw it.
  async function remove(field, button) {
    if (button.dataset.armed !== "yes") {
      button.dataset.armed = "yes";
      button.textContent = "Tap again to remove " + field.dataset.label;
      return;
    }
    delete button.dataset.armed;
    status(field, "removing…", "busy");
    const at = Number(form().dataset.version);
    let reply;
    try {
      reply = await post("answer", { place: field.dataset.entry, seen: field.dataset.seen, value: "", remove: true, at: at });
    } catch (error) {
      status(field, "not sent (no connection): tap again to retry", "bad");
      return;
    }
    const place = field.dataset.entry;
    field = byPlace(field.dataset.place) || field;
    const label = field.dataset.label;
    shown(reply, at);  // the list without the entry, drawn before it is said where
    field = byPlace(field.dataset.place) || field;
    if (reply.status === STATUS.saved) {  // said where the list's next entry is asked now (its first field)
      const next = [...form().querySelectorAll(".field")].find((f) => f.querySelector("input")
        && (f.dataset.place.startsWith(place + ".") || f.dataset.place === place));
      status(next || field, "removed " + label + " ✓", "good");
    } else if (reply.status === STATUS.stale) {
      status(field, "not removed: " + reply.message, "bad");
    } else {
      status(field, "✗ " + reply.message, "bad");
    }
  }

  // A field typed in is the player's until she sends it: Enter, or leaving it (its change). An
  // IME's composition counts as typing from its first key.
  function typing(event) {
    const field = event.target.closest && event.target.closest(".field");
    if (field && event.target.matches("input, select, textarea")) field.classList.add("dirty");
  }
  document.addEventListener("input", typing);
  document.addEventListener("compositionstart", typing);
  document.addEventListener("change", (event) => {
    const field = event.target.closest(".field");
    if (!field || !event.target.matches("input, select")) return;
    if (merging || !event.target.isConnected) return;  // not the player's act: the form was being redrawn
    if (field.dataset.answered === "yes" && event.target.value === field.dataset.seen) return;  // saved already
    send(field, event.target.value);
  });
  document.addEventListener("keydown", async (event) => {
    if (event.key !== "Enter" || event.isComposing || !event.target.matches(".field input")) return;
    event.preventDefault();
    const input = event.target;
    const field = input.closest(".field");
    await send(field, input.value);
    onward(field, input);
  });
  // A field left without a change, whose value another phone saved while the player was in it:
  // shown now as the table has it.
  document.addEventListener("focusout", (event) => {
    const field = event.target.closest && event.target.closest(".field");
    if (field && field.dataset.behind && !field.classList.contains("dirty")) setTimeout(refresh);
  });

  // After Enter saved an answer, the next question, as the terminal's Enter asks it: the focus on
  // the next field in the page not answered yet (in an open section), unless the player has moved
  // elsewhere meanwhile or the answer was not saved.
  function onward(field, input) {
    if (document.activeElement !== input || field.classList.contains("dirty") || field.dataset.answered !== "yes") return;
    const fields = [...form().querySelectorAll(".field")];
    const next = fields.slice(fields.indexOf(field) + 1).find((f) => f.dataset.answered === "no"
      && f.querySelector("input, select") && !f.closest("details:not([open]), [hidden]"));
    if (next) next.querySelector("input, select").focus();
  }

  // A paste longer than the field holds (its maxlength: what an answer may carry to the pad) is
  // refused at once, in words, and nothing is sent; the browser would otherwise cut it silently.
  document.addEventListener("paste", (event) => {
    const control = event.target.closest && event.target.closest("input, textarea");
    if (!control || !(control.maxLength > 0)) return;
    const text = event.clipboardData ? event.clipboardData.getData("text") : "";
    const replaced = (control.selectionEnd || 0) - (control.selectionStart || 0);
    if (control.value.length - replaced + text.length <= control.maxLength) return;
    event.preventDefault();
    const holder = control.closest(".field");
    if (holder) {
      status(holder, "not pasted: that text is too long (" + sized(text.length) + "); this field holds at most "
        + control.maxLength.toLocaleString("en") + " characters", "bad");
    }
  });
  function sized(count) {
    if (count >= 1e6) return (count / 1e6).toFixed(1) + " million characters";
    return count.toLocaleString("en") + " characters";
  }
  document.addEventListener("click", async (event) => {
    const target = event.target;
    if (target.matches("button.send")) {
      send(target.closest(".field"), target.value);
    } else if (target.matches("button.remove")) {
      remove(target.closest(".field"), target);
    } else if (target.id === "score" || target.id === "anyway") {
      // "Score it"; its warnings come back and every phone shows them beside "Score it anyway"
      const end = document.getElementById("end");
      status(end, "scoring…", "busy");
      let reply;
      try {
        reply = await post("score", { anyway: target.id === "anyway" });
      } catch (error) {
        status(document.getElementById("end"), "not sent (no connection): try again", "bad");
        return;
      }
      if (reply.status === STATUS.saved) { toResult(); return; }
      status(document.getElementById("end"), reply.status === STATUS.warned ? "" : "✗ " + reply.message,
        reply.status === STATUS.warned ? "" : "bad");
      refresh();
    } else if (target.closest("button.drop")) {  // the tiles half built that alone hold scoring back
      const boards = target.closest("button.drop").dataset.boards.split("\n").filter(Boolean);
      try {
        for (const board of boards) await post("placing", { board: board, placing: false, phone: phone });
      } catch (error) {
        status(document.getElementById("end"), "not sent (no connection): try again", "bad");
        return;
      }
      refresh();
    }
  });

  // Another phone's answers (or this phone's own): the fresh form from the pad, morphed into this
  // one in place (morph.js: what of this phone's stays its own). The element under the player's
  // finger (the field she is in, the square whose tile she is building) keeps its place on the
  // screen while what lies above it grows or shrinks.
  let merging = false;
  function merge(fresh) {
    const old = form();
    const at = Number(fresh.dataset.version);
    if (at < Number(old.dataset.version)) return;  // an older snapshot overtaken by a newer one
    const anchor = underFinger();
    const top = anchor ? anchor().getBoundingClientRect().top : 0;
    merging = true;
    try {
      window.padMorph.morphForm(old, fresh, window.Idiomorph);
    } finally {
      merging = false;
    }
    form().dataset.version = String(at);
    follow();
    document.dispatchEvent(new CustomEvent("pad:merged"));
    const held = anchor && anchor();
    if (held) {
      const by = held.getBoundingClientRect().top - top;
      if (by) window.scrollBy({ top: by, behavior: "instant" });
    }
  }

  // How to find again, after a morph, the element under the finger: the control that has the
  // focus, else the square whose tile is being built (board.js marks it .selected), else (scrolled
  // down) the first field in sight: the page's own scroll anchoring, the same in every browser
  // (pad.css turns the browser's off).
  function underFinger() {
    const active = document.activeElement;
    if (active && active !== document.body && active.id && form().contains(active)) {
      const id = active.id;
      return () => document.getElementById(id);
    }
    const byPlace = (selector, place) => () => [...form().querySelectorAll(selector)]
      .find((element) => element.dataset.place === place) || null;
    const cell = form().querySelector(".cell.selected[data-place]");
    if (cell) return byPlace(".cell[data-place]", cell.dataset.place);
    if (window.scrollY <= 0) return null;  // at the top of the page: it stays there
    const seen = [...form().querySelectorAll(".field[data-place]")].find((field) => {
      const box = field.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.top < window.innerHeight;
    });
    return seen ? byPlace(".field[data-place]", seen.dataset.place) : null;
  }

  async function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const response = await transport.fetch("form", { cache: "no-store" });
      if (response.ok) {
        const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("form");
        if (fresh) merge(document.adoptNode(fresh));
      }
    } catch (error) {
      link("no connection to the pad: answers are not saved until it is back", true);
    } finally {
      busy = false;
      if (again) { again = false; refresh(); }
      settle();
    }
  }

  function link(text, bad) {
    const out = document.getElementById("link");
    out.textContent = text;
    out.className = "link " + (bad ? "bad" : "");
  }

  // "I am Ana": only her section shown, the rest of the table in one line beneath the choice, and
  // the choice remembered by this phone across reloads (its own storage: the seat and the name, so a
  // seat renamed meanwhile is not taken for her).
  const chooser = document.getElementById("follow");
  const remembered = "pad-i-am:" + location.pathname;
  let restoring = true;
  function recall() {
    try { return JSON.parse(localStorage.getItem(remembered) || "null"); } catch (error) { return null; }
  }
  function follow() {
    const players = new Map();
    for (const section of form().querySelectorAll("details[data-player]")) {
      if (!players.has(section.dataset.player)) players.set(section.dataset.player, section.dataset.title);
    }
    let chosen = chooser.value;
    if (restoring) {
      const kept = recall();
      if (kept && players.get(String(kept.seat)) === kept.name) { chosen = String(kept.seat); restoring = false; }
      else if (!kept) restoring = false;
    }
    const options = [...chooser.options].slice(1);
    const wanted = [...players].map(([index, name]) => index + "\n" + name).join("\n\n");
    const have = options.map((option) => option.value + "\n" + option.dataset.name).join("\n\n");
    if (wanted !== have) {
      options.forEach((option) => option.remove());
      for (const [index, name] of players) {
        const option = document.createElement("option");
        option.value = index;
        option.dataset.name = name;
        option.textContent = "I am " + name;
        chooser.append(option);
      }
    }
    chooser.value = players.has(chosen) ? chosen : "";
    const others = [];
    for (const section of form().querySelectorAll("details.section")) {
      const hide = chooser.value !== "" && section.dataset.player !== chooser.value;
      section.hidden = hide;
      if (!hide) continue;
      const open = section.classList.contains("folded") ? 0  // nothing to change usually
        : [...section.querySelectorAll(".field[data-answered='no']:not([data-optional]) input")].length;
      others.push(section.dataset.title + (open ? ` (${open} to answer)` : ""));
    }
    const rest = document.getElementById("others");
    rest.hidden = !others.length;
    rest.querySelector(".list").textContent = "Also at the table: " + others.join(", ") + ".";
  }
  chooser.addEventListener("change", () => {
    restoring = false;
    const name = chooser.selectedOptions[0] && chooser.selectedOptions[0].dataset.name;
    try {
      if (chooser.value === "") localStorage.removeItem(remembered);
      else localStorage.setItem(remembered, JSON.stringify({ seat: Number(chooser.value), name: name }));
    } catch (error) { /* a phone that keeps nothing still follows her until the page is left */ }
    follow();
  });
  document.getElementById("everyone").addEventListener("click", () => {
    chooser.value = "";
    chooser.dispatchEvent(new Event("change"));
  });
  follow();
  settle();

  // A tile sent by board.js counts as under way too, and its reply's version brings the board
  // redrawn at once (not only when the event stream next looks).
  document.addEventListener("pad:send", () => { sending += 1; settle(); });
  document.addEventListener("pad:sent", (event) => {
    sending -= 1;
    const at = event.detail && event.detail.version;
    if (typeof at === "number" && at > version) { version = at; refresh(); }
    settle();
  });

  // The score page, once: the reply to "Score it" and the stream's "scored" both lead there, and a
  // second navigation would abort the first.
  let leaving = false;
  function toResult() {
    if (leaving) return;
    leaving = true;
    transport.go("result");
  }

  function heard(data) {
    const message = JSON.parse(data);
    if (message.scored) { toResult(); return; }
    if (message.version > version) { version = message.version; settle(); refresh(); }
  }
  // A player's part pasted (her phone's "Send my part", SPEC section 9): the pad applies it, each
  // answer through its compare-and-set, and says beside the form what was taken and what not.
  const partTake = document.getElementById("part-take");
  if (partTake) partTake.addEventListener("click", async () => {
    const out = document.getElementById("part-status");
    out.textContent = "taking the part…";
    out.className = "status busy";
    let reply;
    try {
      reply = await post("part", { text: document.getElementById("part-text").value });
    } catch (error) {
      out.textContent = "not sent (no connection): try again";
      out.className = "status bad";
      return;
    }
    out.textContent = (reply.status === STATUS.saved ? "✓ " : "✗ ") + reply.message;
    out.className = "status " + (reply.status === STATUS.saved ? "good" : "bad");
    if (reply.status === STATUS.saved) document.getElementById("part-text").value = "";
    refresh();
  });

  if (window.padTransport || window.EventSource) {
    const events = transport.events("events?phone=" + encodeURIComponent(phone));
    events.onmessage = (event) => { link("", false); heard(event.data); };
    events.onerror = () => link("reconnecting to the pad…", true);
  } else {
    setInterval(refresh, 1000);
  }
})();
