import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyDataset, smallStaffList } from '../../server/test/support/staffList.ts';
import { startTestServer, type TestServer } from '../../server/test/support/testServer.ts';
import { launchChromium } from '../support/localServer.ts';

/**
 * Every action in the browser for those who may take it (issue 28), in Chromium against the real app: a new
 * lead is shown the next steps, adds a client and starts an engagement for it in the browser, and changes
 * its pack with the rescoring announced; a viewer reads the dataset without Rename, Save and recalculate or
 * Correct; an administrator who is not staffed is told so and offered the audit entries and deletion.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const shots = process.env.E2E_SCREENSHOT_DIR ?? path.join(ROOT, 'docs', 'screenshots');
const screenshots = Boolean(process.env.E2E_SCREENSHOT_DIR || process.env.UPDATE_SCREENSHOTS);

describe('controls by role in the real app', () => {
  let server: TestServer;
  let browser: Browser;
  let engagementId: string;
  let datasetId: string;

  async function pageAs(email: string): Promise<Page> {
    const cookie = await server.signIn(email);
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    return page;
  }

  const shoot = async (page: Page, file: string, selector = 'main') => {
    if (!screenshots) return;
    fs.mkdirSync(shots, { recursive: true });
    await page.locator(selector).first().screenshot({ path: path.join(shots, file) });
  };

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('takes a new lead from the next steps to a client and an engagement made in the browser, then a pack change', async () => {
    const page = await pageAs('lead@example.com');
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Next steps' }).waitFor();
    await shoot(page, 'home-new-user.png');
    await page.getByRole('link', { name: 'Add a client' }).click();
    await page.getByLabel('Client name').fill('Northwind Trading');
    await page.getByLabel(/^Sector/).fill('Retail');
    await page.getByRole('button', { name: 'Add client' }).click();
    await page.getByRole('link', { name: 'Northwind Trading' }).waitFor();
    await shoot(page, 'clients.png');

    await page.goto(`${server.url}/engagements`);
    await page.getByLabel('Name', { exact: true }).fill('Pay review');
    await page.getByLabel('Client', { exact: true }).selectOption({ label: 'Northwind Trading' });
    await page.getByRole('button', { name: 'Create engagement' }).click();
    await page.waitForURL(/\/engagements\/[0-9a-f-]{36}$/);
    engagementId = page.url().split('/').at(-1)!;
    const cookie = await server.signIn('lead@example.com');
    expect((await server.call(`/api/engagements/${engagementId}`, { cookie })).body.engagement.clientId).not.toBeNull();

    datasetId = await readyDataset(server, cookie, engagementId, smallStaffList());
    await page.reload();
    await page.locator('engagement-settings #settings-pack').waitFor();
    const other = await page.locator('engagement-settings #settings-pack option').evaluateAll((options) => (options as HTMLOptionElement[]).find((o) => !o.selected)!.value);
    await page.locator('engagement-settings #settings-pack').selectOption(other);
    await page.getByText('1 ready dataset of this engagement will be rescored').waitFor();
    await shoot(page, 'engagement-settings.png', 'engagement-settings');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved; 1 ready dataset rescored with the new pack.').waitFor();
    expect((await server.call(`/api/engagements/${engagementId}`, { cookie })).body.engagement.pack).toBe(other);
    await page.goto(`${server.url}/`);
    await page.locator('home-page tbody tr').first().waitFor();
    await shoot(page, 'home.png');
    await page.context().close();
  }, 240_000);

  it('shows a viewer the dataset without Rename, Save and recalculate or Correct, and no import', async () => {
    const lead = await server.signIn('lead@example.com');
    const added = await server.call(`/api/engagements/${engagementId}/members`, { method: 'PUT', body: { email: 'viewer@example.com', role: 'viewer', piiAccess: false }, cookie: lead });
    expect(added.status, added.text).toBe(201);
    const page = await pageAs('viewer@example.com');
    await page.goto(`${server.url}/datasets/${datasetId}`);
    await page.locator('titles-table .body .row').first().waitFor();
    await page.getByText("Only the engagement's leads and analysts can rename the dataset").waitFor();
    expect(await page.getByRole('button', { name: 'Rename' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save and recalculate' }).count()).toBe(0);
    expect(await page.locator('titles-table button[aria-label^="Correct"]').count()).toBe(0);
    await shoot(page, 'viewer-dataset-settings.png', '#settings');
    await page.goto(`${server.url}/engagements/${engagementId}/import`);
    await page.getByText("Only the engagement's leads and analysts can import a staff list").waitFor();
    expect(await page.locator('spreadsheet-import').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('tells an administrator who is not staffed so, with the audit entries and deletion', async () => {
    const page = await pageAs('admin@example.com');
    await page.goto(`${server.url}/engagements/${engagementId}`);
    await page.getByText('You are not staffed on this engagement').waitFor();
    await page.locator('engagement-unstaffed audit-trail tbody tr').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Pay review' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete engagement' }).waitFor();
    await shoot(page, 'admin-unstaffed.png');
    await page.context().close();
  }, 120_000);
});
