// Registers the app-shell service worker (built to /sw.js from sw/) through workbox-window, so the shell
// opens offline. The worker never caches /api. A browser without service workers, or a failed registration,
// simply leaves the app online-only.
import { Workbox } from 'workbox-window';

export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  workbox.register().catch((error: unknown) => {
    console.warn('The offline copy of the app could not be set up:', error);
  });
}
