// Starts the Copilot plan worker (built to /workers/copilot.worker.js) and wraps it with Comlink.
import type { CopilotWorkerApi } from '../../workers/copilot.worker.ts';
import { startComlinkWorker, type WorkerHandle } from './comlink-worker.ts';

export type CopilotWorkerHandle = WorkerHandle<CopilotWorkerApi>;

export function startCopilotWorker(url = '/workers/copilot.worker.js'): CopilotWorkerHandle {
  return startComlinkWorker<CopilotWorkerApi>(url, 'copilot');
}
