// tests/rules under Pyodide in Node (scripts/test_rules_pyodide.py runs this): the runtime and the
// app's wheels from dist/app/, the test-only wheels from the folder given, the checkout mounted
// read-only-in-spirit at /repo (scorecalc and its tests from it, no bytecode written). The standard
// library is Pyodide's whole one from node_modules, not the app's (scripts/trim_stdlib.py leaves out
// what no code of the app imports, and pytest imports some of it: shlex, unittest, pdb).
// node scripts/pyodide_rules.mjs DIST_APP TEST_WHEELS REPO [pytest arguments...]
import { readdirSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [dist, testWheels, repo, ...args] = process.argv.slice(2);
const runtime = dist + "/" + readdirSync(dist).find((name) => name.startsWith("pyodide-")) + "/";
const shelf = dist + "/" + readdirSync(dist).find((name) => name.startsWith("wheels-")) + "/";
const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);
const lock = shelf + readdirSync(shelf).find((name) => name.startsWith("lock."));
const stdLibURL = repo + "/node_modules/pyodide/python_stdlib.zip";
const pyodide = await loadPyodide({ indexURL: runtime, lockFileURL: lock, stdLibURL });
const site = "/lib/python3.14/site-packages";
const wheels = [
  ...readdirSync(shelf).filter((n) => n.endsWith(".whl") && !n.startsWith("scorecalc-")).map((n) => shelf + n),
  ...readdirSync(testWheels).filter((n) => n.endsWith(".whl")).map((n) => testWheels + "/" + n),
];
for (const path of wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(path)), "wheel", { extractDir: site });
}
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.setStdout({ write: (buffer) => { process.stdout.write(buffer); return buffer.length; } });
pyodide.setStderr({ write: (buffer) => { process.stderr.write(buffer); return buffer.length; } });
pyodide.globals.set("arguments", pyodide.toPy(args));
const code = await pyodide.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True
os.chdir("/repo")
sys.path.insert(0, "/repo")
import pytest
int(pytest.main(["-p", "no:cacheprovider", "-o", "addopts=", *arguments]))
`);
process.exit(code);
