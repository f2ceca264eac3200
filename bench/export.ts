/**
 * npm run bench:export — the analysis workbook of a 50,000-row staff list, built by the export worker bundle in
 * a real Chromium Web Worker (as the dataset page does) and, for comparison, in this Node process. The input is
 * what the page hands the worker: the stored summary, the reference version, the classified titles and the rows.
 * Prints one JSON line per figure; the page's longest stall shows whether it stayed responsive, and the Node
 * figure's CPU seconds what the build costs when the machine is shared.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { classifyWithoutAi } from '../workers/classify/classify.ts';
import { buildAnalysisWorkbook } from '../workers/exports/analysisWorkbook.ts';
import type { ExportInput, ExportTitle } from '../workers/exports/input.ts';
import { compileReference } from '../workers/reference/compile.ts';
import { buildDatasetSummary, defaultSettings, type TitleClassification } from '../workers/scoring/index.ts';
import type { ExportRunResult } from './export-page.ts';
import { generateStaffList } from './staffListGenerator.ts';
import { serveFiles, type StaticFiles } from './staticFiles.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROWS = 50_000;
const FILES: Record<string, string> = { 'index.html': 'text/html', 'page.js': 'text/javascript', 'export.worker.js': 'text/javascript', 'input.json': 'application/json' };

/** The worker's input as the page would assemble it: titles classified once, as the server stores them. */
function exportInput(): ExportInput {
  const referenceData = JSON.parse(fs.readFileSync(path.join(ROOT, 'seeds', 'reference-v1.json'), 'utf8'));
  const reference = compileReference(referenceData, 1);
  const rows = generateStaffList(ROWS);
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.title, (counts.get(row.title) ?? 0) + 1);
  const classifications = new Map<string, TitleClassification>();
  const titles: ExportTitle[] = [...counts].map(([title, headcount]) => {
    const c = classifyWithoutAi(reference, title, { packId: 'general' });
    classifications.set(title, { usSoc2018: c.usSoc2018, ukSoc2020: c.ukSoc2020, category: c.category, subcategory: c.subcategory, confidence: c.confidence, source: 'rules' });
    return { title, headcount, source: 'rules', usSoc2018: c.usSoc2018, ukSoc2020: c.ukSoc2020, category: c.category, subcategory: c.subcategory, confidence: c.confidence, reviewRequired: false };
  });
  const summary = buildDatasetSummary({ rows, classifications, reference, settings: defaultSettings(reference), packId: 'general', createdAt: '2026-02-10T09:00:00Z', stats: {} });
  // Groupings are left out, as they are unless the user ticks them.
  return { datasetName: 'Benchmark staff list', generatedAt: new Date().toISOString(), summary, referenceData, titles, rows: rows.map(({ attributes: _, ...row }) => row), groupings: [] };
}

async function buildPage(dir: string, input: ExportInput): Promise<void> {
  const common = { bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, logLevel: 'warning', tsconfig: path.join(ROOT, 'tsconfig.json') } as const;
  await esbuild.build({ ...common, entryPoints: [path.join(ROOT, 'workers', 'export.worker.ts')], outfile: path.join(dir, 'export.worker.js') });
  await esbuild.build({ ...common, entryPoints: [path.join(ROOT, 'bench', 'export-page.ts')], outfile: path.join(dir, 'page.js') });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>export bench</title><script type="module" src="./page.js"></script>\n');
  fs.writeFileSync(path.join(dir, 'input.json'), JSON.stringify(input));
}

const round = (n: number) => Math.round(n * 1000) / 1000;

async function main(): Promise<void> {
  const input = exportInput();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  let server: StaticFiles | null = null;
  try {
    await buildPage(dir, input);
    server = await serveFiles(dir, FILES);
    const page = await browser.newPage();
    await page.goto(server.url('index.html'));
    await page.waitForFunction(() => 'bench' in globalThis);
    const result = await page.evaluate(() => (globalThis as unknown as { bench: { buildWorkbook(): Promise<ExportRunResult> } }).bench.buildWorkbook());
    console.log(JSON.stringify({ figure: 'analysis workbook in a Chromium Web Worker', rows: ROWS, seconds: round(result.seconds), bytes: result.bytes, longestPageStallMs: result.longestPageStallMs }));
  } finally {
    server?.close();
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // CPU time is the figure to read on a shared machine: wall time grows with whatever else runs.
  const started = performance.now();
  const cpu = process.cpuUsage();
  const bytes = await buildAnalysisWorkbook(input);
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({
    figure: 'analysis workbook in Node',
    rows: ROWS,
    seconds: round((performance.now() - started) / 1000),
    cpuSeconds: round((used.user + used.system) / 1e6),
    bytes: bytes.byteLength,
  }));
  console.log(JSON.stringify({ figure: 'machine load while measured (1-minute average)', loadAverage: round(os.loadavg()[0]!), cpus: os.cpus().length }));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
