// The pad's frame in the app: pad.js and board.js (after idiomorph.js and morph.js, which pad.js
// redraws its form with), unchanged, over the app's transport (each request answered by the
// in-browser pad in the worker; an event when the table changes otherwise, as by a part scanned). Before Python is up the page is
// the build's form of a new table, and an answer is kept on the phone at once: its field says so
// (the words the page gives) until the model's reply, which pad.js shows as any reply. After a
// reload during start-up, the answers kept are shown in their fields again, and their replies
// said there as pad.js says them.
"use strict";
(async function () {
  const app = parent.scorecalcApp;
  const fieldAt = (place) => [...document.querySelectorAll(".field")].find((field) => field.dataset.place === place);
  function say(place, text, kind) {
    const field = place === undefined ? null : fieldAt(place);
    const out = field && field.querySelector(".status");
    if (!out) return null;
    out.textContent = text;
    out.className = "status " + kind;
    return field;
  }
  const placeOf = (body) => { try { return JSON.parse(body).place; } catch (error) { return undefined; } };
  window.padTransport = {
    async fetch(path, init) {
      const body = (init && init.body) || "";
      const reply = await app.request((init && init.method) || "GET", String(path), body,
        (words) => say(placeOf(body), words, "busy"));
      return new Response(reply.body, { status: reply.code, headers: { "content-type": reply.type } });
    },
    events: (path) => app.events(path),
    go: (path) => app.go(path),
    // A kept answer's reply that no request of this page waits for (it was given before a reload).
    applied(answer, reply) {
      let said = {};
      try { said = JSON.parse(reply.body); } catch (error) { /* said below as not kept */ }
      const statuses = JSON.parse(document.getElementById("statuses").textContent);
      const field = said.status === statuses.saved
        ? say(placeOf(answer.body), "saved ✓", "good")
        : say(placeOf(answer.body), "✗ " + (said.message || ""), "bad");
      if (field && said.status === statuses.saved) field.classList.remove("dirty");
    },
  };
  document.body.innerHTML = await app.body();
  const kept = await app.pending();
  function restore() {  // the answers given before a reload, not checked yet: shown as given
    for (const answer of kept.answers) {
      let given;
      try { given = JSON.parse(answer.body); } catch (error) { continue; }
      const field = say(given.place, kept.words, "busy");
      const input = field && field.querySelector("input, select");
      if (input && typeof given.value === "string") { input.value = given.value; field.classList.add("dirty"); }
    }
  }
  for (const name of ["@idiomorph.js@", "@morph.js@", "@pad.js@", "@board.js@"]) {
    const script = document.createElement("script");
    script.src = name;
    script.async = false;
    if (name === "@board.js@") script.addEventListener("load", restore);  // once pad.js has drawn its page
    document.body.append(script);
  }
})();
