import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoneyShort, formatPercentile } from '../../workers/format/figures.ts';
import { request } from '../../server/test/support/httpClient.ts';
import { newEngagement, readyDataset } from '../../server/test/support/staffList.ts';
import { e2eApp, signInCookie, apiAt, signInOnPage } from '../support/e2eApp.ts';
import { decodeTitlesList } from '../../workers/classify/titlesList.ts';

/**
 * Review and correct (issue 10) end to end: `npm start` on a fresh SQLite folder, a ready dataset made
 * through the API, then in Chromium a lead opens the Needs review view, corrects the title the coder could
 * not read to codes found in the catalogue search, and sees the figures GET /api/datasets/:id now holds.
 */
const UNREADABLE = 'Zqxv Blorpwick';

describe('correcting a title in Chromium against npm start', () => {
  const app = e2eApp({ name: 'e2e-correct-', port: 19_500, page: { viewport: { width: 1280, height: 900 } }, timeout: 30_000 });
  let cookie: string;
  let datasetId: string;
  const shots = process.env.E2E_SCREENSHOT_DIR;

  const detail = async () => (await request(app.base, `/api/datasets/${datasetId}`, { cookie })).body.dataset;
  const tile = (label: string) => app.page.locator('results-overview .tile', { has: app.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

  beforeAll(async () => {
    cookie = await signInCookie(app.base, 'lead@example.com');
    const api = apiAt(app.base);
    const rows = [
      { employeeId: 'E1', managerEmployeeId: null, title: 'Finance Manager', salary: 80000 },
      { employeeId: 'E2', managerEmployeeId: 'E1', title: 'Payroll Administrator', salary: 30000 },
      { employeeId: 'E3', managerEmployeeId: 'E1', title: 'Front of house', salary: 24000 },
      { employeeId: 'E4', managerEmployeeId: 'E1', title: 'Customer Service Advisor', salary: 26000 },
      // No salaries: these people are priced at the market rate of whatever UK occupation they are given.
      ...Array.from({ length: 12 }, (_, i) => ({ employeeId: `U${i}`, managerEmployeeId: 'E1', title: UNREADABLE, salary: null })),
    ];
    datasetId = await readyDataset(api, cookie, await newEngagement(api, cookie, { name: 'Correction engagement' }), rows);
  }, 180_000);

  it('corrects a flagged title to codes found by search and shows the rescored figures the API holds', async () => {
    await signInOnPage(app.page, app.base);
    const before = await detail();

    await app.page.goto(`${app.base}/datasets/${datasetId}`);
    await app.page.getByRole('button', { name: `Correct ${UNREADABLE}` }).waitFor();
    const titles = app.page.locator('section', { has: app.page.locator('#titles-heading') });
    // Names come from the dataset's pinned reference version, read in the browser.
    await titles.getByText('Payroll and Timekeeping Clerks').waitFor();
    if (shots) await titles.screenshot({ path: path.join(shots, 'titles-table.png') });
    await app.page.getByRole('button', { name: /^Needs review/ }).click();
    if (shots) await titles.screenshot({ path: path.join(shots, 'needs-review.png') });

    if (shots) {
      // The coder's alternatives, as a reviewer sees them for a title it could only guess.
      await app.page.getByRole('button', { name: 'Correct Front of house' }).click();
      await app.page.getByRole('dialog').getByRole('button', { name: 'Use this' }).first().waitFor();
      await app.page.screenshot({ path: path.join(shots, 'correction-alternatives.png') });
      await app.page.keyboard.press('Escape');
    }
    await app.page.getByRole('button', { name: `Correct ${UNREADABLE}` }).click();
    const dialog = app.page.getByRole('dialog', { name: `Correct “${UNREADABLE}”` });
    const us = dialog.getByRole('combobox', { name: 'US occupation (SOC 2018)' });
    await us.fill('payroll');
    await dialog.getByRole('option', { name: /43-3051/ }).waitFor();
    if (shots) await app.page.screenshot({ path: path.join(shots, 'correction-dialog.png') });
    await us.press('ArrowDown');
    await us.press('Enter');
    const uk = dialog.getByRole('combobox', { name: 'UK occupation (SOC 2020)' });
    await uk.fill('4122');
    await uk.press('ArrowDown');
    await uk.press('Enter');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await app.page.getByText(`Correction saved for “${UNREADABLE}”. The figures now include it.`).waitFor();

    const after = await detail();
    expect(after.totalCogs).not.toBe(before.totalCogs);
    expect(await tile('Total cost').innerText()).toContain(formatMoneyShort(after.summary.cost.total, 'GBP'));
    expect(await tile('Average AI exposure').innerText()).toContain(formatPercentile(after.summary.exposure.averagePercentile));
    const title = decodeTitlesList((await request(app.base, `/api/datasets/${datasetId}/titles`, { cookie })).body).find((t: { title: string }) => t.title === UNREADABLE);
    expect(title).toMatchObject({ source: 'override', usSoc2018: '43-3051', ukSoc2020: '4122' });
    if (shots) {
      await app.page.goto(`${app.base}/engagements/${after.engagementId}`);
      const overrides = app.page.locator('section', { has: app.page.locator('#overrides-heading') });
      await overrides.getByText('Payroll and Timekeeping Clerks').waitFor();
      await overrides.screenshot({ path: path.join(shots, 'engagement-overrides.png') });
    }
  }, 120_000);
});
