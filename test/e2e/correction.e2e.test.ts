import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoneyShort, formatPercentile } from '../../workers/format/figures.ts';
import { request, type RequestOptions } from '../../server/test/support/httpClient.ts';
import { newEngagement, readyDataset } from '../../server/test/support/staffList.ts';
import type { TestServer } from '../../server/test/support/testServer.ts';
import { launchChromium, startLocalServer } from '../support/localServer.ts';

/**
 * Review and correct (issue 10) end to end: `npm start` on a fresh SQLite folder, a ready dataset made
 * through the API, then in Chromium a lead opens the Needs review view, corrects the title the coder could
 * not read to codes found in the catalogue search, and sees the figures GET /api/datasets/:id now holds.
 */
const UNREADABLE = 'Zqxv Blorpwick';

describe('correcting a title in Chromium against npm start', () => {
  let dir: string;
  let server: ChildProcess;
  let browser: Browser;
  let page: Page;
  let base: string;
  let cookie: string;
  let datasetId: string;
  const shots = process.env.E2E_SCREENSHOT_DIR;

  const detail = async () => (await request(base, `/api/datasets/${datasetId}`, { cookie })).body.dataset;
  const tile = (label: string) => page.locator('results-overview .tile', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-correct-'));
    const port = 19_500 + Math.floor(Math.random() * 500);
    base = `http://localhost:${port}`;
    server = await startLocalServer(path.join(dir, 'data'), port);
    const signIn = await request(base, '/api/dev/sign-in', { body: { email: 'lead@example.com' } });
    cookie = String(signIn.headers['set-cookie']?.[0]).split(';')[0]!;
    // The staffList helpers speak to a TestServer; this one is the real `npm start`.
    const api = { call: (p: string, options?: RequestOptions) => request(base, p, options) } as unknown as TestServer;
    const rows = [
      { employeeId: 'E1', managerEmployeeId: null, title: 'Finance Manager', salary: 80000 },
      { employeeId: 'E2', managerEmployeeId: 'E1', title: 'Payroll Administrator', salary: 30000 },
      { employeeId: 'E3', managerEmployeeId: 'E1', title: 'Front of house', salary: 24000 },
      { employeeId: 'E4', managerEmployeeId: 'E1', title: 'Customer Service Advisor', salary: 26000 },
      // No salaries: these people are priced at the market rate of whatever UK occupation they are given.
      ...Array.from({ length: 12 }, (_, i) => ({ employeeId: `U${i}`, managerEmployeeId: 'E1', title: UNREADABLE, salary: null })),
    ];
    datasetId = await readyDataset(api, cookie, await newEngagement(api, cookie, { name: 'Correction engagement' }), rows);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(30_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('corrects a flagged title to codes found by search and shows the rescored figures the API holds', async () => {
    await page.goto(base);
    await page.getByRole('button', { name: /Lee Lead/ }).click();
    await page.getByText('Signed in as').waitFor();
    const before = await detail();

    await page.goto(`${base}/datasets/${datasetId}`);
    await page.getByRole('button', { name: `Correct ${UNREADABLE}` }).waitFor();
    const titles = page.locator('section', { has: page.locator('#titles-heading') });
    // Names come from the dataset's pinned reference version, read in the browser.
    await titles.getByText('Payroll and Timekeeping Clerks').waitFor();
    if (shots) await titles.screenshot({ path: path.join(shots, 'titles-table.png') });
    await page.getByRole('button', { name: /^Needs review/ }).click();
    if (shots) await titles.screenshot({ path: path.join(shots, 'needs-review.png') });

    if (shots) {
      // The coder's alternatives, as a reviewer sees them for a title it could only guess.
      await page.getByRole('button', { name: 'Correct Front of house' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Use this' }).first().waitFor();
      await page.screenshot({ path: path.join(shots, 'correction-alternatives.png') });
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: `Correct ${UNREADABLE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Correct “${UNREADABLE}”` });
    const us = dialog.getByRole('combobox', { name: 'US occupation (SOC 2018)' });
    await us.fill('payroll');
    await dialog.getByRole('option', { name: /43-3051/ }).waitFor();
    if (shots) await page.screenshot({ path: path.join(shots, 'correction-dialog.png') });
    await us.press('ArrowDown');
    await us.press('Enter');
    const uk = dialog.getByRole('combobox', { name: 'UK occupation (SOC 2020)' });
    await uk.fill('4122');
    await uk.press('ArrowDown');
    await uk.press('Enter');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await page.getByText(`Correction saved for “${UNREADABLE}”. The figures now include it.`).waitFor();

    const after = await detail();
    expect(after.totalCogs).not.toBe(before.totalCogs);
    expect(await tile('Total cost').innerText()).toContain(formatMoneyShort(after.summary.cost.total, 'GBP'));
    expect(await tile('Average AI exposure').innerText()).toContain(formatPercentile(after.summary.exposure.averagePercentile));
    const title = (await request(base, `/api/datasets/${datasetId}/titles`, { cookie })).body.titles.find((t: { title: string }) => t.title === UNREADABLE);
    expect(title).toMatchObject({ source: 'override', usSoc2018: '43-3051', ukSoc2020: '4122' });
    if (shots) {
      await page.goto(`${base}/engagements/${after.engagementId}`);
      const overrides = page.locator('section', { has: page.locator('#overrides-heading') });
      await overrides.getByText('Payroll and Timekeeping Clerks').waitFor();
      await overrides.screenshot({ path: path.join(shots, 'engagement-overrides.png') });
    }
  }, 120_000);
});
