// Starts the spreadsheet import worker (built to /workers/import.worker.js) and wraps it with Comlink.
// Stopping it drops the file's contents from memory.
import type { ImportWorkerApi } from '../../workers/import.worker.ts';
import { startComlinkWorker, type WorkerHandle } from './comlink-worker.ts';

let workerUrl = '/workers/import.worker.js';

/** Where the built worker is served from; tests point it at the build output. */
export function setImportWorkerUrl(url: string): void {
  workerUrl = url;
}

export type ImportWorkerHandle = WorkerHandle<ImportWorkerApi>;

export function startImportWorker(): ImportWorkerHandle {
  return startComlinkWorker<ImportWorkerApi>(workerUrl, 'spreadsheet-import');
}
