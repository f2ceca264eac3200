/**
 * Browser side of `npm run bench:parse`: bundled by bench/parse.ts and loaded in Chromium beside the built
 * import worker. Each run starts a fresh worker, takes the file from the page's <input type=file>, and times
 * open() (to the first sheet view) and then initialMapping() + build(), as the import page does. build()
 * refuses a list over the dataset limit after checking the mapping; that refusal is reported, not thrown.
 */
import { releaseProxy, wrap } from 'comlink';
import type { ImportWorkerApi } from '../workers/import.worker.ts';

export interface PageRunResult {
  /** Rows built, or null when build() refused the file (a dataset holds at most 50,000 people). */
  rows: number | null;
  refusal: string | null;
  openSeconds: number;
  totalSeconds: number;
  /** Main-thread JS heap after build (the built rows arrive here); null where performance.memory is absent. */
  pageHeapMb: number | null;
}

interface BenchWindow {
  startWorker(): Promise<void>;
  parseChosenFile(): Promise<PageRunResult>;
  stopWorker(): void;
}

let worker: Worker | null = null;
let api: ReturnType<typeof wrap<ImportWorkerApi>> | null = null;

function heapMb(): number | null {
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return memory ? Math.round((memory.usedJSHeapSize / (1024 * 1024)) * 10) / 10 : null;
}

const bench: BenchWindow = {
  async startWorker() {
    worker = new Worker('./import.worker.js', { type: 'module', name: 'spreadsheet-import' });
    api = wrap<ImportWorkerApi>(worker);
    // A round trip proves the module has loaded, so the timed runs exclude worker start-up.
    await api.close();
  },

  async parseChosenFile() {
    if (!api) throw new Error('startWorker first');
    const input = document.querySelector<HTMLInputElement>('#file')!;
    const file = input.files?.[0];
    if (!file) throw new Error('no file chosen');
    const started = performance.now();
    await api.open(file, file.name);
    const opened = performance.now();
    const { mapping } = await api.initialMapping(null);
    let rows: number | null = null;
    let refusal: string | null = null;
    try {
      rows = (await api.build(mapping)).rows.length;
    } catch (error) {
      refusal = error instanceof Error ? error.message : String(error);
    }
    const finished = performance.now();
    return {
      rows,
      refusal,
      openSeconds: (opened - started) / 1000,
      totalSeconds: (finished - started) / 1000,
      pageHeapMb: heapMb(),
    };
  },

  stopWorker() {
    api?.[releaseProxy]();
    worker?.terminate();
    api = null;
    worker = null;
  },
};

(globalThis as unknown as { bench: BenchWindow }).bench = bench;
