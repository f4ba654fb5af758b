// The app's storage (app/store.mjs) under Node's own test runner, over an in-memory IndexedDB
// (fake-indexeddb, pinned in package-lock.json): two writers on one table never lose what either kept.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { pathToFileURL } = require("node:url");
const { IDBFactory } = require("fake-indexeddb");

const storeModule = import(pathToFileURL(path.join(__dirname, "..", "..", "app", "store.mjs")).href);

async function fresh() {
  const store = await storeModule;
  const factory = new IDBFactory();  // a phone of its own for each test
  return { store, factory };
}

const TABLE = { key: "k1", game: "galapagos", name: "galapagos-night.yaml" };

test("a new record starts at version 1 and a second one on the same key is refused", async () => {
  const { store, factory } = await fresh();
  const db = await store.open(factory);
  const made = await store.create(db, TABLE);
  assert.equal(made.version, 1);
  assert.equal(made.text, null);
  await assert.rejects(store.create(db, TABLE));
  assert.equal((await store.read(db, "k1")).version, 1);
});

test("two tabs writing alternately: the stale write is refused, the kept text is never a stale copy", async () => {
  const { store, factory } = await fresh();
  const a = await store.open(factory);  // tab A
  const b = await store.open(factory);  // tab B: its own connection, as another tab has
  await store.create(a, TABLE);
  let baseA = (await store.read(a, "k1")).version;
  let baseB = (await store.read(b, "k1")).version;

  const first = await store.write(a, "k1", baseA, { text: "money: 2300\n" });
  assert.deepEqual(first, { ok: true, version: 2 });
  baseA = first.version;

  const late = await store.write(b, "k1", baseB, { text: "exhibition: 17\n" });  // B read version 1
  assert.equal(late.ok, false);
  assert.equal(late.why, "stale");
  assert.equal(late.record.text, "money: 2300\n");  // what B reloads
  assert.equal((await store.read(a, "k1")).text, "money: 2300\n");

  baseB = late.record.version;  // B reloaded A's text and gave its answer again over it
  const again = await store.write(b, "k1", baseB, { text: "money: 2300\nexhibition: 17\n" });
  assert.deepEqual(again, { ok: true, version: 3 });

  const stale = await store.write(a, "k1", baseA, { text: "money: 2300\neducation: 35\n" });
  assert.equal(stale.why, "stale");
  const kept = await store.read(b, "k1");
  assert.equal(kept.text, "money: 2300\nexhibition: 17\n");
  assert.equal(kept.version, 3);
});

test("writes racing in the same moment: exactly one wins over a given version", async () => {
  const { store, factory } = await fresh();
  const a = await store.open(factory);
  const b = await store.open(factory);
  await store.create(a, TABLE);
  const both = await Promise.all([store.write(a, "k1", 1, { text: "A\n" }), store.write(b, "k1", 1, { text: "B\n" })]);
  assert.deepEqual(both.map((result) => result.ok).sort(), [false, true]);
  const winner = both[0].ok ? "A\n" : "B\n";
  assert.equal((await store.read(a, "k1")).text, winner);
  assert.equal((await store.read(a, "k1")).version, 2);
});

test("a scored record's text is never replaced by an unscored copy, even over its own version", async () => {
  const { store, factory } = await fresh();
  const db = await store.open(factory);
  await store.create(db, TABLE);
  const scored = await store.write(db, "k1", 1, { text: "finished\n", scored: true, page: "<html>" });
  assert.equal(scored.ok, true);
  const after = await store.write(db, "k1", scored.version, { text: "tally: {}\n" });
  assert.equal(after.why, "stale");
  const kept = await store.read(db, "k1");
  assert.equal(kept.text, "finished\n");
  assert.equal(kept.scored, true);
});

test("storage cleared under an open table: the write says gone and puts back no bare record", async () => {
  const { store, factory } = await fresh();
  const db = await store.open(factory);
  await store.create(db, TABLE);
  await store.remove(db, "k1");
  assert.deepEqual(await store.write(db, "k1", 1, { text: "x\n" }), { ok: false, why: "gone" });
  assert.deepEqual(await store.all(db), []);
});

test("the page's notes keep the version and cannot carry FILE", async () => {
  const { store, factory } = await fresh();
  const db = await store.open(factory);
  await store.create(db, TABLE);
  const noted = await store.note(db, "k1", { received: { Ana: true } });
  assert.deepEqual(noted.received, { Ana: true });
  assert.equal(noted.version, 1);
  assert.throws(() => store.note(db, "k1", { text: "stale\n" }));
  assert.equal(await store.note(db, "gone", { player: "Ana" }), null);
  assert.deepEqual((await store.write(db, "k1", 1, { text: "a\n" })).ok, true);  // a note never made it stale
});

test("only a record with a key, a game and a name is whole", async () => {
  const { store } = await fresh();
  assert.equal(store.whole(TABLE), true);
  assert.equal(store.whole({ key: "k2", text: "x" }), false);
  assert.equal(store.whole(undefined), false);
});

test("a connection closed under a writer (storage cleared) rejects the write: never taken as kept", async () => {
  const { store, factory } = await fresh();
  const db = await store.open(factory);
  await store.create(db, TABLE);
  db.close();
  await assert.rejects(store.write(db, "k1", 1, { text: "x\n" }));
  const again = await store.open(factory);
  assert.equal((await store.read(again, "k1")).text, null);
});

test("answers kept before Python is up: in the order given; each deleted by the write that applies it", async () => {
  const { store, factory } = await fresh();
  const db = await store.open(factory);
  await store.create(db, TABLE);
  await store.create(db, { key: "k2", game: "caribe", name: "caribe-night.yaml" });
  const ids = [];
  for (const value of ["Home", "never", "Ana"]) {
    ids.push(await store.keep(db, { table: "k1", method: "POST", path: "answer", body: value }));
  }
  await store.keep(db, { table: "k2", method: "POST", path: "answer", body: "other" });
  assert.deepEqual((await store.pending(db, "k1")).map((answer) => answer.body), ["Home", "never", "Ana"]);

  assert.deepEqual(await store.write(db, "k1", 1, { text: "location: Home\n" }, ids[0]), { ok: true, version: 2 });
  await store.forget(db, ids[1]);  // refused by the model: nothing kept, forgotten
  const stale = await store.write(db, "k1", 1, { text: "stale\n" }, ids[2]);
  assert.equal(stale.why, "stale");  // a write refused leaves its answer pending
  assert.deepEqual((await store.pending(db, "k1")).map((answer) => answer.body), ["Ana"]);

  await store.remove(db, "k1");  // a table deleted takes its pending answers with it
  assert.deepEqual(await store.pending(db, "k1"), []);
  assert.equal((await store.pending(db, "k2")).length, 1);
});
