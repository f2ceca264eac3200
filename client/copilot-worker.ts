// Starts the Copilot plan worker (built to /workers/copilot.worker.js) and wraps it with Comlink.
import { releaseProxy, wrap, type Remote } from 'comlink';
import type { CopilotWorkerApi } from '../workers/copilot.worker.ts';

export interface CopilotWorkerHandle {
  api: Remote<CopilotWorkerApi>;
  stop(): void;
}

export function startCopilotWorker(url = '/workers/copilot.worker.js'): CopilotWorkerHandle {
  const worker = new Worker(url, { type: 'module', name: 'copilot' });
  const api = wrap<CopilotWorkerApi>(worker);
  return {
    api,
    stop() {
      api[releaseProxy]();
      worker.terminate();
    },
  };
}
