import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../workers/import/csv.ts';
import { newEngagement, readyDataset, smallStaffList } from '../../server/test/support/staffList.ts';
import { testServerApp } from '../support/e2eApp.ts';
import { readPdf } from '../support/pdf.ts';
import { DATABASE_NAME } from '../../client/storage/db.ts';

/**
 * Viewed results stay offline (issue 28), in Chromium against the real app: a lead opens a ready dataset
 * online, the connection drops (Playwright's offline mode, which the service worker sees too), and the
 * dataset page still opens from this browser's copy, saying so; its titles export downloads, and its client
 * report opens and prints. Back online, the export made offline is recorded in the audit trail.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('viewed results offline', () => {
  const app = testServerApp({ page: { viewport: { width: 1280, height: 1000 }, acceptDownloads: true }, timeout: 90_000 });
  let engagementId: string;
  let datasetId: string;

  beforeAll(async () => {
    engagementId = await newEngagement(app.server, app.cookie, { name: 'Offline review' });
    datasetId = await readyDataset(app.server, app.cookie, engagementId, smallStaffList());
  }, 180_000);

  it('opens a dataset viewed before with the connection gone, exports its titles and prints its report', async () => {
    const { server, page, cookie } = app;
    const context = page.context();
    await page.goto(`${server.url}/engagements/${engagementId}`);
    await page.locator('datasets-panel tbody tr').first().waitFor();
    await page.goto(`${server.url}/datasets/${datasetId}`);
    await page.locator('titles-table .body .row').first().waitFor();
    await page.locator('dataset-ai-panel').waitFor();
    // The app shell must be in the service worker's precache before the connection goes.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.locator('titles-table .body .row').first().waitFor();
    const online = await page.locator('dataset-results').innerText();
    // The page reads the dataset's rows for the copy a moment after it opens; wait until they are kept.
    await expect
      .poll(
        () =>
          page.evaluate(
            (name) =>
              new Promise<number>((resolve) => {
                const open = indexedDB.open(name);
                open.onsuccess = () => {
                  const all = open.result.transaction('offlineCopies').objectStore('offlineCopies').getAllKeys();
                  all.onsuccess = () => resolve((all.result as [string, string][]).filter(([, p]) => p.includes('/rows?')).length);
                };
              }),
            DATABASE_NAME,
          ),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: /^Offline copy from / }).waitFor();
    await page.locator('titles-table .body .row').first().waitFor();
    expect(await page.locator('h1').first().innerText()).toBe('Staff list');
    expect(await page.locator('dataset-results').innerText()).toBe(online);
    // A copy offers reading and exports, nothing that needs the server.
    await page.getByText('Read from this device: renaming and changing the settings need a connection.').waitFor();
    expect(await page.getByRole('button', { name: 'Rename' }).count()).toBe(0);

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Titles (CSV)' }).click()]);
    const titles = parseCsv(fs.readFileSync((await file.path())!).toString('utf8').slice(1)).rows;
    expect(titles.slice(1).reduce((n, r) => n + Number(r[1]), 0)).toBe(smallStaffList().length);
    // The rows were read for the copy when the page was opened online: the workbook is made offline too.
    const [workbook] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Analysis workbook (XLSX)' }).click()]);
    expect(workbook.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(fs.statSync((await workbook.path())!).size).toBeGreaterThan(5_000);

    const report = await context.newPage();
    await report.goto(`${server.url}/datasets/${datasetId}/report`);
    await report.locator('report-document .cover').waitFor();
    expect(await report.getByRole('status').filter({ hasText: /^Offline copy from / }).count()).toBe(1);
    const pdf = readPdf(await report.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    if (process.env.E2E_SCREENSHOT_DIR || process.env.UPDATE_SCREENSHOTS) {
      const shots = process.env.E2E_SCREENSHOT_DIR ?? path.join(ROOT, 'docs', 'screenshots');
      fs.mkdirSync(shots, { recursive: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(shots, 'offline-dataset.png') });
    }
    await report.close();

    await page.getByRole('link', { name: 'Back to the engagement' }).click();
    await page.getByRole('heading', { name: 'Offline review' }).waitFor();
    await page.getByText('Read from this device').waitFor();
    await page.locator('datasets-panel tbody tr').first().waitFor();

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const exports = async () => ((await server.call(`/api/engagements/${engagementId}/audit`, { cookie })).body.events as any[]).filter((e) => e.action === 'export_generated');
    await expect.poll(async () => (await exports()).map((e) => e.details.artefact), { timeout: 30_000 }).toEqual(expect.arrayContaining(['analysis-workbook', 'titles']));
  }, 300_000);

  it('keeps nothing of the person on this device once they sign out', async () => {
    const { server, page } = app;
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in$/);
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('staff-list-analysis');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('offlineCopies').objectStore('offlineCopies').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(kept).toBe(0);
  });
});
