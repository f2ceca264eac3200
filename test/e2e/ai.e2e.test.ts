import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAi } from '../../server/test/support/fakeOpenAi.ts';
import { sensibleModel } from '../../server/test/support/fakeNarratives.ts';
import { request } from '../../server/test/support/httpClient.ts';
import { newEngagement, readyDataset } from '../../server/test/support/staffList.ts';
import { apiAt, e2eApp, signInCookie, signInOnPage } from '../support/e2eApp.ts';
import { decodeTitlesList } from '../../workers/classify/titlesList.ts';

/**
 * The AI features end to end (issue 13): `npm start` pointed at a local OpenAI-compatible fake through
 * AI_BASE_URL, a dataset classified with AI picks, then in Chromium a lead writes the executive summary
 * with AI and asks a question, and an administrator edits a prompt draft and reads the AI usage.
 * E2E_SCREENSHOT_DIR=<dir> keeps a picture of each.
 */
describe('the AI features in Chromium against npm start and a local OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  // The fake model answers before npm start is pointed at it, and stops after it (after-hooks run last first).
  beforeAll(async () => {
    fake = await FakeOpenAi.start();
    fake.handler = sensibleModel;
  });
  afterAll(() => fake?.stop());
  const app = e2eApp({ name: 'e2e-ai-', port: 20_500, env: () => fake.env() });
  let datasetId: string;
  let lead: string;
  const shots = process.env.E2E_SCREENSHOT_DIR;

  const signedIn = async (who: RegExp): Promise<Page> => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signInOnPage(page, app.base, who);
    return page;
  };

  beforeAll(async () => {
    lead = await signInCookie(app.base, 'lead@example.com');
    const api = apiAt(app.base);
    const client = (await request(app.base, '/api/clients', { body: { name: 'Northwind Stores', sector: 'Retail' }, cookie: lead })).body.client;
    const rows = [
      { employeeId: 'E1', managerEmployeeId: null, title: 'Finance Director', salary: 120000 },
      ...Array.from({ length: 8 }, (_, i) => ({ employeeId: `P${i}`, managerEmployeeId: 'E1', title: 'Payroll Administrator', salary: 30000 })),
      ...Array.from({ length: 5 }, (_, i) => ({ employeeId: `Q${i}`, managerEmployeeId: 'E1', title: 'Quorvian Ledger Keeper', salary: 28000 })),
    ];
    datasetId = await readyDataset(api, lead, await newEngagement(api, lead, { name: 'AI tour', clientId: client.id }), rows);
  }, 180_000);

  it('classifies titles with the model: AI picks are marked as such', async () => {
    const titles = decodeTitlesList((await request(app.base, `/api/datasets/${datasetId}/titles`, { cookie: lead })).body);
    expect(titles.find((t: any) => t.title === 'Quorvian Ledger Keeper')).toMatchObject({ source: 'ai', usSoc2018: '43-3051' });
  });

  it('lets a lead write the executive summary with AI and ask a question, labelled and cited', async () => {
    const page = await signedIn(/Lee Lead/);
    await page.goto(`${app.base}/datasets/${datasetId}`);
    const summary = page.locator('ai-narrative-panel[kind="exec-summary"]');
    await summary.getByText("Rule-based, from the dataset's figures").waitFor();
    await summary.getByRole('button', { name: 'Write with AI' }).click();
    await summary.getByText('AI-written, confidence 80%').waitFor();
    await summary.getByRole('button', { name: 'Regenerate with AI' }).waitFor();
    await page.getByLabel('Ask the data').fill('How many people work here and what do they cost?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.getByText('Cited: this dataset (headcount and cost).').waitFor();
    if (shots) await page.locator('dataset-ai-panel').screenshot({ path: path.join(shots, 'ai-summary-and-ask.png') });
  });

  it('lets an administrator edit a prompt draft with live issues and read the AI usage', async () => {
    const page = await signedIn(/Avery Admin/);
    await page.goto(`${app.base}/admin/prompts`);
    await page.getByRole('button', { name: /Executive summary/ }).click();
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.getByText('Draft created.').waitFor();
    await page.getByLabel('Template').fill('Facts (JSON):\n{{facts}}\n\nKeep it under 200 words. {{turnover}}');
    await page.getByText('{{turnover}} is not a variable of the Executive summary prompt.').waitFor();
    await page.getByText('Draft saved.').waitFor();
    if (shots) await page.screenshot({ path: path.join(shots, 'admin-prompts.png'), fullPage: true });
    await page.goto(`${app.base}/admin/ai-usage`);
    await page.getByRole('cell', { name: /\(\d+\)/ }).first().waitFor();
    const usage = await page.locator('admin-ai-usage-page dl div').allInnerTexts();
    expect(usage[3]).toBe('Model\nfake-model');
    if (shots) await page.screenshot({ path: path.join(shots, 'admin-ai-usage.png'), fullPage: true });
  });
});
