import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMoneyShort } from '../../workers/format/figures.ts';
import { openImportPageOfNewEngagement, overviewTile } from '../support/consultant.ts';
import { signInAt } from '../support/serverProcess.ts';
import { e2eApp } from '../support/e2eApp.ts';

/**
 * Issue 17 end to end: the Environment Agency's published senior and junior organograms
 * (../shared/data/staff-lists) imported together in Chromium against `npm start`, with no manual mapping
 * change, give one tree whose layers and spans, and costs from the pay bands, match what this test counts
 * from the CSV files with its own simple code below (no product function is used for the expected figures).
 */
const DATA = path.resolve(import.meta.dirname, '../../../shared/data/staff-lists');
const SENIOR = path.join(DATA, 'uk-organogram-environment_agency-2011-09-30-senior.csv');
const JUNIOR = path.join(DATA, 'uk-organogram-environment_agency-2011-09-30-junior.csv');

/** RFC 4180 records: quoted fields may hold commas, quotes and line breaks. */
function readCsv(file: string): Record<string, string>[] {
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') record.push(field), (field = '');
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field), records.push(record), (record = []), (field = '');
    } else field += ch;
  }
  if (field !== '' || record.length) record.push(field), records.push(record);
  const [header, ...rows] = records.filter((r) => r.some((c) => c !== ''));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

interface Expected {
  posts: number;
  layers: number;
  managers: number;
  averageSpan: number;
  medianSpan: number;
  salaried: number;
  salaryTotal: number;
  withoutSalary: number;
}

/** The tree and pay as counted from the files: junior rows become ceil(FTE) posts paid the scale midpoint. */
function countFromFiles(): Expected {
  const senior = readCsv(SENIOR);
  const junior = readCsv(JUNIOR);
  const parent = new Map(senior.map((r) => [r['Post Unique Reference']!, r['Reports to Senior Post']!]));
  const depth = (id: string): number => (parent.get(id) === 'XX' ? 1 : 1 + depth(parent.get(id)!));
  const reports = new Map<string, number>();
  const addReports = (manager: string, n: number) => reports.set(manager, (reports.get(manager) ?? 0) + n);
  let layers = Math.max(...senior.map((r) => depth(r['Post Unique Reference']!)));
  let posts = senior.length;
  let salaried = 0;
  let salaryTotal = 0;
  const band = (floor: string, ceiling: string) => {
    const [f, c] = [Number(floor), Number(ceiling)];
    return Number.isFinite(f) && Number.isFinite(c) && f > 0 && c > 0 ? (f + c) / 2 : null;
  };
  for (const r of senior) {
    if (r['Reports to Senior Post'] !== 'XX') addReports(r['Reports to Senior Post']!, 1);
    const pay = band(r['Actual Pay Floor (£)']!, r['Actual Pay Ceiling (£)']!);
    if (pay !== null) (salaried += 1), (salaryTotal += pay);
  }
  for (const r of junior) {
    const n = Math.ceil(Math.round(Number(r['Number of Posts in FTE']) * 100) / 100);
    if (!(n > 0)) continue;
    posts += n;
    addReports(r['Reporting Senior Post']!, n);
    layers = Math.max(layers, depth(r['Reporting Senior Post']!) + 1);
    const pay = band(r['Payscale Minimum (£)']!, r['Payscale Maximum (£)']!);
    if (pay !== null) (salaried += n), (salaryTotal += n * pay);
  }
  const spans = [...reports.values()].sort((a, b) => a - b);
  const mid = spans.length / 2;
  const median = spans.length % 2 ? spans[Math.floor(mid)]! : (spans[mid - 1]! + spans[mid]!) / 2;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    posts,
    layers,
    managers: spans.length,
    averageSpan: round2((posts - 1) / spans.length),
    medianSpan: round2(median),
    salaried,
    salaryTotal: round2(salaryTotal),
    withoutSalary: posts - salaried,
  };
}

