// Starts the deliverables worker (built to /workers/export.worker.js) and wraps it with Comlink.
import type { ExportWorkerApi } from '../../workers/export.worker.ts';
import { startComlinkWorker, type WorkerHandle } from './comlink-worker.ts';

let workerUrl = '/workers/export.worker.js';

/** Where the built worker is served from; tests point it at the build output. */
export function setExportWorkerUrl(url: string): void {
  workerUrl = url;
}

export type ExportWorkerHandle = WorkerHandle<ExportWorkerApi>;

export function startExportWorker(): ExportWorkerHandle {
  return startComlinkWorker<ExportWorkerApi>(workerUrl, 'deliverables');
}
