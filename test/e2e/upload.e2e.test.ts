import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateStaffList } from '../../bench/staffListGenerator.ts';
import { formatMoneyShort } from '../../workers/format/figures.ts';
import { openImportPageOfNewEngagement, overviewTile } from '../support/consultant.ts';
import { signInAt } from '../support/serverProcess.ts';
import { e2eApp } from '../support/e2eApp.ts';

/**
 * The consultant's path end to end: `npm start` on a fresh SQLite data folder, driven in Debian's
 * Chromium. Sign in, create an engagement, import a generated 5,000-row XLSX, map, upload, classify,
 * and read on the page the same headcount and cost as GET /api/datasets/:id returns.
 */
const ROWS = 5000;

async function writeWorkbook(file: string, options: { idsAreEmails?: boolean } = {}): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Staff');
  sheet.addRow(['Employee ID', 'Manager ID', 'Job Title', 'Salary', 'FTE', 'Location']);
  for (const [i, r] of generateStaffList(ROWS, { titles: 800, seed: 7 }).entries()) {
    const id = options.idsAreEmails ? `person${i}@client.example` : r.employeeId;
    sheet.addRow([id, r.managerEmployeeId, r.title, r.salary, r.fte, r.location]);
  }
  await workbook.xlsx.writeFile(file);
}

describe('the consultant path in Chromium against npm start', () => {
  const app = e2eApp({ name: 'e2e-', port: 19_000 });

  beforeAll(async () => {
    await writeWorkbook(path.join(app.dir, 'staff.xlsx'));
    await writeWorkbook(path.join(app.dir, 'emails-as-ids.xlsx'), { idsAreEmails: true });
  }, 180_000);

  it('takes a 5,000-row spreadsheet from file to results, showing the stored headcount and cost', async () => {
    await openImportPageOfNewEngagement(app.page, app.base, 'End-to-end engagement');

    await app.page.locator('input#staff-file').setInputFiles(path.join(app.dir, 'staff.xlsx'));
    await app.page.getByRole('button', { name: `Prepare ${ROWS.toLocaleString('en-GB')} rows` }).click();
    await app.page.getByLabel('Dataset name').fill('E2E list');
    await app.page.getByRole('button', { name: `Upload ${ROWS.toLocaleString('en-GB')} rows` }).click();

    await app.page.waitForURL(/\/datasets\/[0-9a-f-]{36}$/);
    const datasetId = app.page.url().split('/').pop()!;
    const headcountTile = overviewTile(app.page, 'Headcount');
    await headcountTile.waitFor({ timeout: 120_000 });

    const lead = await signInAt(app.base, 'lead@example.com');
    const detail = (await lead.call(app.base, `/api/datasets/${datasetId}`)).body.dataset;
    expect(detail).toMatchObject({ status: 'ready', headcount: ROWS });
    expect(await headcountTile.innerText()).toContain(ROWS.toLocaleString('en-GB'));
    const costTile = overviewTile(app.page, 'Total cost');
    expect(await costTile.innerText()).toContain(formatMoneyShort(detail.totalCogs, 'GBP'));
    // E2E_SCREENSHOT_DIR=<dir> keeps a picture of the results page for a person to look at.
    if (process.env.E2E_SCREENSHOT_DIR) await app.page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, 'dataset-results.png') });
  }, 240_000);

  it('blocks the upload when a column of emails is mapped as the employee ID', async () => {
    await app.page.goto(`${app.base}/engagements`);
    await app.page.getByRole('link', { name: 'End-to-end engagement' }).first().click();
    await app.page.getByRole('link', { name: 'Import a staff list' }).click();
    await app.page.locator('input#staff-file').setInputFiles(path.join(app.dir, 'emails-as-ids.xlsx'));
    const prepare = app.page.getByRole('button', { name: /^Prepare/ });
    await prepare.waitFor();
    expect(await prepare.isDisabled()).toBe(true);
    await expect(app.page.getByText(/email/i).first().isVisible()).resolves.toBe(true);
  }, 120_000);
});
