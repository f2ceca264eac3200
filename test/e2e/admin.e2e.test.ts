import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../workers/format/figures.ts';
import { request } from '../../server/test/support/httpClient.ts';
import { newEngagement, readyDataset } from '../../server/test/support/staffList.ts';
import { apiAt, e2eApp, signInCookie, signInOnPage } from '../support/e2eApp.ts';

/**
 * The administrators' section end to end (issue 15): `npm start` on a fresh SQLite folder, a ready dataset
 * made through the API, then in Chromium an administrator reads the platform figures, manages users, reads
 * the trail and the shared cache, edits a reference draft (a shape error refused in place, a cross-check error
 * saved but blocking publish), publishes it, and a lead moves the dataset onto the new version and sees the
 * headline figures change. E2E_SCREENSHOT_DIR=<dir> keeps a picture of each page.
 */
/** One step's budget: rescoring and compiling a 2 MB reference in the browser take seconds on a shared machine. */
const STEP = 120_000;

describe('the administrators’ section in Chromium against npm start', () => {
  const app = e2eApp({ name: 'e2e-admin-', port: 20_000, page: { viewport: { width: 1280, height: 900 }, locale: 'en-GB' }, timeout: 30_000 });
  let leadCookie: string;
  let engagementId: string;
  let datasetId: string;
  const shots = process.env.E2E_SCREENSHOT_DIR;
  const shoot = async (target: Page, name: string) => {
    if (shots) await target.screenshot({ path: path.join(shots, name), fullPage: true });
  };

  const detail = async () => (await request(app.base, `/api/datasets/${datasetId}`, { cookie: leadCookie })).body.dataset;

  beforeAll(async () => {
    leadCookie = await signInCookie(app.base, 'lead@example.com');
    const api = apiAt(app.base);
    const rows = [
      { employeeId: 'E1', managerEmployeeId: null, title: 'Finance Manager', salary: 80000 },
      ...Array.from({ length: 9 }, (_, i) => ({ employeeId: `P${i}`, managerEmployeeId: 'E1', title: 'Payroll Administrator', salary: 30000 })),
      ...Array.from({ length: 6 }, (_, i) => ({ employeeId: `C${i}`, managerEmployeeId: 'E1', title: 'Customer Service Advisor', salary: 26000 })),
    ];
    engagementId = await newEngagement(api, leadCookie, { name: 'Admin tour engagement' });
    datasetId = await readyDataset(api, leadCookie, engagementId, rows);
    // Shared cache entries only come from AI picks, and AI is off here: two are written as the model would.
    const db = new Database(path.join(app.dir, 'data', 'staff-analysis.sqlite'));
    const now = new Date().toISOString();
    const insert = db.prepare(
      'insert into classification_cache (normalised_title, context, us_soc2018, uk_soc2020, prompt_version, verified, hit_count, created_at, updated_at) values (?, ?, ?, ?, 1, ?, ?, ?, ?)',
    );
    insert.run('payroll clerk', 'general', '43-3051', '4122', 0, 42, now, now);
    insert.run('bank cashier', 'financial-services', '43-3071', '4123', 1, 7, now, now);
    db.close();
    await signInOnPage(app.page, app.base, /Avery Admin/);
  }, 180_000);

  it('takes an administrator from the header to the platform figures', async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Administration' }).click();
    const figures = page.getByRole('definition');
    await figures.first().waitFor();
    expect(await page.locator('admin-stats-page dl div').allInnerTexts()).toEqual([
      'Engagements\n1',
      'Datasets\n1',
      'People analysed\n16',
      'Shared cache entries\n2',
      'Verified cache entries\n1',
    ]);
    await shoot(page, 'admin-overview.png');
  }, STEP);

  it('adds a user and is told the last administrator cannot be demoted', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Petra Partner');
    await page.getByLabel('Email').fill('petra.partner@example.com');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('Petra Partner was added.').waitFor();
    await page.getByLabel('Role of Avery Admin').selectOption('user');
    await page.getByText('This is the last active administrator; make someone else an administrator first.').waitFor();
    expect(await page.getByLabel('Role of Avery Admin').inputValue()).toBe('admin');
    await shoot(page, 'admin-users.png');
  }, STEP);

  it('shows the platform trail with the user just added, filtered by action', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit trail' }).click();
    await page.getByLabel('Action').selectOption('user_created');
    await page.getByRole('button', { name: 'Show entries' }).click();
    await page.getByText('Showing 1 to 1 of 1 entries, newest first.').waitFor();
    await page.getByLabel('Action').selectOption('');
    await page.getByRole('button', { name: 'Show entries' }).click();
    await page.getByRole('cell', { name: 'Dataset finalised' }).first().waitFor();
    await shoot(page, 'admin-audit.png');
  }, STEP);

  it('verifies a shared cache entry', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Title cache' }).click();
    await page.getByRole('button', { name: 'Verify payroll clerk' }).click();
    await page.getByText('“payroll clerk” is verified.').waitFor();
    const cache = await request(app.base, '/api/admin/cache?q=payroll', { cookie: await adminCookie() });
    expect(cache.body.entries[0]).toMatchObject({ normalisedTitle: 'payroll clerk', verified: true });
    await shoot(page, 'admin-cache.png');
  }, STEP);

  async function adminCookie(): Promise<string> {
    const cookies = await app.page.context().cookies(app.base);
    return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  }

  it('refuses to save a draft section whose shape is invalid, showing the issue beside the field', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Reference data' }).click();
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.getByText('A draft was created from version 1.').waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Scenarios/ }).click();
    const field = page.getByLabel(/^Moderate: automation realised/);
    await field.fill('1.5');
    await page.getByRole('button', { name: 'Save section' }).click();
    await page.locator('reference-fields-form ul.issues li.error', { hasText: 'Too big: expected number to be <=1' }).waitFor();
    const draft = await request(app.base, '/api/admin/reference/draft', { cookie: await adminCookie() });
    expect(draft.body.draft.data.scenarios.moderate.automationRealised).toBe(0.5);
  }, STEP);

  it('saves a value that fails a cross-check, shows the error at its path and refuses to publish', async () => {
    const { page } = app;
    await page.getByLabel(/^Moderate: automation realised/).fill('0.2');
    await page.getByRole('button', { name: 'Save section' }).click();
    await page.getByText('Scenarios saved. It has 1 error to fix before publishing.').waitFor();
    await page.locator('reference-fields-form ul.issues li.error', { hasText: "moderate automationRealised is below conservative's" }).waitFor();
    expect(await page.getByRole('button', { name: 'Publish version' }).isDisabled()).toBe(true);
    const refused = await request(app.base, '/api/admin/reference/draft/publish', { body: { notes: 'Should not publish' }, cookie: await adminCookie() });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_reference_data');
    await shoot(page, 'admin-reference-issue.png');
  }, STEP);

  it('tests a title against the draft, naming the taxonomy rule that decides it', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Taxonomy rules and roles/ }).click();
    await page.getByLabel('Job title').fill('Senior Payroll Clerk');
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await page.getByText(/^Taxonomy rule \d+/).waitFor();
    if (shots) await page.locator('reference-title-test').screenshot({ path: path.join(shots, 'admin-reference-test-title.png') });
    await page.getByRole('button', { name: /^Show rule \d+/ }).click();
    await page.locator('reference-rule-table tr.highlight').waitFor();
  }, STEP);

  it('tests a title in the context a row gives: a fire department\'s lieutenant, beside the title\'s own reading', async () => {
    const { page } = app;
    await page.getByLabel('Job title').fill('Lieutenant');
    await page.getByLabel('Division or unit').fill('Fire Department');
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await page.getByText(/^The row’s context \(unit\) over the title’s own reading/).waitFor();
    await page.locator('reference-title-test dd', { hasText: /^33-1021 / }).waitFor();
    if (shots) await page.locator('reference-title-test').screenshot({ path: path.join(shots, 'admin-reference-test-title-context.png') });
  }, STEP);

  it('shows what changed against the live version and publishes with notes', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Scenarios/ }).click();
    await page.getByLabel(/^Moderate: automation realised/).fill('0.6');
    await page.getByRole('button', { name: 'Save section' }).click();
    await page.getByText('Scenarios saved.', { exact: true }).waitFor();
    const changes = page.locator('reference-diff');
    await changes.getByText('scenarios: 1 change').click();
    await changes.getByText('scenarios.moderate.automationRealised').waitFor();
    await page.getByLabel(/^Notes for this version/).fill('Moderate scenario realises more automation.');
    await shoot(page, 'admin-reference-editor.png');
    await page.getByRole('button', { name: 'Publish version' }).click();
    await page.getByText(/^Version 2 is published and live/).waitFor();
    await page.getByRole('cell', { name: 'Moderate scenario realises more automation.' }).waitFor();
  }, STEP);

  it('lets a lead move the dataset onto version 2 and shows the headline figures before and after', async () => {
    const before = await detail();
    const lead = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const leadPage = await lead.newPage();
    leadPage.setDefaultTimeout(30_000);
    await leadPage.goto(app.base);
    await leadPage.getByRole('button', { name: /Lee Lead/ }).click();
    await leadPage.getByText('Signed in as').waitFor();
    expect(await leadPage.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    await leadPage.goto(`${app.base}/datasets/${datasetId}`);
    await leadPage.getByRole('button', { name: 'Move to version 2' }).click();
    await leadPage.getByText('Moved from version 1 to version 2.', { exact: false }).waitFor();
    const after = await detail();
    expect(after.referenceVersion).toBe(2);
    const row = leadPage.getByRole('row', { name: /Gross saving, moderate/ });
    expect(await row.locator('td').allInnerTexts()).toEqual([
      formatMoney(before.summary.scenarios.moderate.grossSaving, 'GBP'),
      formatMoney(after.summary.scenarios.moderate.grossSaving, 'GBP'),
      `+${formatMoney(after.summary.scenarios.moderate.grossSaving - before.summary.scenarios.moderate.grossSaving, 'GBP')}`,
    ]);
    if (shots) await leadPage.locator('dataset-reference-move').screenshot({ path: path.join(shots, 'dataset-reference-move.png') });

    await leadPage.goto(`${app.base}/engagements/${engagementId}`);
    const trail = leadPage.locator('engagement-audit');
    await trail.getByRole('cell', { name: 'Dataset reference changed' }).waitFor();
    if (shots) await leadPage.locator('section', { has: leadPage.locator('#audit-heading') }).screenshot({ path: path.join(shots, 'engagement-audit.png') });
    await leadPage.goto(`${app.base}/admin`);
    await leadPage.getByRole('heading', { name: 'No access' }).waitFor();
    await lead.close();
  }, STEP);
});
