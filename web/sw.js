// The offline copy of one build of Modern Gems. web/finish.py writes this build's id and file
// list in place of the two placeholders; every file of a build is named after its id, so a
// cache never pairs one build's page with another's code or assets.
//
// - Install: every file is fetched past the browser's HTTP cache (cache: "reload"), so an old
//   copy from it can never enter this build's cache.
// - A new build's worker waits: it takes over only when the page asks (the player pressed
//   Reload in "A new version is ready"), so a running game never loads another build's files.
// - Activate: the other builds' caches are deleted.
// - Fetch: this build's files from its cache first; a link with a query string
//   (?game=dots&seed=7) is served the cached page; /api/ is left to the network.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `modern-gems-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(FILES.map(async (file) => {
      const response = await fetch(new Request(file, { cache: "reload" }));
      if (!response.ok) throw new Error(`${file}: ${response.status}`);
      await cache.put(file, response);
    }));
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
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
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) return;
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
