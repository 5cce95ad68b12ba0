// The owner portal's service worker: a page of the portal that cannot be fetched (no connection)
// is answered with the offline page. Nothing else is cached: an owner's data never sits on the
// phone, and every page is fetched from the network as without the worker.
const CACHE = "owner-offline-v1";
const OFFLINE_PAGE = "/owner-offline.html";
const PORTAL = /^(\/ru)?\/owner(\/|$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(OFFLINE_PAGE)));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.mode !== "navigate" || !PORTAL.test(url.pathname)) return;
  event.respondWith(fetch(event.request).catch(() => caches.match(OFFLINE_PAGE)));
});
