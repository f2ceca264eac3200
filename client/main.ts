// Browser entry point: defining <app-root> upgrades the element already in index.html; the service worker
// keeps a copy of the app shell for offline use.
import './app/app-root.ts';
import { registerServiceWorker } from './app/service-worker-registration.ts';

registerServiceWorker();
