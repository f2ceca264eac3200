// Starts the reference worker (built to /workers/reference.worker.js) for the editor's "test a title".
import { releaseProxy, wrap, type Remote } from 'comlink';
import type { ReferenceWorkerApi } from '../workers/reference.worker.ts';

let workerUrl = '/workers/reference.worker.js';

/** Where the built worker is served from; tests point it at the build output. */
export function setReferenceWorkerUrl(url: string): void {
  workerUrl = url;
}

export interface ReferenceWorkerHandle {
  api: Remote<ReferenceWorkerApi>;
  stop(): void;
}

export function startReferenceWorker(): ReferenceWorkerHandle {
  const worker = new Worker(workerUrl, { type: 'module', name: 'reference-editor' });
  const api = wrap<ReferenceWorkerApi>(worker);
  return {
    api,
    stop() {
      api[releaseProxy]();
      worker.terminate();
    },
  };
}
