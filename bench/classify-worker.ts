/**
 * Browser side of `npm run bench:classify-browser`: a module Web Worker, bundled by bench/classifyBrowser.ts,
 * that compiles the reference it is sent and codes the rows in context, as the server's classify step and the
 * reference editor's "test a title" do. It answers with the compile time and the coding time, measured inside
 * the worker so the page's messaging is not counted.
 */
import type { ReferenceData } from '../schema/reference/index.ts';
import { classifyInContext } from '../workers/classify/classify.ts';
import type { ListContext, RowContext } from '../workers/classify/context.ts';
import { compileReference } from '../workers/reference/compile.ts';

export interface ClassifyBenchInput {
  reference: ReferenceData;
  rows: { title: string; context: RowContext; list: ListContext }[];
}

export interface ClassifyBenchOutput {
  compileMs: number;
  codeMs: number;
  rows: number;
}

self.onmessage = (event: MessageEvent<ClassifyBenchInput>) => {
  const { reference, rows } = event.data;
  const started = performance.now();
  const compiled = compileReference(reference);
  // The coder compiles on first use, inside the coding time, as bench:classify counts it ("on a fresh compile").
  const compiledAt = performance.now();
  for (const r of rows) classifyInContext(compiled, r.title, r.context, r.list);
  const done = performance.now();
  (self as unknown as Worker).postMessage({ compileMs: compiledAt - started, codeMs: done - compiledAt, rows: rows.length } satisfies ClassifyBenchOutput);
};
