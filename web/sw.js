// The offline copy of one build of Modern Gems. web/build.sh writes this build's version and
// file list in place of the two placeholders, so a new build installs a new cache and deletes
// the old one. Every file is served from the cache first; a link with a query string
// (?game=dots&seed=7) is served the cached page.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `modern-gems-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((key) => key.startsWith("modern-gems-") && key !== CACHE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const page = request.mode === "navigate";
    const hit = await cache.match(request, { ignoreSearch: page });
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (error) {
      const fallback = page && await cache.match("index.html");
      if (fallback) return fallback;
      throw error;
    }
  })());
});
