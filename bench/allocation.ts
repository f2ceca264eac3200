/**
 * npm run bench:allocation — a Copilot allocation over 50,000 people (issue 14, point 5): allocateLicences as
 * the Copilot worker runs it, timed in Chromium (the page script bundled with esbuild) and in this Node process.
 * The plan licenses two tiers of three and every horizon, with a 10,000-licence cap, so about 25,000 people are
 * ranked. One JSON line per runtime: the first (cold) run and the best of five warm runs, in milliseconds;
 * the target is under 500 ms in the browser.
 */
import path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import type { CopilotPlanConfig } from '../schema/copilotPlan.ts';
import { timeAllocation, type AllocationRun } from './allocationInput.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 50_000);
const CONFIG: CopilotPlanConfig = {
  licenceCount: 10_000, pricePerLicencePerMonth: 25, currency: 'GBP', licensedTiers: ['high', 'medium'], horizons: ['now', 'near', 'later'],
  pilotGroups: [], termMonths: 12, weeklyHours: 37.5, adoptionPercent: 80,
};
const round = (ms: number) => Math.round(ms * 10) / 10;

const bundle = await esbuild.build({
  entryPoints: [path.resolve(import.meta.dirname, 'allocation-page.ts')],
  bundle: true,
  format: 'iife',
  write: false,
  target: 'es2022',
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  const run = await page.evaluate(
    ([count, config]) => (globalThis as unknown as { runAllocation(c: number, k: CopilotPlanConfig): AllocationRun }).runAllocation(count, config),
    [PEOPLE, CONFIG] as const,
  );
  console.log(JSON.stringify({ bench: 'allocation', runtime: 'chromium', people: run.people, licensed: run.licensed, coldMs: round(run.coldMs), warmMs: round(run.warmMs), targetMs: 500 }));
} finally {
  await browser.close();
}

const node = timeAllocation(PEOPLE, CONFIG);
console.log(JSON.stringify({ bench: 'allocation', runtime: 'node', people: node.people, licensed: node.licensed, coldMs: round(node.coldMs), warmMs: round(node.warmMs) }));
