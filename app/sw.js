// The app offline: every file of this version cached at install, answered cache first; a new
// version (a new list, so a new sw.js) installs beside the old one and waits until the page
// announces it and a tap takes it. Only this folder's own files: nothing from another origin.
"use strict";
const VERSION = "@version@";
const FILES = @files@;
const CACHE = "scorecalc-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // every other version's files go; the phone's Python snapshot (the worker's opening.js) stays
    for (const name of await caches.keys()) {
      if (name !== CACHE && name !== "scorecalc-snapshot") await caches.delete(name);
    }
    await self.clients.claim();
  })());
});
self.addEventListener("message", (event) => {
  if (event.data === "take") self.skipWaiting();
});
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
