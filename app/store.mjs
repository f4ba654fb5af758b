// The tables kept on this phone (IndexedDB), as the app's page and its worker read and write them.
// One table, one writer: a record carries a version, raised by one at each write of its FILE;
// a worker writes only over the version it read (compare-and-set), so a second tab (or the
// installed app beside a tab) on the same table never puts a stale copy over answers the first
// one kept. A scored record's text is never replaced by an unscored one (the kept file never
// contradicts its score page). The page's own notes on a record (whose parts are in, "I am …")
// are merged into it in one transaction and leave its version as it is.
// Answers given before Python is up wait in `pending` (auto-increment keys: the order they were
// given), each naming its table, until the worker applies them through the model; the worker's
// write that keeps the table deletes the answer it applied in the same transaction.
// No DOM and no globals but the IndexedDB factory handed in: Node's test runner drives it with an
// in-memory IndexedDB.

export const NAME = "scorecalc";
export const TABLES = "tables";
export const PENDING = "pending";

// What the page may note on a record without a version of its own: never the FILE or its score.
const NOTES = new Set(["received", "player", "seat"]);

export function open(factory = globalThis.indexedDB) {
  return new Promise((resolve, reject) => {
    let opening;
    try {
      opening = factory.open(NAME, 2);
    } catch (error) {
      reject(error);
      return;
    }
    opening.onupgradeneeded = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains(TABLES)) db.createObjectStore(TABLES, { keyPath: "key" });
      if (!db.objectStoreNames.contains(PENDING)) {
        db.createObjectStore(PENDING, { keyPath: "id", autoIncrement: true }).createIndex("table", "table");
      }
    };
    opening.onsuccess = () => {
      const db = opening.result;
      db.onversionchange = () => db.close();  // storage cleared by the browser: let it go
      resolve(db);
    };
    opening.onerror = () => reject(opening.error);
    opening.onblocked = () => reject(new Error("the phone's storage is busy"));
  });
}

// One transaction on the tables (and the answers pending, when `stores` names them):
// `work(tables, done, pending)` runs inside it; the promise settles once IndexedDB has committed
// (or refused) it, with what `done` was given.
function transact(db, mode, work, stores = [TABLES]) {
  return new Promise((resolve, reject) => {
    let transaction;
    try {
      transaction = db.transaction(stores, mode);
    } catch (error) {  // the database closed under us (storage cleared)
      reject(error);
      return;
    }
    let result;
    const done = (value) => { result = value; };
    try {
      work(transaction.objectStore(stores[0]), done,
        stores.includes(PENDING) ? transaction.objectStore(PENDING) : null);
    } catch (error) {
      try { transaction.abort(); } catch (ignored) { /* already over */ }
      reject(error);
      return;
    }
    transaction.oncomplete = () => resolve(result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error || new Error("the phone's storage refused it"));
  });
}

export function read(db, key) {
  return transact(db, "readonly", (store, done) => {
    const got = store.get(key);
    got.onsuccess = () => done(got.result);
  });
}

export function all(db) {
  return transact(db, "readonly", (store, done) => {
    const got = store.getAll();
    got.onsuccess = () => done(got.result);
  });
}

// A new record (a new table, an import Python took, a part): version 1; refused if the key is taken.
export function create(db, record) {
  const made = Object.assign({ text: null, scored: false }, record, { version: 1, updated: Date.now() });
  return transact(db, "readwrite", (store, done) => {
    store.add(made).onsuccess = () => done(made);
  });
}

// FILE's new text (and its score page, once scored) over the version `base` the writer read:
// {ok: true, version} once IndexedDB has it; {ok: false, why: "gone"} when the record is no longer
// there (storage cleared, the table deleted); {ok: false, why: "stale", record} when another writer
// kept a newer version (or the table is scored and this change is not); a storage error (full)
// rejects, as IndexedDB refused it.
// `applied`: the key of the pending answer this change applied, deleted in the same transaction
// (kept as it is when the change is not).
export function write(db, key, base, change, applied) {
  const stores = applied === undefined ? [TABLES] : [TABLES, PENDING];
  return transact(db, "readwrite", (store, done, pending) => {
    const got = store.get(key);
    got.onsuccess = () => {
      const record = got.result;
      if (!record) { done({ ok: false, why: "gone" }); return; }
      if ((record.version || 0) !== base || (record.scored && !change.scored)) {
        done({ ok: false, why: "stale", record });
        return;
      }
      const version = base + 1;
      store.put(Object.assign({}, record, change, { version, updated: Date.now() }));
      if (pending) pending.delete(applied);
      done({ ok: true, version });
    };
  }, stores);
}

// An answer given before Python is up (`{table, method, path, body}`), kept at once after the
// others: its key once IndexedDB has it.
export function keep(db, answer) {
  return transact(db, "readwrite", (store, done) => {
    const added = store.add(Object.assign({}, answer));
    added.onsuccess = () => done(added.result);
  }, [PENDING]);
}

// The answers pending on `table`, in the order they were given (each with its `id`).
export function pending(db, table) {
  return transact(db, "readonly", (store, done) => {
    const got = store.index("table").getAll(table);
    got.onsuccess = () => done(got.result.sort((a, b) => a.id - b.id));
  }, [PENDING]);
}

// A pending answer done with that changed nothing kept (refused by the model): forgotten.
export function forget(db, id) {
  return transact(db, "readwrite", (store) => { store.delete(id); }, [PENDING]);
}

// The page's notes merged into the record as it is now, its version and FILE untouched: the
// record, or null when it is no longer there.
export function note(db, key, change) {
  for (const name of Object.keys(change)) {
    if (!NOTES.has(name)) throw new Error("not a note: " + name);
  }
  return transact(db, "readwrite", (store, done) => {
    const got = store.get(key);
    got.onsuccess = () => {
      if (!got.result) { done(null); return; }
      const record = Object.assign({}, got.result, change);
      store.put(record);
      done(record);
    };
  });
}

export function remove(db, key) {  // the table, and any answer still pending on it
  return transact(db, "readwrite", (store, done, pending) => {
    store.delete(key);
    const found = pending.index("table").getAllKeys(key);
    found.onsuccess = () => { for (const id of found.result) pending.delete(id); };
  }, [TABLES, PENDING]);
}

// Whether a record is one the list can show and Python can open: a table's key, game and name.
export function whole(record) {
  return Boolean(record && typeof record.key === "string" && typeof record.game === "string"
    && typeof record.name === "string");
}
