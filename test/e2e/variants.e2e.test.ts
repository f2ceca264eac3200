import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type RequestOptions } from '../../server/test/support/httpClient.ts';
import { newEngagement, readyDataset } from '../../server/test/support/staffList.ts';
import type { TestServer } from '../../server/test/support/testServer.ts';
import { launchChromium, startLocalServer } from '../support/localServer.ts';
import { decodeTitlesList } from '../../schema/titlesList.ts';

/**
 * A title coded in context (issue 24) end to end: `npm start` on a fresh SQLite folder, a ready dataset whose
 * "Associate" the division reads apart (a solicitor in Legal, a sales executive in Sales), then in Chromium a
 * lead opens the title's variants and corrects the Sales variant only; the API then holds an override limited
 * to that unit and the Legal associates keep their reading.
 */
describe('correcting one variant of a title in Chromium against npm start', () => {
  let dir: string;
  let server: ChildProcess;
  let browser: Browser;
  let page: Page;
  let base: string;
  let cookie: string;
  let engagementId: string;
  let datasetId: string;
  const shots = process.env.E2E_SCREENSHOT_DIR;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-variants-'));
    const port = 20_000 + Math.floor(Math.random() * 500);
    base = `http://localhost:${port}`;
    server = await startLocalServer(path.join(dir, 'data'), port);
    const signIn = await request(base, '/api/dev/sign-in', { body: { email: 'lead@example.com' } });
    cookie = String(signIn.headers['set-cookie']?.[0]).split(';')[0]!;
    const api = { call: (p: string, options?: RequestOptions) => request(base, p, options) } as unknown as TestServer;
    const rows = [
      { employeeId: 'E1', managerEmployeeId: null, title: 'Managing Partner', salary: null, division: 'Legal' },
      ...Array.from({ length: 5 }, (_, i) => ({ employeeId: `L${i}`, managerEmployeeId: 'E1', title: 'Associate', salary: null, division: 'Legal' })),
      ...Array.from({ length: 3 }, (_, i) => ({ employeeId: `S${i}`, managerEmployeeId: 'E1', title: 'Associate', salary: null, division: 'Sales' })),
    ];
    engagementId = await newEngagement(api, cookie, { name: 'Variants engagement' });
    datasetId = await readyDataset(api, cookie, engagementId, rows);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(30_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows the variants of a title with the unit that split them, and corrects only the Sales variant', async () => {
    await page.goto(base);
    await page.getByRole('button', { name: /Lee Lead/ }).click();
    await page.getByText('Signed in as').waitFor();

    await page.goto(`${base}/datasets/${datasetId}`);
    const titles = page.locator('section', { has: page.locator('#titles-heading') });
    await page.getByRole('button', { name: 'Show 2 variants of Associate' }).click();
    await titles.getByText('Unit: Sales').waitFor();
    await titles.getByText('Unit: Legal').waitFor();
    // Names come from the dataset's pinned reference version, read in the browser.
    await titles.getByText('Lawyers').first().waitFor();
    await page.mouse.move(0, 0);
    if (shots) await titles.screenshot({ path: path.join(shots, 'title-variants.png') });

    await page.getByRole('button', { name: 'Correct Associate, Unit: Sales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct “Associate”' });
    await expect(dialog.getByRole('radio', { name: 'Only Unit: Sales (3 people)' }).isChecked()).resolves.toBe(true);
    if (shots) await dialog.screenshot({ path: path.join(shots, 'variant-correction.png') });
    // The Sales variant's first other reading, accepted in one click for that unit only.
    await dialog.getByRole('button', { name: 'Use this' }).first().click();
    await page.getByText('Correction saved for “Associate”. The figures now include it.').waitFor();

    const overrides = (await request(base, `/api/engagements/${engagementId}/overrides`, { cookie })).body.overrides;
    expect(overrides).toEqual([expect.objectContaining({ title: 'Associate', scope: { kind: 'division', values: ['Sales'] } })]);
    const associate = decodeTitlesList((await request(base, `/api/datasets/${datasetId}/titles`, { cookie })).body).find((t: { title: string }) => t.title === 'Associate');
    expect(associate?.variants?.map((v) => [v.label, v.source, v.usSoc2018])).toEqual([
      ['Unit: Legal', 'rules', '23-1011'],
      ['Unit: Sales', 'override', overrides[0].usSoc2018],
    ]);
  }, 120_000);
});
