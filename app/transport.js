// The pad's frame in the app: pad.js and board.js (after idiomorph.js and morph.js, which pad.js
// redraws its form with), unchanged, over the app's transport (each request answered by the
// in-browser pad in the worker, events pushed after each answer).
"use strict";
(async function () {
  const app = parent.scorecalcApp;
  window.padTransport = {
    async fetch(path, init) {
      const reply = await app.request((init && init.method) || "GET", String(path), (init && init.body) || "");
      return new Response(reply.body, { status: reply.code, headers: { "content-type": reply.type } });
    },
    events: (path) => app.events(path),
    go: (path) => app.go(path),
  };
  document.body.innerHTML = await app.body();
  for (const name of ["@idiomorph.js@", "@morph.js@", "@pad.js@", "@board.js@"]) {
    const script = document.createElement("script");
    script.src = name;
    script.async = false;
    document.body.append(script);
  }
})();
