import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openImportPageOfNewEngagement, overviewTile } from '../support/consultant.ts';
import { e2eApp } from '../support/e2eApp.ts';

/**
 * Names and emails in Chromium against `npm start` with a master secret: a list with a name and an email
 * column is imported twice. Unticked, no request body the page sends holds any name or email; ticked, the
 * dataset page reveals them for a stated purpose and matches a licence list.
 */
const PEOPLE = 40;
const nameOf = (i: number) => `Forename${i} Surname${i}`;
const emailOf = (i: number) => `forename${i}.surname${i}@client.example`;

function staffCsv(): string {
  const lines = ['Employee ID,Manager ID,Job Title,Salary,Full Name,Email'];
  for (let i = 1; i <= PEOPLE; i++) {
    lines.push([`S${i}`, i === 1 ? '' : `S${Math.ceil(i / 5)}`, i === 1 ? 'Chief Executive' : 'Payroll Administrator', 30000 + i * 100, nameOf(i), emailOf(i)].join(','));
  }
  return `${lines.join('\n')}\n`;
}

describe('names and emails in Chromium against npm start', () => {
  const app = e2eApp({ name: 'e2e-identities-', port: 19_500, ports: 400, env: { IDENTITY_KEK: randomBytes(32).toString('base64') } });
  /** Every request body the page sends. */
  const bodies: string[] = [];
  const shots = process.env.E2E_SCREENSHOT_DIR;

  beforeAll(() => {
    fs.writeFileSync(path.join(app.dir, 'staff.csv'), staffCsv());
    fs.writeFileSync(path.join(app.dir, 'licences.csv'), `User,Licence email\nA,${emailOf(3).toUpperCase()}\nB,someone.else@client.example\nC,${emailOf(7)}\n`);
    app.page.on('request', (request) => {
      const body = request.postData();
      if (body) bodies.push(body);
    });
  });

  /** Loads the list, maps the name and email columns and prepares the rows. */
  async function prepareList(page: Page): Promise<void> {
    await page.locator('input#staff-file').setInputFiles(path.join(app.dir, 'staff.csv'));
    await page.locator('select#field-name').selectOption({ label: 'Full Name' });
    await page.locator('select#field-email').selectOption({ label: 'Email' });
    await page.getByRole('button', { name: `Prepare ${PEOPLE} rows` }).click();
  }

  /** Every record of every IndexedDB store of the page's origin, as text. */
  function everythingInIndexedDb(page: Page): Promise<string> {
    return page.evaluate(async () => {
      const records: unknown[] = [];
      for (const { name } of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(name!);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        for (const store of Array.from(db.objectStoreNames)) {
          const all = db.transaction(store).objectStore(store).getAll();
          records.push(await new Promise((resolve) => (all.onsuccess = () => resolve(all.result))));
        }
        db.close();
      }
      return JSON.stringify(records);
    });
  }

  async function uploadAndWait(page: Page, name: string): Promise<string> {
    await page.getByLabel('Dataset name').fill(name);
    await page.getByRole('button', { name: `Upload ${PEOPLE} rows` }).click();
    await page.waitForURL(/\/datasets\/[0-9a-f-]{36}$/);
    await overviewTile(page, 'Headcount').waitFor({ timeout: 120_000 });
    return page.url().split('/').pop()!;
  }

  it('sends no name or email in any request when the option is left unticked', async () => {
    const { page } = app;
    await openImportPageOfNewEngagement(page, app.base, 'Identities engagement');
    await prepareList(page);
    const option = page.getByRole('checkbox', { name: 'Store names and emails' });
    expect(await option.isChecked()).toBe(false);
    const start = bodies.length;
    await uploadAndWait(page, 'Without identities');

    const sent = bodies.slice(start);
    expect(sent.some((b) => b.includes('"rows"'))).toBe(true);
    for (const body of sent) {
      expect(body).not.toMatch(/Surname|@client\.example|"identities"/);
    }
  }, 240_000);

  it('stores them when ticked: the dataset page reveals them for a purpose, never keeping them in IndexedDB, and matches a licence list', async () => {
    const { page } = app;
    await page.goto(`${app.base}/engagements`);
    await page.getByRole('link', { name: 'Identities engagement' }).first().click();
    await page.getByRole('link', { name: 'Import a staff list' }).click();
    await prepareList(page);
    await page.getByRole('checkbox', { name: 'Store names and emails' }).check();
    if (shots) await page.locator('dataset-import-page form.start').screenshot({ path: path.join(shots, 'identity-storage-option.png') });
    const start = bodies.length;
    await uploadAndWait(page, 'With identities');
    const chunks = bodies.slice(start).filter((b) => b.includes('"rows"'));
    expect(chunks.every((b) => b.includes('"identities"'))).toBe(true);
    for (const chunk of chunks) expect(JSON.stringify(JSON.parse(chunk).rows)).not.toMatch(/Surname|@client\.example/);

    await page.locator('textarea#reveal-purpose').fill('Check the import against the client list');
    await page.getByRole('button', { name: 'Reveal names and emails' }).click();
    await page.getByText(`${PEOPLE} people revealed.`).waitFor();
    // Wait for the cell itself, not only the count: isVisible does not wait, and the check once failed right after the count showed.
    await page.getByRole('cell', { name: nameOf(12) }).waitFor();
    expect(await page.getByRole('cell', { name: nameOf(12) }).isVisible()).toBe(true);
    expect(await page.getByRole('cell', { name: emailOf(12) }).isVisible()).toBe(true);
    if (shots) await page.locator('identity-reveal-panel').screenshot({ path: path.join(shots, 'identity-reveal.png') });
    expect(await everythingInIndexedDb(page)).not.toMatch(/Surname|@client\.example/);

    await page.locator('input#licence-file').setInputFiles(path.join(app.dir, 'licences.csv'));
    await page.locator('input#match-purpose').fill('Copilot licence allocation');
    await page.getByRole('button', { name: 'Match the list' }).click();
    await page.getByText('2 of 3 emails matched 2 people in this dataset.').waitFor();
    expect(await page.locator('licence-match-panel li').allInnerTexts()).toEqual(['S3', 'S7']);
    if (shots) await page.locator('licence-match-panel').screenshot({ path: path.join(shots, 'licence-match.png') });
  }, 240_000);
});
