// How the worker's Python starts (SPEC section 9, "Open at once"): the runtime, the lock file and
// every wheel scorecalc needs are fetched at once, side by side, never one after the other; and
// after the first start the phone keeps Python with scorecalc imported as a memory snapshot, which
// later starts restore instead of starting Python afresh.
//
// The snapshot is Pyodide's own (`_makeSnapshot` / `makeMemorySnapshot` / `_loadSnapshot`, in the
// version the build pins): a copy of WebAssembly's memory, so of everything Python holds, stamped
// with the runtime's build id, which Pyodide checks on restore. What it does not hold, and this
// file therefore does itself:
// - the file system: Emscripten keeps files in JavaScript, so the wheels are unpacked again after a
//   restore (a module imported later, such as a game's, is read from them);
// - packages loaded by `loadPackage`: Pyodide refuses to snapshot its loader's state, so the wheels
//   are unpacked by `unpackArchive` from the bytes fetched at the start, pure wheels all;
// - fresh randomness: `random`'s generator, seeded once before the snapshot, is seeded again from
//   the browser's source after each restore (the hash seed stays the snapshot's: nothing scorecalc
//   writes depends on it, as the CLI, whose seed changes with every process, gives the same bytes).
// The snapshot is made on the phone, kept in Cache Storage under the build's own names (the runtime's
// and the wheels' folders, each named by a hash of its content), never downloaded. A snapshot that
// cannot be restored (damaged, another build, a browser without Cache Storage) is forgotten and
// Python starts as on a first visit: the player is told nothing either way.
import { loadPyodide } from "./@pyodide/@pyodide.mjs";

const SHELF = "scorecalc-snapshot";  // sw.js's activation keeps this cache: it is not a version's

/** The snapshot kept for this build, or null (none, or no Cache Storage here). */
async function kept(key) {
  if (!self.caches) return null;
  const cache = await caches.open(SHELF);
  const hit = await cache.match(key);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

/** Keep ``snapshot`` as this build's, and forget every other build's. */
async function keep(key, snapshot) {
  if (!self.caches) return;
  const cache = await caches.open(SHELF);
  for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
  await cache.put(key, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
}

async function forget(key) {
  if (self.caches) await (await caches.open(SHELF)).delete(key);
}

/** The lock's packages ``name`` needs, itself included, each once. */
function needed(lock, name, into = new Set()) {
  if (into.has(name)) return into;
  into.add(name);
  for (const depends of lock.packages[name].depends) needed(lock, depends, into);
  return into;
}

/** Every wheel scorecalc needs, as bytes, fetched at once (each request starts before any ends). */
async function wheels(lockURL) {
  const lock = await (await fetch(lockURL)).json();
  return Promise.all([...needed(lock, "scorecalc")].map(async (name) => {
    const response = await fetch(new URL(lock.packages[name].file_name, lockURL));
    if (!response.ok) throw new Error(`${lock.packages[name].file_name}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }));
}

/** The wheels unpacked into site-packages: their files, for the imports still to come. */
function unpack(pyodide, blobs) {
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const blob of blobs) pyodide.unpackArchive(blob, "wheel", { extractDir: site });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
}

// What a start imports before the snapshot: what the first start needs anyway, nothing more, so the
// first visit is not slowed (a game's modules and the score page's are read from the unpacked wheels
// on a later visit, as today).
const IMPORTS = "import scorecalc.web.local";

/**
 * Python up with scorecalc imported, by the quickest way this phone has: restored from its snapshot,
 * else started afresh (and then snapshotted for the next time). Resolves to the runtime, scorecalc's
 * ``web.local`` module and ``started``: "snapshot" or "plain".
 */
export async function open(indexURL, lockFileURL, quiet) {
  const blobs = wheels(lockFileURL);
  blobs.catch(() => {});  // awaited below; a failure is the start's
  const names = `runtime=${encodeURIComponent(indexURL)}&lock=${encodeURIComponent(lockFileURL)}`;
  const key = new URL(`snapshot?${names}`, lockFileURL).href;  // this build's: both named by hashes
  const options = { indexURL, lockFileURL, stdout: quiet, stderr: quiet };
  const snapshot = await kept(key).catch(() => null);
  if (snapshot) {
    try {
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      unpack(pyodide, await blobs);
      pyodide.runPython("import random; random.seed()");
      const local = pyodide.pyimport("scorecalc.web.local");
      return { pyodide, local, started: "snapshot" };
    } catch (error) {  // the snapshot's fault unless the wheels could not be fetched
      if (await blobs.then(() => true, () => false)) await forget(key).catch(() => {});
    }
  }
  const snapshots = !!self.caches;
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: snapshots });
  unpack(pyodide, await blobs);
  pyodide.runPython(IMPORTS);
  if (snapshots) {
    try {
      keep(key, pyodide.makeMemorySnapshot()).catch(() => {});
    } catch (error) { /* Python holds what a snapshot cannot: the next start is plain too */ }
  }
  return { pyodide, local: pyodide.pyimport("scorecalc.web.local"), started: "plain" };
}
