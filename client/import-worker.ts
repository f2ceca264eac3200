// Starts the spreadsheet import worker (built to /workers/import.worker.js) and wraps it with Comlink.
import { releaseProxy, wrap, type Remote } from 'comlink';
import type { ImportWorkerApi } from '../workers/import.worker.ts';

let workerUrl = '/workers/import.worker.js';

/** Where the built worker is served from; tests point it at the build output. */
export function setImportWorkerUrl(url: string): void {
  workerUrl = url;
}

export interface ImportWorkerHandle {
  api: Remote<ImportWorkerApi>;
  /** Ends the worker, dropping the file's contents from memory. */
  stop(): void;
}

export function startImportWorker(): ImportWorkerHandle {
  const worker = new Worker(workerUrl, { type: 'module', name: 'spreadsheet-import' });
  const api = wrap<ImportWorkerApi>(worker);
  return {
    api,
    stop() {
      api[releaseProxy]();
      worker.terminate();
    },
  };
}
