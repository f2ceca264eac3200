import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openImportPageOfNewEngagement, overviewTile } from '../support/consultant.ts';
import { e2eApp } from '../support/e2eApp.ts';

/**
 * Issue 25 end to end, against `npm start` in Chromium, keeping every default of the import: the Baltimore City
 * FY2019 payroll (no manager column) shows no layers or spans and says it has no reporting lines, on the page, in
 * the report and in the workbook; the Environment Agency's senior and junior organograms show their layers in
 * both. E2E_SCREENSHOT_DIR=<dir> keeps pictures of the dataset page at 1,366 and 1,920 px wide and of the report,
 * and each list's analysis workbook.
 */
const DATA = path.resolve(import.meta.dirname, '../../../shared/data/staff-lists');
const BALTIMORE = path.join(DATA, 'us-payroll-baltimore-city-fy2019.csv');
const SENIOR = path.join(DATA, 'uk-organogram-environment_agency-2011-09-30-senior.csv');
const JUNIOR = path.join(DATA, 'uk-organogram-environment_agency-2011-09-30-junior.csv');
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

/** Records of a CSV file whose quoted fields hold no line breaks (the Baltimore payroll): its lines after the header. */
const recordsIn = (file: string) => fs.readFileSync(file, 'utf8').split(/\r?\n/).filter((line) => line.trim() !== '').length - 1;

