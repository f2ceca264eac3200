import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../workers/import/csv.ts';
import { formatMoneyShort } from '../../workers/format/figures.ts';
import { newEngagement, readyDataset, smallStaffList } from '../../server/test/support/staffList.ts';
import { testServerApp } from '../support/e2eApp.ts';
import { readPdf, solidPng } from '../support/pdf.ts';

/**
 * The branded client report (issue 11) in Chromium against the real app: a client with a brand (PNG logo, dark
 * green primary, Georgia), an engagement with report notes and a terms swap, a ready dataset; the report page is
 * printed to PDF with Chromium's page.pdf and the PDF read for the brand colour, the logo and its pages.
 */
const PRIMARY = '#0b5d1e';
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('client report printed to PDF in Chromium', () => {
  // Each export starts a worker that loads exceljs; on two cores shared with the whole suite that can take a while.
  const app = testServerApp({ page: { viewport: { width: 900, height: 1200 } }, timeout: 90_000 });
  let datasetId: string;
  let engagementId: string;

  const openReport = async () => {
    await app.page.goto(`${app.server.url}/datasets/${datasetId}/report`);
    await app.page.locator('report-document .cover').waitFor();
  };

  beforeAll(async () => {
    const { server, cookie } = app;
    const client = await server.call('/api/clients', { body: { name: 'Northwind Trading', sector: 'Retail' }, cookie });
    const clientId = client.body.client.id;
    const logo = `data:image/png;base64,${solidPng(120, 40, [200, 16, 46]).toString('base64')}`;
    const brand = await server.call(`/api/clients/${clientId}/brand`, { method: 'PUT', body: { logo, colours: { primary: PRIMARY, secondary: '#c8102e', accent: null }, font: 'Georgia' }, cookie });
    expect(brand.status, brand.text).toBe(200);
    engagementId = await newEngagement(server, cookie, { name: 'Operating model review', clientId });
    const notes = {
      sections: { context: 'Northwind asked where AI changes the work of its head office.', recommendations: 'Start with payroll and finance operations.' },
      valueConcentration: 'Most of the value sits with the employees in finance.',
      terms: [{ from: 'employees', to: 'colleagues' }],
    };
    const patched = await server.call(`/api/engagements/${engagementId}`, { method: 'PATCH', body: { reportNotes: notes }, cookie });
    expect(patched.status, patched.text).toBe(200);
    datasetId = await readyDataset(server, cookie, engagementId, smallStaffList());
  }, 180_000);

  it('downloads the workbook and both CSVs from the dataset page, agreeing with it, and the audit trail shows each export', async () => {
    const { server, page, cookie } = app;
    await page.goto(`${server.url}/datasets/${datasetId}`);
    const detail = (await server.call(`/api/datasets/${datasetId}`, { cookie })).body.dataset;
    const download = async (label: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label }).click()]);
      await page.getByRole('status').filter({ hasText: `${label} downloaded.` }).waitFor();
      return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
    };
    const workbookFile = await download('Analysis workbook (XLSX)');
    expect(workbookFile.name).toBe('Staff-list-analysis.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(workbookFile.bytes as unknown as ExcelJS.Buffer);
    const overview = new Map<string, unknown>();
    workbook.getWorksheet('Overview')!.eachRow((row) => overview.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(overview.get('Total annual cost')).toBe(detail.summary.cost.total);
    expect(workbook.getWorksheet('People')!.rowCount).toBe(detail.summary.headcount + 1);

    const titles = parseCsv((await download('Titles (CSV)')).bytes.toString('utf8').slice(1)).rows;
    expect(titles.slice(1).reduce((n, r) => n + Number(r[1]), 0)).toBe(detail.summary.headcount);
    const people = parseCsv((await download('People (CSV)')).bytes.toString('utf8').slice(1)).rows;
    expect(people.slice(1).map((r) => r[0]).sort()).toEqual(smallStaffList().map((r) => r.employeeId).sort());

    const audit = async () => ((await server.call(`/api/engagements/${engagementId}/audit`, { cookie })).body.events as any[]).filter((e) => e.action === 'export_generated');
    await expect.poll(async () => (await audit()).length).toBe(3);
    expect((await audit()).map((e) => e.details.artefact).sort()).toEqual(['analysis-workbook', 'people', 'titles']);
    if (process.env.E2E_SCREENSHOT_DIR || process.env.UPDATE_SCREENSHOTS) {
      await page.locator('dataset-exports').screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR ?? path.join(ROOT, 'docs', 'screenshots'), 'deliverables.png') });
    }
    // The first page load builds three artefacts in Web Workers: beside the rest of the suite that has taken over 30 s.
  }, 300_000);

  it('prints in the brand colour with the logo, on numbered A4 pages', async () => {
    const { page } = app;
    await openReport();
    const pdf = readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(pdf.fillColours).toContain(PRIMARY);
    expect(pdf.images).toBeGreaterThanOrEqual(1);
    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    expect(pdf.pages).toBeLessThanOrEqual(6);
    for (const [w, h] of pdf.pageSizes) expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);
  });

  it('prints on US Letter when the paper is changed', async () => {
    const { page } = app;
    await openReport();
    await page.getByLabel('Paper').selectOption('Letter');
    const pdf = readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    for (const [w, h] of pdf.pageSizes) expect([Math.round(w), Math.round(h)]).toEqual([612, 792]);
  });

  it("shows the summary's figures, the notes with the terms swapped, and the rule-based summary unlabelled", async () => {
    const { server, page, cookie } = app;
    await openReport();
    const detail = (await server.call(`/api/datasets/${datasetId}`, { cookie })).body.dataset;
    const text = await page.locator('report-document .report').innerText();
    expect(text).toContain(formatMoneyShort(detail.summary.cost.total, 'GBP'));
    expect(text).toContain('Northwind asked where AI changes the work of its head office.');
    expect(text).toContain('Most of the value sits with the colleagues in finance.');
    expect(text).not.toMatch(/employees/i);
    expect(text).not.toContain('AI-written');
    expect(await page.locator('report-document .logo').getAttribute('alt')).toBe('Northwind Trading logo');
    expect(await page.locator('report-document .report').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^Georgia/);
    expect(await page.locator('report-document .cover').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 93, 30)');
  });

  it('keeps every table on one page', async () => {
    const { page } = app;
    await openReport();
    await page.emulateMedia({ media: 'print' });
    const breaks = await page.locator('report-document table').evaluateAll((tables) => tables.map((t) => getComputedStyle(t).breakInside));
    expect(breaks.length).toBeGreaterThan(3);
    expect(new Set(breaks)).toEqual(new Set(['avoid']));
    const shots = process.env.E2E_SCREENSHOT_DIR ?? path.join(ROOT, 'docs', 'screenshots');
    if (process.env.E2E_SCREENSHOT_DIR || process.env.UPDATE_SCREENSHOTS) {
      fs.mkdirSync(shots, { recursive: true });
      await page.setViewportSize({ width: 794, height: 1123 });
      await page.screenshot({ path: path.join(shots, 'client-report.png') });
    }
    await page.emulateMedia({ media: 'screen' });
  });
});
