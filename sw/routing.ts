// How the service worker answers each request. Pure, so the rule that matters most — the API is never
// cached — is tested on its own.
//
// - never:       left to the network untouched (the API, anything not GET, other origins, unknown files).
// - precache:    a content-hashed shell file (app.js?v=…): served from the precache, its URL changes with it.
// - shell-file:  a shell file with a fixed URL (worker bundles, icons, manifest): network first, the
//                precached copy when offline, so a new deployment is never mixed with an old file.
// - navigation:  a page load: network first, the precached index.html when offline (the router takes the path).

export type RouteDecision = 'never' | 'precache' | 'shell-file' | 'navigation';

export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for a page load. */
  mode: string;
}

/** One precached file: its URL as the shell requests it (hashed ones with their ?v= query) and a content hash. */
export interface PrecacheEntry {
  url: string;
  revision: string;
}

/** True for /api and everything under it. The API is personal and client data: it is never cached. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export function routeRequest(request: RequestFacts, origin: string, precacheUrls: ReadonlySet<string>): RouteDecision {
  if (request.method !== 'GET') return 'never';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'never';
  if (isApiPath(url.pathname)) return 'never';
  if (request.mode === 'navigate') return 'navigation';
  const path = url.pathname + url.search;
  if (url.search !== '' && precacheUrls.has(path)) return 'precache';
  if (url.search === '' && precacheUrls.has(url.pathname)) return 'shell-file';
  return 'never';
}

/** The page every offline navigation falls back to. */
export const SHELL_PAGE = '/index.html';
