import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { request } from '../../server/test/support/httpClient.ts';
import { newEngagement, readyDataset } from '../../server/test/support/staffList.ts';
import { e2eApp, signInCookie, apiAt, signInOnPage } from '../support/e2eApp.ts';
import { decodeTitlesList } from '../../workers/classify/titlesList.ts';

/**
 * A title coded in context (issue 24) end to end: `npm start` on a fresh SQLite folder, a ready dataset whose
 * "Associate" the division reads apart (a solicitor in Legal, a sales executive in Sales), then in Chromium a
 * lead opens the title's variants and corrects the Sales variant only; the API then holds an override limited
 * to that unit and the Legal associates keep their reading.
 */
describe('correcting one variant of a title in Chromium against npm start', () => {
  const app = e2eApp({ name: 'e2e-variants-', port: 20_000, page: { viewport: { width: 1280, height: 900 } }, timeout: 30_000 });
  let cookie: string;
  let engagementId: string;
  let datasetId: string;
  const shots = process.env.E2E_SCREENSHOT_DIR;

  beforeAll(async () => {
    cookie = await signInCookie(app.base, 'lead@example.com');
    const api = apiAt(app.base);
    const rows = [
      { employeeId: 'E1', managerEmployeeId: null, title: 'Managing Partner', salary: null, division: 'Legal' },
      ...Array.from({ length: 5 }, (_, i) => ({ employeeId: `L${i}`, managerEmployeeId: 'E1', title: 'Associate', salary: null, division: 'Legal' })),
      ...Array.from({ length: 3 }, (_, i) => ({ employeeId: `S${i}`, managerEmployeeId: 'E1', title: 'Associate', salary: null, division: 'Sales' })),
      // One reading in every unit: no variants, so the correction is limited by ticking units.
      ...['Solid Waste', 'Solid Waste', 'Solid Waste', 'Parks', 'Parks', 'Highways'].map((division, i) => ({ employeeId: `W${i}`, managerEmployeeId: 'E1', title: 'Laborer', salary: null, division })),
    ];
    engagementId = await newEngagement(api, cookie, { name: 'Variants engagement' });
    datasetId = await readyDataset(api, cookie, engagementId, rows);
  }, 180_000);

  it('shows the variants of a title with the unit that split them, and corrects only the Sales variant', async () => {
    await signInOnPage(app.page, app.base);

    await app.page.goto(`${app.base}/datasets/${datasetId}`);
    const titles = app.page.locator('section', { has: app.page.locator('#titles-heading') });
    await app.page.getByRole('button', { name: 'Show 2 variants of Associate' }).click();
    await titles.getByText('Unit: Sales').waitFor();
    await titles.getByText('Unit: Legal').waitFor();
    // Names come from the dataset's pinned reference version, read in the browser.
    await titles.getByText('Lawyers').first().waitFor();
    await app.page.mouse.move(0, 0);
    if (shots) await titles.screenshot({ path: path.join(shots, 'title-variants.png') });

    await app.page.getByRole('button', { name: 'Correct Associate, Unit: Sales' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Correct “Associate”' });
    await expect(dialog.getByRole('radio', { name: 'Only Unit: Sales (3 people)' }).isChecked()).resolves.toBe(true);
    if (shots) await dialog.screenshot({ path: path.join(shots, 'variant-correction.png') });
    // The Sales variant's first other reading, accepted in one click for that unit only.
    await dialog.getByRole('button', { name: 'Use this' }).first().click();
    await app.page.getByText('Correction saved for “Associate”. The figures now include it.').waitFor();

    const overrides = (await request(app.base, `/api/engagements/${engagementId}/overrides`, { cookie })).body.overrides;
    expect(overrides).toEqual([expect.objectContaining({ title: 'Associate', scope: { kind: 'division', values: ['Sales'] } })]);
    const associate = decodeTitlesList((await request(app.base, `/api/datasets/${datasetId}/titles`, { cookie })).body).find((t: { title: string }) => t.title === 'Associate');
    expect(associate?.variants?.map((v) => [v.label, v.source, v.usSoc2018])).toEqual([
      ['Unit: Legal', 'rules', '23-1011'],
      ['Unit: Sales', 'override', overrides[0].usSoc2018],
    ]);
  }, 120_000);

  it('corrects a title read alike everywhere in the units ticked only', async () => {
    // Signed in on this page by the test above.
    await app.page.goto(`${app.base}/datasets/${datasetId}`);
    await app.page.getByRole('button', { name: 'Correct Laborer' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Correct “Laborer”' });
    await dialog.getByRole('radio', { name: 'Only some of its units' }).check();
    await dialog.getByRole('checkbox', { name: 'Solid Waste (3 people)' }).check();
    await dialog.getByRole('checkbox', { name: 'Parks (2 people)' }).check();
    await dialog.getByText('2 of 3 units ticked: 5 people in this dataset.').waitFor();
    if (shots) await dialog.screenshot({ path: path.join(shots, 'correction-by-unit.png') });
    const us = dialog.getByRole('combobox', { name: 'US occupation (SOC 2018)' });
    await us.fill('refuse and recyclable');
    await dialog.getByRole('option', { name: /53-7081/ }).click();
    const uk = dialog.getByRole('combobox', { name: 'UK occupation (SOC 2020)' });
    await uk.fill('refuse and salvage');
    await dialog.getByRole('option', { name: /9225/ }).click();
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await app.page.getByText('Correction saved for “Laborer”. The figures now include it.').waitFor();

    const overrides = (await request(app.base, `/api/engagements/${engagementId}/overrides`, { cookie })).body.overrides;
    expect(overrides).toContainEqual(expect.objectContaining({ title: 'Laborer', usSoc2018: '53-7081', scope: { kind: 'division', values: ['Parks', 'Solid Waste'] } }));
    const laborer = decodeTitlesList((await request(app.base, `/api/datasets/${datasetId}/titles`, { cookie })).body).find((t: { title: string }) => t.title === 'Laborer');
    expect(laborer?.variants?.map((v) => [v.headcount, v.source, v.usSoc2018])).toEqual([
      [5, 'override', '53-7081'],
      [1, 'rules', expect.any(String)],
    ]);
  }, 120_000);
});
