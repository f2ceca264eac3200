/**
 * Browser side of `npm run bench:export`: bundled by bench/export.ts and loaded in Chromium beside the built
 * export worker. Times the analysis workbook built in the worker from the input the bench serves, and watches
 * the page's own thread meanwhile: the longest gap between 10 ms timer ticks says whether the page stayed
 * responsive.
 */
import { releaseProxy, wrap } from 'comlink';
import type { ExportWorkerApi } from '../workers/export.worker.ts';
import type { ExportInput } from '../workers/exports/input.ts';

export interface ExportRunResult {
  seconds: number;
  bytes: number;
  /** Longest time the page's thread went without running a 10 ms timer during the build. */
  longestPageStallMs: number;
}

async function buildWorkbook(): Promise<ExportRunResult> {
  const input: ExportInput = await (await fetch('./input.json')).json();
  const worker = new Worker('./export.worker.js', { type: 'module' });
  const api = wrap<ExportWorkerApi>(worker);
  try {
    // A small build first loads the module and warms the code paths, as a second export in a session would be.
    await api.analysisWorkbook({ ...input, rows: input.rows.slice(0, 100) });
    let last = performance.now();
    let longest = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const bytes = await api.analysisWorkbook(input);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(tick);
    return { seconds, bytes: bytes.byteLength, longestPageStallMs: Math.round(longest) };
  } finally {
    api[releaseProxy]();
    worker.terminate();
  }
}

(globalThis as unknown as { bench: { buildWorkbook: typeof buildWorkbook } }).bench = { buildWorkbook };
