// The app-shell service worker. Workbox precaches the built shell (the list, with content revisions, is
// injected by scripts/build-client.mjs), updates it per revision and removes outdated caches; routing.ts
// decides how each request is answered, and /api is never handled. Registered by
// client/app/service-worker-registration.ts through workbox-window.
import { cleanupOutdatedCaches, matchPrecache, precache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { SHELL_PAGE, routeRequest, type PrecacheEntry } from './routing.ts';

declare const self: ServiceWorkerGlobalScope;
/** Replaced at build time with the shell files and their content hashes. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

const entries = __PRECACHE_MANIFEST__;
const urls = new Set(entries.map((e) => e.url));

precache(entries);
cleanupOutdatedCaches();
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const decide = (request: Request) => routeRequest({ method: request.method, url: request.url, mode: request.mode }, self.location.origin, urls);

/** Network first; the precached copy of `fallbackUrl` when the network fails. */
async function networkFirst(request: Request, fallbackUrl: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await matchPrecache(fallbackUrl);
    if (cached) return cached;
    throw error;
  }
}

// Requests routing.ts marks 'never' (the API, anything not GET, other origins, unknown files) match no
// route, so Workbox leaves them to the network untouched.
registerRoute(
  ({ request }) => decide(request) !== 'never',
  async ({ request, url }) => {
    switch (decide(request)) {
      case 'navigation':
        return networkFirst(request, SHELL_PAGE);
      case 'shell-file':
        return networkFirst(request, url.pathname);
      default:
        return (await matchPrecache(url.pathname + url.search)) ?? fetch(request);
    }
  },
);
