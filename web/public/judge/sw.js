/* global self, caches, fetch, Response, URL */
// Service worker of the judge's console (scope /judge/): the app shell and every asset the console
// has loaded are kept, so a judge can open the console and finish a game with no network. Pages
// come from the network when it answers (fresh builds), else from the cache; hashed assets from
// the cache first. The API and the WebSocket are never cached.
const CACHE = 'gorod-judge-v1';
const SHELL = ['/judge/new', '/judge/manifest.webmanifest', '/judge/icon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('gorod-judge-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function put(req, res) {
  if (!res || !res.ok || res.type === 'opaque') return;
  const copy = res.clone();
  void caches.open(CACHE).then((c) => c.put(req, copy));
}

// The console tells the worker what it has loaded before the worker took control (the first visit),
// so that the next visit works with no network.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === 'string' && new URL(u, self.location.href).origin === self.location.origin && !/\/(api|ws)\b/.test(new URL(u, self.location.href).pathname));
  event.waitUntil(caches.open(CACHE).then((c) => Promise.all(urls.map((u) => c.match(u).then((hit) => hit || c.add(u).catch(() => undefined))))));
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/ws')) return;
  if (req.mode === 'navigate') {
    // Every route serves the same index.html: keep the latest one as the shell.
    event.respondWith(
      fetch(req)
        .then((res) => {
          put('/judge/new', res);
          return res;
        })
        .catch(() => caches.match('/judge/new').then((hit) => hit || Response.error())),
    );
    return;
  }
  event.respondWith(
    caches.match(req).then(
      (hit) =>
        hit ||
        fetch(req).then((res) => {
          put(req, res);
          return res;
        }),
    ),
  );
});
