import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStaffList } from '../../bench/staffListGenerator.ts';
import { formatMoneyShort } from '../../workers/format/figures.ts';
import { openImportPageOfNewEngagement, overviewTile } from '../support/consultant.ts';
import { launchChromium, startLocalServer } from '../support/localServer.ts';
import { signInAt } from '../support/serverProcess.ts';

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
  let dir: string;
  let server: ChildProcess;
  let browser: Browser;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
    const port = 19_000 + Math.floor(Math.random() * 500);
    base = `http://localhost:${port}`;
    await writeWorkbook(path.join(dir, 'staff.xlsx'));
    await writeWorkbook(path.join(dir, 'emails-as-ids.xlsx'), { idsAreEmails: true });
    server = await startLocalServer(path.join(dir, 'data'), port);
    browser = await launchChromium();
    page = await browser.newPage();
    page.setDefaultTimeout(60_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes a 5,000-row spreadsheet from file to results, showing the stored headcount and cost', async () => {
    await openImportPageOfNewEngagement(page, base, 'End-to-end engagement');

    await page.locator('input#staff-file').setInputFiles(path.join(dir, 'staff.xlsx'));
    await page.getByRole('button', { name: `Prepare ${ROWS.toLocaleString('en-GB')} rows` }).click();
    await page.getByLabel('Dataset name').fill('E2E list');
    await page.getByRole('button', { name: `Upload ${ROWS.toLocaleString('en-GB')} rows` }).click();

    await page.waitForURL(/\/datasets\/[0-9a-f-]{36}$/);
    const datasetId = page.url().split('/').pop()!;
    const headcountTile = overviewTile(page, 'Headcount');
    await headcountTile.waitFor({ timeout: 120_000 });

    const lead = await signInAt(base, 'lead@example.com');
    const detail = (await lead.call(base, `/api/datasets/${datasetId}`)).body.dataset;
    expect(detail).toMatchObject({ status: 'ready', headcount: ROWS });
    expect(await headcountTile.innerText()).toContain(ROWS.toLocaleString('en-GB'));
    const costTile = overviewTile(page, 'Total cost');
    expect(await costTile.innerText()).toContain(formatMoneyShort(detail.totalCogs, 'GBP'));
    // E2E_SCREENSHOT_DIR=<dir> keeps a picture of the results page for a person to look at.
    if (process.env.E2E_SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, 'dataset-results.png') });
  }, 240_000);

  it('blocks the upload when a column of emails is mapped as the employee ID', async () => {
    await page.goto(`${base}/engagements`);
    await page.getByRole('link', { name: 'End-to-end engagement' }).first().click();
    await page.getByRole('link', { name: 'Import a staff list' }).click();
    await page.locator('input#staff-file').setInputFiles(path.join(dir, 'emails-as-ids.xlsx'));
    const prepare = page.getByRole('button', { name: /^Prepare/ });
    await prepare.waitFor();
    expect(await prepare.isDisabled()).toBe(true);
    await expect(page.getByText(/email/i).first().isVisible()).resolves.toBe(true);
  }, 120_000);
});
