// A page in Node for the pad's scripts: happy-dom's window with the scripts the pad's page loads
// (scorecalc/web/static, as the package ships them) run in it, and a form written as the pad's
// template writes one (scorecalc/web/templates/form.html.j2: the parts the scripts read).
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { Window } = require("happy-dom");

const STATIC = path.join(__dirname, "..", "..", "scorecalc", "web", "static");

// A window whose body is ``body``, with the named static scripts run in it in turn.
function page(body, scripts) {
  const window = new Window({ url: "http://pad.test/TOKEN/", width: 390, height: 844 });
  window.document.body.innerHTML = body;
  for (const name of scripts) window.eval(fs.readFileSync(path.join(STATIC, name), "utf8"));
  return window;
}

// One field as the template draws it: a text input (or a select of ``options``), its status line.
function field(place, { label = place, value = "", answered = value !== "", options = null } = {}) {
  const control = options
    ? `<select id="f-${place}">${options.map((o) => `<option value="${o}"${o === value ? " selected" : ""}>${o}</option>`).join("")}</select>`
    : `<input id="f-${place}" type="text" maxlength="10000" value="${value}">`;
  return `<div class="field${answered ? " answered" : ""}" data-place="${place}" data-seen="${value}" `
    + `data-answered="${answered ? "yes" : "no"}"><label for="f-${place}">${label}</label>${control}`
    + `<output class="status" id="s-${place}" aria-live="polite"></output></div>`;
}

// A section of fields, open unless ``folded``.
function section(title, fields, { folded = false } = {}) {
  return `<details${folded ? "" : " open"} class="section" data-title="${title}"><summary>${title}</summary>`
    + fields.join("") + "</details>";
}

// The form at ``version``: its sections, then the end.
function form(version, sections) {
  return `<div id="form" data-version="${version}" data-ready="no">${sections.join("")}`
    + `<div id="end" data-ready="no"><p>questions not answered yet</p><output class="status"></output></div></div>`;
}

// A fresh form as pad.js gets one from the pad: parsed apart from the page, adopted into it.
function fresh(window, html) {
  const parsed = new window.DOMParser().parseFromString(html, "text/html").getElementById("form");
  return window.document.adoptNode(parsed);
}

module.exports = { page, field, section, form, fresh, STATIC };
