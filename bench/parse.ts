/**
 * npm run bench:parse — 50,000- and 100,000-row staff lists as XLSX and CSV through the browser import worker
 * (the bundle the app serves, in a real Chromium Web Worker). For each file: seconds to open() and first sheet
 * view, seconds to that plus initialMapping() + build(), and peak memory as the rise in resident memory summed
 * over Chromium's processes. One JSON line per file; the smallest file is run once first as a warm-up.
 * build() refuses a list over 50,000 people (the dataset limit), so for the 100,000-row files the total is
 * open() + initialMapping() + build() up to that refusal, and the line says so (builtRows null, buildRefused).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import type { PageRunResult } from './parse-page.ts';
import { generateStaffList, type GeneratedRow } from './staffListGenerator.ts';
import { serveFiles, type StaticFiles } from './staticFiles.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROW_COUNTS = [50_000, 100_000];
const HEADERS = ['Employee ID', 'Manager ID', 'Job Title', 'Salary', 'FTE', 'Location', 'Business Unit'];
const SAMPLE_MS = 20;
const PAGE_SIZE = 4096;

interface BenchFile {
  name: string;
  full: string;
  rows: number;
  bytes: number;
}

function cells(row: GeneratedRow): (string | number | null)[] {
  return [row.employeeId, row.managerEmployeeId, row.title, row.salary, row.fte, row.location, row.division];
}

function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

async function writeFiles(dir: string): Promise<BenchFile[]> {
  const files: BenchFile[] = [];
  for (const rows of ROW_COUNTS) {
    const staff = generateStaffList(rows);
    const csv = path.join(dir, `staff-${rows}.csv`);
    fs.writeFileSync(csv, [HEADERS, ...staff.map(cells)].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n');
    const xlsx = path.join(dir, `staff-${rows}.xlsx`);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsx, useSharedStrings: true });
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow(HEADERS).commit();
    for (const row of staff) sheet.addRow(cells(row)).commit();
    sheet.commit();
    await workbook.commit();
    for (const full of [xlsx, csv]) files.push({ name: path.basename(full), full, rows, bytes: fs.statSync(full).size });
  }
  return files;
}

/** The page entry and the import worker, bundled as scripts/build-client.mjs bundles the worker for the app. */
async function buildPage(dir: string): Promise<void> {
  const common = { bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, logLevel: 'warning' } as const;
  await esbuild.build({ ...common, entryPoints: [path.join(ROOT, 'workers', 'import.worker.ts')], outfile: path.join(dir, 'import.worker.js'), tsconfig: path.join(ROOT, 'tsconfig.json') });
  await esbuild.build({ ...common, entryPoints: [path.join(ROOT, 'bench', 'parse-page.ts')], outfile: path.join(dir, 'page.js'), tsconfig: path.join(ROOT, 'tsconfig.json') });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>parse bench</title><input id="file" type="file"><script type="module" src="./page.js"></script>\n');
}

const PAGE_FILES = { 'index.html': 'text/html', 'page.js': 'text/javascript', 'import.worker.js': 'text/javascript' };

/** Processes descended from this one (Chromium and its renderer, GPU and utility processes). */
function descendants(): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended between listing and reading.
    }
  }
  const found = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (!found.has(pid) && found.has(parent)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  found.delete(process.pid);
  return [...found];
}

function rssBytes(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_SIZE;
    } catch {
      // Ended.
    }
  }
  return total;
}

/** Samples the summed RSS every SAMPLE_MS while `work` runs; the process list is refreshed every 250 ms. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; baseline: number; peak: number }> {
  let pids = descendants();
  const baseline = rssBytes(pids);
  let peak = baseline;
  const sample = setInterval(() => {
    peak = Math.max(peak, rssBytes(pids));
  }, SAMPLE_MS);
  const refresh = setInterval(() => {
    pids = descendants();
  }, 250);
  try {
    const value = await work();
    peak = Math.max(peak, rssBytes(pids));
    return { value, baseline, peak };
  } finally {
    clearInterval(sample);
    clearInterval(refresh);
  }
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-parse-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-precise-memory-info'],
  });
  let server: StaticFiles | null = null;
  try {
    const files = await writeFiles(dir);
    await buildPage(dir);
    server = await serveFiles(dir, PAGE_FILES);
    const url = server.url('index.html');

    // A fresh context per file gets a fresh renderer process, so memory freed by an earlier run but kept
    // by the allocator does not hide this run's rise.
    const run = async (file: BenchFile) => {
      const context = await browser.newContext();
      let measured: Awaited<ReturnType<typeof withPeakRss<PageRunResult>>>;
      try {
        const page = await context.newPage();
        await page.goto(url);
        await page.waitForFunction(() => 'bench' in globalThis);
        await page.evaluate(() => (globalThis as unknown as { bench: { startWorker(): Promise<void> } }).bench.startWorker());
        await page.setInputFiles('#file', file.full);
        measured = await withPeakRss(() =>
          page.evaluate(() => (globalThis as unknown as { bench: { parseChosenFile(): Promise<PageRunResult> } }).bench.parseChosenFile()),
        );
        await page.evaluate(() => (globalThis as unknown as { bench: { stopWorker(): void } }).bench.stopWorker());
      } finally {
        await context.close();
      }
      const { value, baseline, peak } = measured;
      if (value.rows !== file.rows && value.refusal === null) throw new Error(`${file.name}: built ${value.rows} rows, expected ${file.rows}`);
      return {
        file: file.name,
        rows: file.rows,
        builtRows: value.rows,
        ...(value.refusal === null ? {} : { buildRefused: value.refusal }),
        bytes: file.bytes,
        openSeconds: round(value.openSeconds),
        totalSeconds: round(value.totalSeconds),
        peakMemoryMb: mb(peak - baseline),
        baselineMemoryMb: mb(baseline),
        pageHeapMb: value.pageHeapMb,
      };
    };

    await run(files.reduce((a, b) => (b.bytes < a.bytes ? b : a)));
    for (const file of files) {
      try {
        console.log(JSON.stringify(await run(file)));
      } catch (error) {
        // One file failing (the worker refusing or crashing) is a finding; the other files still run.
        console.log(JSON.stringify({ file: file.name, rows: file.rows, bytes: file.bytes, error: error instanceof Error ? error.message.split('\n')[0] : String(error) }));
        process.exitCode = 1;
      }
    }
  } finally {
    await browser.close();
    server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
