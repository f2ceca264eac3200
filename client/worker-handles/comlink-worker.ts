// Starts a module Web Worker and wraps it with Comlink: every page-side worker wrapper is this plus its URL.
import { releaseProxy, wrap, type Remote } from 'comlink';

export interface WorkerHandle<Api> {
  api: Remote<Api>;
  /** Releases the proxy and ends the worker, dropping whatever it holds from memory. */
  stop(): void;
}

export function startComlinkWorker<Api>(url: string, name: string): WorkerHandle<Api> {
  const worker = new Worker(url, { type: 'module', name });
  const api = wrap<Api>(worker);
  return {
    api,
    stop() {
      api[releaseProxy]();
      worker.terminate();
    },
  };
}
