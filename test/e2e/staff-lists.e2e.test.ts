import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { openImportPageOfNewEngagement, overviewTile } from '../support/consultant.ts';
import { e2eApp } from '../support/e2eApp.ts';

/**
 * Every real staff list of ../shared/data/staff-lists imported as a new user would, every default kept, in
 * Chromium against `npm start`: the two organogram pairs (senior and junior files together) and the Baltimore
 * City payroll. The people each should make are counted from the files here with exceljs's own CSV reader (no
 * product code), and no row may go missing without the checks saying so.
 */
const DATA = path.resolve(import.meta.dirname, '../../../shared/data/staff-lists');
const count = (n: number) => n.toLocaleString('en-GB');

async function records(file: string): Promise<Record<string, string>[]> {
  const sheet = await new ExcelJS.Workbook().csv.readFile(path.join(DATA, file), { parserOptions: { delimiter: ',' } });
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  const [header, ...body] = rows;
  return body.filter((r) => r.some((c) => c.trim() !== '')).map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/** A senior file's posts and a junior file's rows as ceil(posts in FTE) posts each; rows of 0 FTE make none. */
async function organogramPosts(senior: string, junior: string): Promise<{ rows: number; posts: number }> {
  const [s, j] = await Promise.all([records(senior), records(junior)]);
  const juniorPosts = j.reduce((n, r) => n + Math.max(0, Math.ceil(Math.round(Number(r['Number of Posts in FTE']) * 100) / 100)), 0);
  return { rows: s.length + j.length, posts: s.length + juniorPosts };
}

describe('the real staff lists imported with every default kept (Chromium against npm start)', () => {
  const app = e2eApp({ name: 'e2e-staff-lists-', port: 20_500, ports: 400, page: { viewport: { width: 1366, height: 1000 } } });

  beforeAll(async () => {
    await openImportPageOfNewEngagement(app.page, app.base, 'Staff lists');
  }, 180_000);

  /** Opens the files on a new engagement's import page; resolves once the rows to prepare are counted. */
  async function importFiles(engagement: string, files: string[], people: number): Promise<void> {
    await app.page.goto(`${app.base}/engagements`);
    await app.page.getByLabel('Name').fill(engagement);
    await app.page.getByRole('button', { name: 'Create engagement' }).click();
    await app.page.getByRole('link', { name: 'Import a staff list' }).click();
    await app.page.locator('input#staff-file').setInputFiles(path.join(DATA, files[0]!));
    if (files[1]) {
      await app.page.locator('column-mapping').first().waitFor();
      await app.page.locator('input#second-file').setInputFiles(path.join(DATA, files[1]));
    }
    await app.page.getByRole('button', { name: `Prepare ${count(people)} rows` }).waitFor();
  }

  /** The checks' figure by its label. */
  const figure = (label: string) => app.page.locator('import-checks dl > div', { has: app.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').innerText();

  for (const [name, senior, junior] of [
    ['Environment Agency', 'uk-organogram-environment_agency-2011-09-30-senior.csv', 'uk-organogram-environment_agency-2011-09-30-junior.csv'],
    ['Department for Transport', 'uk-organogram-department_for_transport-2011-09-30-senior.csv', 'uk-organogram-department_for_transport-2011-09-30-junior.csv'],
  ] as const) {
    it(`makes every post of the ${name} organograms, with no row left out and every reference resolved`, async () => {
      const { rows, posts } = await organogramPosts(senior, junior);
      await importFiles(name, [senior, junior], posts);
      expect(await figure('Rows without a job title \\(left out\\)')).toBe(`0 of ${count(rows)}`);
      expect(await figure('People whose manager is not in the list')).toBe('0');
      await expect(app.page.getByText(/will not be uploaded|not in the list;|make no post/).count()).resolves.toBe(0);
    }, 180_000);
  }

  for (const [file, region] of [
    ['us-payroll-titles.txt', 'United States, US dollars (USD)'],
    ['uk-organogram-titles.txt', 'United Kingdom (national), pounds sterling (GBP)'],
  ] as const) {
    it(`makes a person of every line of ${file}, commas kept inside titles, and proposes ${region} from the spelling`, async () => {
      const lines = (await fs.readFile(path.join(DATA, file), 'utf8')).split(/\r?\n/).filter((line) => line.trim() !== '');
      await importFiles(file, [file], lines.length);
      expect(await app.page.locator('#header-row option:checked').innerText()).toBe('No heading row: row 1 is a person');
      await expect(app.page.getByText(`${file}: ${count(lines.length)} rows (read as UTF-8, one value a line).`).count()).resolves.toBe(1);
      expect(await figure('Rows without a job title \\(left out\\)')).toBe(`0 of ${count(lines.length)}`);
      expect(await figure('No salary \\(priced at market\\)')).toBe(count(lines.length));
      expect(await figure('Reporting lines')).toBe('None: no manager column');
      expect(await app.page.locator('list-region-choice #list-region-reason').innerText()).toMatch(
        new RegExp(`^Proposed from the file: ${region.replace(/[()]/g, '\\$&')}\\. \\d+ titles or units are spelt the (American|British) way`),
      );
    }, 180_000);
  }

  it('uploads all 13,811 people of the Baltimore City payroll, titled from JOBTITLE and paid from ANNUAL_RT', async () => {
    const people = (await records('us-payroll-baltimore-city-fy2019.csv')).filter((r) => r.JOBTITLE!.trim() !== '').length;
    await importFiles('Baltimore City', ['us-payroll-baltimore-city-fy2019.csv'], people);
    const chosen = (field: string) => app.page.locator(`column-mapping #field-${field} option:checked`).innerText();
    expect([await chosen('title'), await chosen('salary')]).toEqual(['JOBTITLE', 'ANNUAL_RT']);
    expect(await figure('Rows without a job title \\(left out\\)')).toBe(`0 of ${count(people)}`);
    expect(await figure('No salary \\(priced at market\\)')).toBe('0');
    await app.page.getByRole('button', { name: `Prepare ${count(people)} rows` }).click();
    await app.page.getByLabel('Dataset name').fill('Baltimore City FY2019');
    await app.page.getByRole('button', { name: `Upload ${count(people)} rows` }).click();
    await app.page.waitForURL(/\/datasets\/[0-9a-f-]{36}$/);
    await overviewTile(app.page, 'Headcount').waitFor({ timeout: 240_000 });
    expect(await overviewTile(app.page, 'Headcount').innerText()).toContain(count(people));
  }, 360_000);
});
