/**
 * npm run bench:classify-browser — the coder in a real Chromium Web Worker (issue 24's speed target: 3,000
 * distinct (title, context) rows coded in under 1 s in the browser worker). The worker (bench/classify-worker.ts,
 * bundled here as scripts/build-client.mjs bundles the app's workers) compiles the committed reference and codes
 * the same 3,000 rows bench:classify codes in Node: the hand-labelled staff rows with their context, pay moved
 * 1% a time so every row is distinct, each read against its list's measured pay level. Three runs, each in a
 * fresh worker; one JSON line per run, then the best.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { loadReference } from '../scripts/classify-titles.ts';
import type { ClassifyBenchInput, ClassifyBenchOutput } from './classify-worker.ts';
import { listContexts, loadStaffRows } from './staffRows.ts';
import { serveFiles, type StaticFiles } from './staticFiles.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROWS = 3000;
const RUNS = 3;
const TARGET_MS = 1000;

function benchInput(): ClassifyBenchInput {
  const compiled = loadReference(path.join(ROOT, 'seeds', 'reference-v1.json'));
  const lists = listContexts(compiled);
  const labelled = loadStaffRows();
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const r = labelled[i % labelled.length];
    return { title: r.title, context: { ...r.context, salary: (r.context.salary ?? 30_000) * (1 + 0.01 * Math.floor(i / labelled.length)) }, list: lists[r.list] };
  });
  return { reference: compiled.data, rows };
}

async function build(dir: string): Promise<void> {
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'bench', 'classify-worker.ts')],
    outfile: path.join(dir, 'classify.worker.js'),
    bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, logLevel: 'warning', tsconfig: path.join(ROOT, 'tsconfig.json'),
  });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>classify bench</title>\n');
}

const PAGE_FILES = { 'index.html': 'text/html', 'classify.worker.js': 'text/javascript' };

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-classify-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  let server: StaticFiles | null = null;
  try {
    await build(dir);
    server = await serveFiles(dir, PAGE_FILES);
    const page = await browser.newPage();
    await page.goto(server.url('index.html'));
    const input = benchInput();
    const runs: ClassifyBenchOutput[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const out = await page.evaluate(
        (data) =>
          new Promise<ClassifyBenchOutput>((resolve, reject) => {
            const worker = new Worker('./classify.worker.js', { type: 'module' });
            worker.onmessage = (e: MessageEvent<ClassifyBenchOutput>) => {
              worker.terminate();
              resolve(e.data);
            };
            worker.onerror = (e) => reject(new Error(e.message));
            worker.postMessage(data);
          }),
        input,
      );
      runs.push(out);
      console.log(JSON.stringify({ run, rows: out.rows, compileMs: Math.round(out.compileMs), codeMs: Math.round(out.codeMs) }));
    }
    const best = Math.min(...runs.map((r) => r.codeMs));
    console.log(JSON.stringify({ rows: ROWS, bestCodeMs: Math.round(best), targetMs: TARGET_MS, met: best < TARGET_MS }));
  } finally {
    server?.close();
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
