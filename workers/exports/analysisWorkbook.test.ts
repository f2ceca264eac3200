import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { accountants, accountantsSummary, tinyReferenceData } from '../scoring/test/fixture.ts';
import { buildAnalysisWorkbook } from './analysisWorkbook.ts';
import { buildPeopleCsv } from './datasetCsv.ts';
import type { ExportInput, ExportRow } from './input.ts';

/**
 * The workbook's spans and layers sheet, people sheet and value chain over the tiny reference: twelve
 * accountants, each reporting to E0 or, without a manager column, to nobody.
 */
function exportOf(managerOf: (i: number) => string | null): ExportInput {
  const rows: ExportRow[] = accountants(12, managerOf, (i) => ({ fte: i % 3 === 0 ? 0.5 : 1 }));
  const summary = accountantsSummary(rows);
  const titles = [{ title: 'Accountant', headcount: 12, source: 'rules', usSoc2018: '13-2011', ukSoc2020: '2421', category: 'Finance', subcategory: 'Accountant', confidence: 0.6, reviewRequired: false }];
  return { datasetName: 'Staff', generatedAt: '2026-07-15T10:00:00.000Z', summary, referenceData: tinyReferenceData(), titles, rows, groupings: [] };
}

async function workbookOf(input: ExportInput): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await buildAnalysisWorkbook(input)) as unknown as ExcelJS.Buffer);
  return book;
}

/** A key-figures sheet as label → [value, number format]. */
function figures(sheet: ExcelJS.Worksheet): Map<string, [unknown, string | undefined]> {
  const out = new Map<string, [unknown, string | undefined]>();
  sheet.eachRow((row) => out.set(String(row.getCell(1).value), [row.getCell(2).value, row.getCell(2).numFmt]));
  return out;
}

describe('analysis workbook: spans and layers', () => {
  it('writes the layers, spans to one decimal and headcount per layer of a list with reporting lines', async () => {
    const book = await workbookOf(exportOf(() => 'E0'));
    const spans = figures(book.getWorksheet('Spans and layers')!);
    expect(spans.get('Layers')).toEqual([2, '#,##0']);
    expect(spans.get('People linked to the top through managers in the list')).toEqual([11, '#,##0']);
    expect(spans.get('Average span of control')).toEqual([11, '#,##0.0']);
    expect(spans.get('Layer 2')?.[0]).toBe(11);
    const people = book.getWorksheet('People')!;
    expect(people.getRow(1).values).toContain('Layer');
  });

  it('says a list without a manager column has no reporting lines, with no layer, manager or span anywhere', async () => {
    const book = await workbookOf(exportOf(() => null));
    const sheet = book.getWorksheet('Spans and layers')!;
    const spans = figures(sheet);
    expect(spans.get('Reporting lines')?.[0]).toBe('There are no reporting lines in this list: no one in it names a manager, so it has no layers or spans of control.');
    expect(spans.get('When layers and spans are shown')?.[0]).toMatch(/^Layers and spans of control are shown only when at least half of the people report/);
    expect(spans.get('People linked to the top through managers in the list')?.[0]).toBe(0);
    const labels = [...spans.keys()].join('\n');
    expect(labels).not.toMatch(/^(Layers|Managers|Average span|Median span|Layer \d|Top of the organisation)/m);
    expect(book.getWorksheet('People')!.getRow(1).values).not.toContain('Layer');
  });

  it('leaves the Layer column out of the people CSV of a list without reporting lines', () => {
    const header = buildPeopleCsv(exportOf(() => null)).slice(1).split('\r\n')[0]!;
    expect(header.split(',')).not.toContain('Layer');
    expect(buildPeopleCsv(exportOf(() => 'E0')).slice(1).split('\r\n')[0]!.split(',')).toContain('Layer');
  });
});

describe('analysis workbook: people and FTE', () => {
  it('writes FTE with one decimal and value chain phases as whole people adding up to the headcount', async () => {
    const input = exportOf(() => 'E0');
    const book = await workbookOf(input);
    const overview = figures(book.getWorksheet('Overview')!);
    expect(overview.get('Headcount')).toEqual([12, '#,##0']);
    expect(overview.get('FTE')).toEqual([10, '#,##0.0']);
    const chain = book.getWorksheet('Value chain')!;
    const people: number[] = [];
    chain.eachRow((row, n) => {
      if (n > 2) people.push(row.getCell(2).value as number);
    });
    expect(people.every(Number.isInteger)).toBe(true);
    expect(people.reduce((a, b) => a + b, 0)).toBe(12);
  });
});
