// Pyodide's Python compiles the app's wheels ahead of time (scripts/build_app.py runs this): each
// wheel in IN is rewritten into OUT with each module's bytecode in place of its source (x.pyc for
// x.py, as Pyodide's own packages ship; unchecked-hash), so a phone imports and never compiles:
// scorecalc's modules import in about a third of the time (docs/app.md), and the wheels stay as
// small as with the sources (the sources beside them took 0.7 MB to 2.1 MB). Then, from the same
// wheels' sources, it writes the app's standard library into OUT: scripts/trim_stdlib.py (in this
// Python, whose parser reads the standard library's 3.14 sources).
// node scripts/compile_wheels.mjs PYODIDE_DIR IN OUT
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [runtime, input, output] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: runtime + "/" });
for (const [path, where] of [[input, "/in"], [output, "/out"]]) {
  pyodide.FS.mkdirTree(where);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path }, where);
}
pyodide.runPython(`
import compileall, os, py_compile, shutil, zipfile
for name in sorted(os.listdir("/in")):
    if not name.endswith(".whl"):
        continue
    tree = "/tmp/" + name
    with zipfile.ZipFile("/in/" + name) as wheel:
        wheel.extractall(tree)
    compileall.compile_dir(tree, quiet=2, legacy=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    for folder, folders, files in os.walk(tree):
        for file in files:
            if file.endswith(".py"):
                os.remove(os.path.join(folder, file))
    with zipfile.ZipFile("/out/" + name, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as wheel:
        for folder, folders, files in sorted(os.walk(tree)):
            folders.sort()
            for file in sorted(files):
                path = os.path.join(folder, file)
                entry = zipfile.ZipInfo(os.path.relpath(path, tree), (1980, 1, 1, 0, 0, 0))
                with open(path, "rb") as data:
                    wheel.writestr(entry, data.read(), zipfile.ZIP_DEFLATED, 9)
    shutil.rmtree(tree)
`);
pyodide.FS.writeFile("/tmp/trim_stdlib.py", readFileSync(join(dirname(fileURLToPath(import.meta.url)), "trim_stdlib.py")));
pyodide.FS.mkdirTree("/stdlib");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: runtime }, "/stdlib");
pyodide.runPython(`
import os, sys
sys.path.insert(0, "/tmp")
from trim_stdlib import trim
wheels = [open("/in/" + name, "rb").read() for name in sorted(os.listdir("/in")) if name.endswith(".whl")]
with open("/stdlib/python_stdlib.zip", "rb") as whole:
    trimmed, dropped = trim(whole.read(), wheels)
with open("/out/python_stdlib.zip", "wb") as out:
    out.write(trimmed)
with open("/out/python_stdlib.dropped", "w") as said:
    said.write(" ".join(dropped))
`);