describe('the Environment Agency organograms in Chromium against npm start', () => {
  const app = e2eApp({ name: 'e2e-organogram-', port: 20_000, page: { viewport: { width: 1280, height: 1000 } } });
  const expected = countFromFiles();
  const whole = (n: number) => n.toLocaleString('en-GB');
  const decimal = (n: number) => n.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });


  it('imports the senior and junior files with no mapping change and shows the tree and pay-band costs counted from the files', async () => {
    await openImportPageOfNewEngagement(app.page, app.base, 'Environment Agency');

    await app.page.locator('input#staff-file').setInputFiles(SENIOR);
    await app.page.getByText('Recognised layout: UK government organogram, senior posts.').waitFor();
    await app.page.locator('input#second-file').setInputFiles(JUNIOR);
    await app.page.getByText('Recognised layout: UK government organogram, junior posts.').waitFor();
    await app.page.getByText('Senior and junior organogram files of Environment Agency, combined into one tree').first().waitFor();
    // A UK organogram is read in pounds: the (£) headings and the layout say so.
    expect(await app.page.locator('list-region-choice #list-region').inputValue()).toBe('uk');
    if (process.env.E2E_SCREENSHOT_DIR) await app.page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, 'organogram-import.png'), fullPage: true });

    await app.page.getByRole('button', { name: `Prepare ${whole(expected.posts)} rows` }).click();
    await app.page.getByLabel('Dataset name').fill('EA organogram 2011');
    await app.page.getByRole('button', { name: `Upload ${whole(expected.posts)} rows` }).click();
    await app.page.waitForURL(/\/datasets\/[0-9a-f-]{36}$/);
    const datasetId = app.page.url().split('/').pop()!;

    const tile = (label: string) => overviewTile(app.page, label);
    await tile('Headcount').waitFor({ timeout: 240_000 });
    expect(await tile('Headcount').innerText()).toContain(whole(expected.posts));

    const organisation = app.page.locator('organisation-panel');
    expect(await organisation.getByText(/layers? of management/).innerText()).toContain(`${whole(expected.layers)} layers of management`);
    const figure = async (label: string) => (await organisation.locator('tr', { has: app.page.locator('th', { hasText: new RegExp(`^${label}$`) }) }).locator('td').innerText()).trim();
    expect(await figure('Top of the tree \\(no manager\\)')).toBe('1');
    expect(await figure('Managers')).toBe(whole(expected.managers));
    expect(await figure('Average span')).toBe(decimal(expected.averageSpan));
    expect(await figure('Median span')).toBe(decimal(expected.medianSpan));
    expect(await figure('People whose manager is not in the list')).toBe('0');

    // Costs: every post with a disclosed band is paid its midpoint; only the undisclosed ones are priced at market.
    await app.page.locator('results-overview').getByText(`${whole(expected.withoutSalary)} people were priced at the market rate`).waitFor();
    const lead = await signInAt(app.base, 'lead@example.com');
    let stored: { salary: number | null }[] = [];
    for (let offset = 0; offset < expected.posts; offset += 10_000) {
      stored = stored.concat((await lead.call(app.base, `/api/datasets/${datasetId}/rows?offset=${offset}&limit=10000`)).body.rows);
    }
    const salaries = stored.map((r) => r.salary).filter((s): s is number => s !== null);
    expect(salaries.length).toBe(expected.salaried);
    expect(Math.round(salaries.reduce((a, b) => a + b, 0) * 100) / 100).toBe(expected.salaryTotal);
    // Pounds, with the UK employer on-cost: the tile shows the stored total as £N.Nm.
    const multiplier = Number(/salary × ([\d.]+) employer cost, in pounds sterling \(GBP\)/.exec(await tile('Total cost').innerText())![1]);
    expect(multiplier).toBe(1.23);
    const summary = (await lead.call(app.base, `/api/datasets/${datasetId}`)).body.dataset.summary;
    expect(summary.settings).toEqual({ employerCostMultiplier: 1.23, region: 'uk', currency: 'GBP' });
    const totalCost = summary.cost.total as number;
    expect((await tile('Total cost').innerText()).split('\n')[0]).toBe(formatMoneyShort(totalCost, 'GBP'));
    const fromBands = expected.salaryTotal * multiplier;
    // The rest is the market price of the undisclosed posts: between £10,000 and £250,000 a post.
    expect(totalCost - fromBands).toBeGreaterThan(expected.withoutSalary * 10_000 * multiplier);
    expect(totalCost - fromBands).toBeLessThan(expected.withoutSalary * 250_000 * multiplier);
    if (process.env.E2E_SCREENSHOT_DIR) await app.page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, 'organogram-results.png'), fullPage: true });

    // The review queue of a real list holds the titles the coder can only guess, not the ones it knows.
    const titles = app.page.locator('section', { has: app.page.locator('#titles-heading') });
    await app.page.getByRole('button', { name: /^Needs review/ }).click();
    const queue = titles.getByRole('table', { name: 'Titles that need review, most people first' });
    await queue.getByText('Principal Officer', { exact: true }).waitFor();
    // A Finance Officer on a senior band is queued now: its pay says accountant, not the book-keeper its title reads as.
    for (const sure of ['Legal Adviser', 'Project Manager', 'Head of Function - Finance']) {
      expect(await queue.getByText(sure, { exact: true }).count(), sure).toBe(0);
    }
    const [flagged, all] = await Promise.all(['Needs review', 'All titles'].map(async (view) => Number((await app.page.getByRole('button', { name: new RegExp(`^${view}`) }).innerText()).replace(/\D/g, ''))));
    expect(flagged).toBeGreaterThan(0);
    expect(flagged).toBeLessThan(all / 2);
    if (process.env.E2E_SCREENSHOT_DIR) await titles.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, 'needs-review-environment-agency.png') });
  }, 420_000);
});
