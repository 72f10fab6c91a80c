// The visitor app's service worker (hand-written: Workbox's runtime would be most of it). It keeps
// the app shell — index.html, the built JS/CSS, the icons — so the app opens offline, and nothing
// else: API answers, media (other people's photos), share pages' own HTML and the admin portal are
// never cached or even seen here. The build (sw/plugin.ts) replaces SHELL and VERSION.
const SHELL = self.__SHELL__;
const VERSION = self.__VERSION__;
const CACHE = `shell-${VERSION}`;

self.addEventListener('install', (event) => {
  // a new version waits until the page's reload prompt says so (SKIP_WAITING): an open tab never
  // gets chunks of a version it was not built with
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('shell-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

const passThrough = (path) =>
  path.startsWith('/api/') || path.startsWith('/media/') || path === '/adm' || path.startsWith('/adm/');

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || passThrough(url.pathname)) return;
  if (request.mode === 'navigate') {
    // the network first (a deploy, a share page's tags), the shell when there is none
    event.respondWith(
      fetch(request).catch(() =>
        caches.match('/index.html').then((r) => r || new Response('Offline', { status: 503 })),
      ),
    );
    return;
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((hit) => hit || fetch(request)));
  }
});
