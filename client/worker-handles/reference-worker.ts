// Starts the reference worker (built to /workers/reference.worker.js) for the editor's "test a title".
import type { ReferenceWorkerApi } from '../../workers/reference.worker.ts';
import { startComlinkWorker, type WorkerHandle } from './comlink-worker.ts';

let workerUrl = '/workers/reference.worker.js';

/** Where the built worker is served from; tests point it at the build output. */
export function setReferenceWorkerUrl(url: string): void {
  workerUrl = url;
}

export type ReferenceWorkerHandle = WorkerHandle<ReferenceWorkerApi>;

export function startReferenceWorker(): ReferenceWorkerHandle {
  return startComlinkWorker<ReferenceWorkerApi>(workerUrl, 'reference-editor');
}
