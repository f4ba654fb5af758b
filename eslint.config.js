// ESLint (flat config; eslint, @eslint/js and globals pinned in package.json): the pad's and the
// app's scripts, the Node tests and the Node scripts. Not linted: idiomorph.js (npm's idiomorph as
// shipped, vendored byte for byte) and app/sw.js (a template: build_app.py writes its file list in).
"use strict";
const js = require("@eslint/js");
const globals = require("globals");

// A caught error left unnamed in use, or an argument a caller passes that this function does not
// read, is the house's way of saying "whatever it was": not flagged.
const unused = ["error", { caughtErrors: "none", args: "none" }];

module.exports = [
  { ignores: ["node_modules/", "dist/", "build/", ".venv/", "scorecalc/web/static/idiomorph.js", "app/sw.js"] },
  js.configs.recommended,
  { rules: { "no-unused-vars": unused } },
  {
    files: ["scorecalc/web/static/**/*.js", "app/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.browser } },
  },
  {
    files: ["app/worker.js", "app/opening.js"],  // the worker and the module it imports
    languageOptions: { sourceType: "module", globals: { ...globals.worker } },
  },
  {
    files: ["app/app.js"],  // index.html loads it as a module (it imports app/store.mjs)
    languageOptions: { sourceType: "module" },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { ...globals.node } },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
