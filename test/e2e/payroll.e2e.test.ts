import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyShort } from '../../workers/format/figures.ts';
import { openImportPageOfNewEngagement, overviewTile } from '../support/consultant.ts';
import { signInAt } from '../support/serverProcess.ts';
import { e2eApp } from '../support/e2eApp.ts';

/**
 * Issue 25, money in the list's currency, end to end: the Baltimore City payroll of fiscal 2019
 * (../shared/data/staff-lists, US dollars, no manager column) imported in Chromium against `npm start` with every
 * default kept. The import proposes the United States in dollars from the file; the page, the workbook and the
 * report show dollars costed with the US employer on-cost; the expected figures are counted from the CSV here.
 */
const FILE = path.resolve(import.meta.dirname, '../../../shared/data/staff-lists/us-payroll-baltimore-city-fy2019.csv');
const US_ON_COST = 1.24;

/** Rows with a job title and an annual rate, and the sum of those rates. */
function countFromFile(): { people: number; pay: number } {
  const [header, ...lines] = fs.readFileSync(FILE, 'utf8').trim().split(/\r?\n/);
  const columns = header!.split(',');
  const title = columns.indexOf('JOBTITLE');
  let people = 0;
  let pay = 0;
  for (const line of lines) {
    // A quoted title or department may hold a comma, which only splits it further: the title stays non-empty
    // and the annual rate remains the second-last field.
    const cells = line.split(',');
    const rate = Number(cells.at(-2));
    if ((cells[title] ?? '').trim() === '' || !(rate > 0)) continue;
    people += 1;
    pay += rate;
  }
  return { people, pay: Math.round(pay * 100) / 100 };
}

describe('the Baltimore City payroll in Chromium against npm start', () => {
  const app = e2eApp({ name: 'e2e-payroll-', port: 20_500, page: { viewport: { width: 1366, height: 1000 }, acceptDownloads: true } });
  const expected = countFromFile();
  const total = Math.round(expected.pay * US_ON_COST * 100) / 100;
  const whole = (n: number) => n.toLocaleString('en-GB');
  const shots = process.env.E2E_SCREENSHOT_DIR;


  it('imports the payroll with every default, proposes dollars, and costs it in dollars with the US on-cost', async () => {
    expect(expected.people).toBe(13_811);
    await openImportPageOfNewEngagement(app.page, app.base, 'Baltimore City');

    await app.page.locator('input#staff-file').setInputFiles(FILE);
    const region = app.page.locator('list-region-choice #list-region');
    await region.waitFor();
    expect(await region.inputValue()).toBe('united-states');
    expect(await app.page.locator('list-region-choice #list-region-reason').innerText()).toMatch(/^Proposed from the file: United States, US dollars \(USD\)\. The headings are those of a US public payroll table\./);
    if (shots) await app.page.locator('list-region-choice').screenshot({ path: path.join(shots, 'import-region-choice.png') });

    await app.page.getByRole('button', { name: `Prepare ${whole(expected.people)} rows` }).click();
    await app.page.getByLabel('Dataset name').fill('Baltimore City payroll FY2019');
    expect(await app.page.locator('#list-currency').innerText()).toBe('Read and shown in US dollars (USD), as a list from United States.');
    await app.page.getByRole('button', { name: `Upload ${whole(expected.people)} rows` }).click();
    await app.page.waitForURL(/\/datasets\/[0-9a-f-]{36}$/);
    const datasetId = app.page.url().split('/').pop()!;

    const tile = (label: string) => overviewTile(app.page, label);
    await tile('Headcount').waitFor({ timeout: 300_000 });
    expect((await tile('Headcount').innerText()).split('\n')[0]).toBe(whole(expected.people));

    const lead = await signInAt(app.base, 'lead@example.com');
    const detail = (await lead.call(app.base, `/api/datasets/${datasetId}`)).body.dataset;
    expect(detail.settings).toEqual({ employerCostMultiplier: US_ON_COST, region: 'united-states', currency: 'USD' });
    expect(detail.summary.stats.costImputed).toBe(0);
    expect(detail.summary.cost.total).toBeCloseTo(total, 0);
    const cost = await tile('Total cost').innerText();
    expect(cost).toBe(`${formatMoneyShort(detail.summary.cost.total, 'USD')}\nsalary × 1.24 employer cost, in US dollars (USD)`);
    expect(cost).toMatch(/^\$990\.6m\n/);
    expect(await tile('Average cost').innerText()).toBe(formatMoney(detail.summary.cost.average, 'USD'));
    expect(await app.page.locator('dataset-results').innerText()).not.toContain('£');
    if (shots) await app.page.locator('results-overview').screenshot({ path: path.join(shots, 'payroll-overview-dollars.png') });

    // The workbook keeps the dollars.
    const [download] = await Promise.all([app.page.waitForEvent('download', { timeout: 180_000 }), app.page.getByRole('button', { name: 'Analysis workbook (XLSX)' }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(await download.path()) as unknown as ExcelJS.Buffer);
    const overview = workbook.getWorksheet('Overview')!;
    const row = (label: string) => overview.getRows(1, overview.rowCount)!.find((r) => r.getCell(1).value === label)!;
    expect(row('Total annual cost').getCell(2).numFmt).toBe('"$"#,##0');
    expect(row('Currency of every money figure').getCell(2).value).toBe('US dollars (USD)');
    const people = workbook.getWorksheet('People')!;
    expect((people.getRow(1).values as unknown[]).slice(1)).toContain('Annual cost (USD)');

    // The report states the on-cost the figures use and the currency.
    await app.page.goto(`${app.base}/datasets/${datasetId}/report`);
    const report = app.page.locator('report-document .report');
    await report.waitFor();
    const text = await report.innerText();
    expect(text).toContain('$990.6m');
    expect(text).toContain('employer cost multiplier of 1.24');
    expect(text).toContain('All money is in US dollars (USD).');
    expect(text).not.toContain('£');
    // The cover, executive summary, headline figures and exposure: the money a client reads first.
    if (shots) await app.page.screenshot({ path: path.join(shots, 'payroll-report-dollars.png'), clip: { x: 0, y: 0, width: 1366, height: 1000 } });
  }, 600_000);
});