describe('spans and layers only from reporting lines, on real lists in Chromium against npm start', () => {
  const app = e2eApp({ name: 'e2e-reporting-lines-', port: 20_500, page: { viewport: { width: 1366, height: 900 } }, timeout: 90_000 });
  let signedIn = false;


  /** A new engagement's import page; the first call signs in as the seeded lead. */
  async function openImportPage(name: string): Promise<void> {
    if (!signedIn) {
      await openImportPageOfNewEngagement(app.page, app.base, name);
      signedIn = true;
      return;
    }
    await app.page.goto(`${app.base}/engagements`);
    await app.page.getByLabel('Name').fill(name);
    await app.page.getByRole('button', { name: 'Create engagement' }).click();
    await app.page.getByRole('link', { name: 'Import a staff list' }).click();
  }

  /** Prepares and uploads with every suggestion kept, and waits for the results; answers the dataset's address. */
  async function uploadWithDefaults(name: string): Promise<string> {
    await app.page.getByRole('button', { name: /^Prepare [\d,]+ rows/ }).click();
    await app.page.getByLabel('Dataset name').fill(name);
    await app.page.getByRole('button', { name: /^Upload [\d,]+ rows/ }).click();
    await app.page.waitForURL(/\/datasets\/[0-9a-f-]{36}$/);
    await overviewTile(app.page, 'Headcount').waitFor({ timeout: 240_000 });
    return app.page.url();
  }

  /** At both widths: the whole page, the view the index's Spans and layers entry gives, the roles and the titles sections. */
  async function shootDatasetPage(url: string, stem: string): Promise<void> {
    if (!SHOTS) return;
    for (const width of [1366, 1920]) {
      await app.page.setViewportSize({ width, height: width === 1366 ? 900 : 1080 });
      await app.page.goto(url);
      await app.page.locator('titles-table .body .row').first().waitFor();
      await app.page.locator('organisation-panel section').waitFor();
      await app.page.screenshot({ path: path.join(SHOTS, `${stem}-${width}-full.png`), fullPage: true });
      await app.page.locator('nav.index').getByRole('link', { name: 'Spans and layers' }).click();
      // Away from the index, so no link shows as hovered.
      await app.page.mouse.move(width - 1, 1);
      await app.page.screenshot({ path: path.join(SHOTS, `${stem}-${width}-spans-and-layers.png`) });
      await app.page.locator('roles-panel').screenshot({ path: path.join(SHOTS, `${stem}-${width}-roles.png`) });
      await app.page.locator('section#titles').screenshot({ path: path.join(SHOTS, `${stem}-${width}-titles.png`) });
    }
    await app.page.setViewportSize({ width: 1366, height: 900 });
  }

  async function openReport(url: string): Promise<void> {
    await app.page.goto(`${url}/report`);
    await app.page.locator('report-document .cover').waitFor();
  }

  async function shootReport(stem: string): Promise<void> {
    if (!SHOTS) return;
    await app.page.screenshot({ path: path.join(SHOTS, `${stem}-report-full.png`), fullPage: true });
    await app.page.locator('nav.index').getByRole('link', { name: 'Spans and layers' }).click();
    await app.page.mouse.move(1365, 1);
    await app.page.screenshot({ path: path.join(SHOTS, `${stem}-report-spans-and-layers.png`) });
  }

  it('imports the Baltimore payroll with every default: no layers or spans, and the checks, page, report and workbook say there are no reporting lines', async () => {
    await openImportPage('Baltimore City');
    await app.page.locator('input#staff-file').setInputFiles(BALTIMORE);
    // Before upload too: the checks say there is no tree rather than counting 13,811 tops in one layer.
    const checks = app.page.locator('import-checks');
    await checks.getByText('No manager column is chosen: the list has no reporting lines, so spans and layers will not be measured.').waitFor();
    expect(await checks.locator('dl').innerText()).not.toMatch(/Layers of management|Top of the tree|Average span/);
    const url = await uploadWithDefaults('Baltimore FY2019 payroll');
    expect(await overviewTile(app.page, 'Headcount').innerText()).toContain(recordsIn(BALTIMORE).toLocaleString('en-GB'));

    const panel = app.page.locator('organisation-panel');
    expect(await panel.locator('.no-lines').innerText()).toBe(
      'There are no reporting lines in this list: no one in it names a manager, so it has no layers or spans of control.',
    );
    expect(await panel.locator('bar-chart').count()).toBe(0);
    expect(await panel.locator('table').count()).toBe(0);
    expect(await panel.innerText()).not.toMatch(/layers? of management|Layer \d|Top of the tree|Average span/);
    // The value chain is one section: the rule-based copy the AI panel used to repeat is gone.
    expect(await app.page.locator('h2', { hasText: /^Value chain$/ }).count()).toBe(1);
    expect(await app.page.locator('h3', { hasText: /^Value chain$/ }).count()).toBe(0);

    const [file] = await Promise.all([app.page.waitForEvent('download'), app.page.getByRole('button', { name: 'Analysis workbook (XLSX)' }).click()]);
    if (SHOTS) await file.saveAs(path.join(SHOTS, 'baltimore-workbook.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Spans and layers')!;
    const labels: string[] = [];
    sheet.eachRow((row) => labels.push(String(row.getCell(1).value)));
    expect(labels).toContain('Reporting lines');
    expect(labels.filter((l) => /^(Layers|Managers|Average span|Layer \d)/.test(l))).toEqual([]);
    expect(workbook.getWorksheet('People')!.getRow(1).values).not.toContain('Layer');

    await shootDatasetPage(url, 'baltimore');
    await openReport(url);
    const spans = app.page.locator('report-document #spans');
    expect(await spans.locator('.statement').innerText()).toMatch(/^There are no reporting lines in this list/);
    expect(await spans.locator('table').count()).toBe(0);
    expect(await spans.locator('svg').count()).toBe(0);
    await shootReport('baltimore');
  }, 600_000);

  it('imports the Environment Agency organograms with every default and shows their layers on the page and in the report', async () => {
    await openImportPage('Environment Agency');
    await app.page.locator('input#staff-file').setInputFiles(SENIOR);
    await app.page.getByText('Recognised layout: UK government organogram, senior posts.').waitFor();
    await app.page.locator('input#second-file').setInputFiles(JUNIOR);
    await app.page.getByText('Recognised layout: UK government organogram, junior posts.').waitFor();
    const url = await uploadWithDefaults('EA organogram 2011');

    const panel = app.page.locator('organisation-panel');
    const layers = Number(/^(\d+) layers of management/.exec(await panel.locator('p').first().innerText())?.[1]);
    expect(layers).toBeGreaterThan(2);
    expect(await panel.locator('.no-lines').count()).toBe(0);
    expect(await panel.locator('bar-chart svg').getAttribute('aria-label')).toMatch(new RegExp(`Layer ${layers}: [\\d,]+$`));

    await shootDatasetPage(url, 'environment-agency');
    if (SHOTS) {
      // The workbook too, for a person to open or to render.
      await app.page.goto(url);
      const [file] = await Promise.all([app.page.waitForEvent('download'), app.page.getByRole('button', { name: 'Analysis workbook (XLSX)' }).click()]);
      await file.saveAs(path.join(SHOTS, 'environment-agency-workbook.xlsx'));
    }
    await openReport(url);
    const spans = app.page.locator('report-document #spans');
    expect(await spans.locator('tr', { hasText: /^Layers/ }).locator('td.num').innerText()).toBe(String(layers));
    expect(await spans.locator('.statement').count()).toBe(0);
    await shootReport('environment-agency');
  }, 600_000);
});
