// The workbook and CSVs of a list in US dollars carry its currency: money cells show $, money headings of the
// people table name USD, the overview and notes say which currency and which on-cost the figures use.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { classifyWithoutAi } from '../classify/classify.ts';
import { compileReference } from '../reference/compile.ts';
import { seed } from '../reference/test/seed.ts';
import { buildDatasetSummary, homeSettings } from '../scoring/index.ts';
import { buildAnalysisWorkbook } from './analysisWorkbook.ts';
import { parseCsv } from '../import/csv.ts';
import { buildPeopleCsv } from './datasetCsv.ts';
import type { ExportInput, ExportRow, ExportTitle } from './input.ts';
import { moneyFormatCode } from './xlsxStyle.ts';

const reference = compileReference(seed, 1);
const rows: ExportRow[] = [
  { employeeId: 'A1', managerEmployeeId: null, title: 'Police Officer', salary: 70_000, fte: 1, location: null, division: null },
  { employeeId: 'A2', managerEmployeeId: 'A1', title: 'Accountant', salary: 60_000, fte: 1, location: null, division: null },
];
const titles: ExportTitle[] = rows.map((r) => {
  const c = classifyWithoutAi(reference, r.title, { packId: 'general' });
  return { title: r.title, headcount: 1, source: c.source, usSoc2018: c.usSoc2018, ukSoc2020: c.ukSoc2020, category: c.category, subcategory: c.subcategory, confidence: c.confidence, reviewRequired: false };
});
const summary = buildDatasetSummary({
  rows,
  classifications: new Map(titles.map((t) => [t.title, { ...t, category: t.category!, subcategory: t.subcategory!, confidence: t.confidence!, source: 'rules' as const }])),
  reference,
  settings: homeSettings(reference, 'united-states')!,
  packId: 'general',
  createdAt: '2026-03-01T00:00:00.000Z',
  stats: {},
});
const input: ExportInput = { datasetName: 'City payroll', generatedAt: '2026-03-01T10:00:00.000Z', summary, referenceData: seed, titles, rows, groupings: [] };

async function workbook() {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await buildAnalysisWorkbook(input));
  return book;
}

const figures = (sheet: ExcelJS.Worksheet) => {
  const out = new Map<string, unknown>();
  sheet.eachRow((row) => out.set(String(row.getCell(1).value), row.getCell(2).value));
  return out;
};

describe('exports of a list in US dollars', () => {
  it('costs the two people at $130,000 × 1.24 in all', () => {
    expect(summary.cost.total).toBe(161_200);
  });

  it('formats the overview’s money in dollars and names the currency', async () => {
    const sheet = (await workbook()).getWorksheet('Overview')!;
    let costCell: ExcelJS.Cell | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'Total annual cost') costCell = row.getCell(2);
    });
    expect(costCell?.numFmt).toBe('"$"#,##0');
    expect(figures(sheet).get('Currency of every money figure')).toBe('US dollars (USD)');
  });

  it('names USD in the people sheet’s money headings and formats the cells in dollars', async () => {
    const sheet = (await workbook()).getWorksheet('People')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cost = header.indexOf('Annual cost (USD)');
    expect(cost).toBeGreaterThan(-1);
    expect(header).toContain('Saving: moderate (USD)');
    expect(sheet.getRow(2).getCell(cost + 1).numFmt).toBe('"$"#,##0');
  });

  it('states the on-cost the figures use and where market pay comes from in the notes', async () => {
    const notes = figures((await workbook()).getWorksheet('Notes')!);
    expect(notes.get('Employer cost multiplier')).toBe(1.24);
    expect(notes.get('Salaries not given, or not in the list’s currency')).toBe('Priced at the US market rate (the BLS OEWS national median of the person’s US occupation).');
  });

  it('heads the people CSV’s money columns with USD, their sum the summary’s total', () => {
    const [header, ...records] = parseCsv(buildPeopleCsv(input).slice(1)).rows;
    const cost = header!.indexOf('Annual cost (USD)');
    expect(records.reduce((sum, r) => sum + Number(r[cost]), 0)).toBe(161_200);
  });

  it('writes a currency without a short sign after the amount', () => {
    expect(moneyFormatCode('INR')).toBe('#,##0" INR"');
  });
});
