// Starts the deliverables worker (built to /workers/export.worker.js) and wraps it with Comlink.
import { releaseProxy, wrap, type Remote } from 'comlink';
import type { ExportWorkerApi } from '../workers/export.worker.ts';

let workerUrl = '/workers/export.worker.js';

/** Where the built worker is served from; tests point it at the build output. */
export function setExportWorkerUrl(url: string): void {
  workerUrl = url;
}

export interface ExportWorkerHandle {
  api: Remote<ExportWorkerApi>;
  stop(): void;
}

export function startExportWorker(): ExportWorkerHandle {
  const worker = new Worker(workerUrl, { type: 'module', name: 'deliverables' });
  const api = wrap<ExportWorkerApi>(worker);
  return {
    api,
    stop() {
      api[releaseProxy]();
      worker.terminate();
    },
  };
}
