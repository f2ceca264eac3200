// The app-shell service worker: precaches the built shell (the list is injected by scripts/build-client.mjs)
// so the app opens offline, and never touches /api. Registered by client/service-worker-registration.ts
// through workbox-window.
import { CACHE_PREFIX, SHELL_PAGE, cacheNameFor, routeRequest, type PrecacheEntry } from './routing.ts';

declare const self: ServiceWorkerGlobalScope;
/** Replaced at build time with the shell files and their content hashes. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

const entries = __PRECACHE_MANIFEST__;
const urls = new Set(entries.map((e) => e.url));
const cacheName = cacheNameFor(entries);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      // 'reload' skips the HTTP cache, so what is precached is what the server has now.
      await cache.addAll(entries.map((e) => new Request(e.url, { cache: 'reload', credentials: 'same-origin' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== cacheName).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

async function fromPrecache(url: string): Promise<Response | undefined> {
  const cache = await caches.open(cacheName);
  return cache.match(url);
}

/** Network first; the precached copy (of `fallbackUrl`) when the network fails. */
async function networkFirst(request: Request, fallbackUrl: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await fromPrecache(fallbackUrl);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const decision = routeRequest({ method: request.method, url: request.url, mode: request.mode }, self.location.origin, urls);
  if (decision === 'never') return;
  const url = new URL(request.url);
  if (decision === 'navigation') {
    event.respondWith(networkFirst(request, SHELL_PAGE));
  } else if (decision === 'shell-file') {
    event.respondWith(networkFirst(request, url.pathname));
  } else {
    event.respondWith((async () => (await fromPrecache(url.pathname + url.search)) ?? fetch(request))());
  }
});
