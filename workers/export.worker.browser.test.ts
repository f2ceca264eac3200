// The deliverables worker as the app runs it: the built bundle (dist/client/workers/export.worker.js) in a real
// Chromium Web Worker, fed a summary scored from the real seed reference. Every artefact is read back (exceljs
// for the workbook, the import CSV parser for the CSVs) and its figures compared with the summary.
import { expect } from '@esm-bundle/chai';
import { proxy, releaseProxy, wrap, type Remote } from 'comlink';
import type { ReferenceData } from '../schema/reference/index.ts';
import { seedSummary, staffList } from '../client/test/summary-fixture.ts';
import type { ExportWorkerApi } from './export.worker.ts';
import type { ImportWorkerApi } from './import.worker.ts';
import { classifyWithoutAi } from './classify/classify.ts';
import type { BuildProgress } from './exports/analysisWorkbook.ts';
import type { ExportInput, ExportRow, ExportTitle } from './exports/input.ts';
import { parseCsv } from './import/csv.ts';
import { compileReference } from './reference/compile.ts';
import { buildDatasetSummary, defaultSettings } from './scoring/index.ts';
import type { DatasetSummary } from '../schema/datasetSummary.ts';

type Cell = { value: unknown; numFmt?: string };
interface Sheet {
  name: string;
  rowCount: number;
  views: { state?: string; ySplit?: number }[];
  getRow(n: number): { values: unknown[]; getCell(c: number): Cell };
  eachRow(fn: (row: { values: unknown[] }, n: number) => void): void;
}
interface ExcelJsGlobal {
  Workbook: new () => { xlsx: { load(data: ArrayBuffer): Promise<unknown> }; worksheets: Sheet[]; getWorksheet(name: string): Sheet | undefined };
}

async function excelJs(): Promise<ExcelJsGlobal> {
  await import('/node_modules/exceljs/dist/exceljs.min.js' as string);
  return (globalThis as unknown as { ExcelJS: ExcelJsGlobal }).ExcelJS;
}

async function readWorkbook(bytes: ArrayBuffer) {
  const ExcelJS = await excelJs();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook;
}

/** A sheet's rows below its header as arrays (exceljs rows are 1-based, so index 0 is dropped). */
function tableRows(sheet: Sheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(row.values.slice(1));
  });
  return rows;
}

/** A key-figures sheet as label → value. */
function figures(sheet: Sheet): Map<string, unknown> {
  const out = new Map<string, unknown>();
  sheet.eachRow((row) => out.set(String(row.values[1]), row.values[2]));
  return out;
}

/** Every text a workbook holds, for checks that something is nowhere in it. */
function allText(workbook: { worksheets: Sheet[] }): string {
  const parts: string[] = [];
  for (const sheet of workbook.worksheets) sheet.eachRow((row) => parts.push(JSON.stringify(row.values)));
  return parts.join('\n');
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const WORKER_URL = '/dist/client/workers/export.worker.js';

let referenceData: ReferenceData;
let summary: DatasetSummary;

function titlesOf(rows: readonly ExportRow[], data: ReferenceData): ExportTitle[] {
  const reference = compileReference(data, 1);
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.title, (counts.get(row.title) ?? 0) + 1);
  return [...counts].map(([title, headcount]) => {
    const c = classifyWithoutAi(reference, title, { packId: 'general' });
    return { title, headcount, source: c.source, usSoc2018: c.usSoc2018, ukSoc2020: c.ukSoc2020, category: c.category, subcategory: c.subcategory, confidence: c.confidence, reviewRequired: false };
  });
}

function input(overrides: Partial<ExportInput> = {}): ExportInput {
  const rows: ExportRow[] = staffList().map((row, i) => ({ ...row, attributes: { Team: i % 2 ? 'North' : 'South' } }));
  return { datasetName: 'Head office staff list', generatedAt: '2026-03-01T10:00:00.000Z', summary, referenceData, titles: titlesOf(rows, referenceData), rows, groupings: [], ...overrides };
}

/** Each test builds a whole workbook from the 2 MB reference; a busy machine needs more than Mocha's 5 s. */
const slow = (test: () => Promise<void>) =>
  async function (this: MochaContext) {
    this.timeout(30_000);
    await test();
  };

describe('export worker (built bundle, real Web Worker)', () => {
  let worker: Worker;
  let api: Remote<ExportWorkerApi>;

  before(async () => {
    summary = await seedSummary();
    referenceData = await (await fetch('/seeds/reference-v1.json')).json();
  });

  beforeEach(() => {
    worker = new Worker(WORKER_URL, { type: 'module' });
    api = wrap<ExportWorkerApi>(worker);
  });

  afterEach(() => {
    api[releaseProxy]();
    worker.terminate();
  });

  it('builds the analysis workbook whose overview, exposure, scenarios and spans agree with the summary', slow(async () => {
    const progress: number[] = [];
    const workbook = await readWorkbook(await api.analysisWorkbook(input(), proxy((p: BuildProgress) => void progress.push(p.fraction))));
    expect(workbook.worksheets.map((s) => s.name)).to.deep.equal([
      'Overview', 'AI exposure', 'Scenarios', 'Roles and categories', 'Offshoring', 'Spans and layers', 'Value chain', 'Titles', 'People', 'Notes',
    ]);
    const overview = figures(workbook.getWorksheet('Overview')!);
    expect(overview.get('Headcount')).to.equal(summary.headcount);
    expect(overview.get('Total annual cost')).to.equal(summary.cost.total);
    expect(overview.get('Annual saving net of reinvestment')).to.equal(summary.scenarios.moderate.netOfReinvestment);
    expect(workbook.getWorksheet('Overview')!.getRow(5).getCell(2).numFmt).to.equal('"£"#,##0');

    const scenarios = workbook.getWorksheet('Scenarios')!;
    expect(scenarios.getRow(2).values.slice(1)).to.deep.equal(['Measure', 'Conservative', 'Moderate', 'Aggressive']);
    expect(scenarios.getRow(3).values.slice(2)).to.deep.equal([summary.scenarios.conservative.grossSaving, summary.scenarios.moderate.grossSaving, summary.scenarios.aggressive.grossSaving]);

    const spans = figures(workbook.getWorksheet('Spans and layers')!);
    expect(spans.get('Manager reference names nobody in the list (unresolved)')).to.equal(summary.organisation.unresolved);
    expect(spans.get('Disconnected (chain ends at an unresolved reference or a cycle)')).to.equal(summary.organisation.disconnected);
    summary.organisation.headcountByLayer.forEach((n, i) => expect(spans.get(`Layer ${i + 1}`)).to.equal(n));

    const notes = figures(workbook.getWorksheet('Notes')!);
    expect(notes.get('Reference version')).to.equal(summary.referenceVersion);
    expect(progress.at(-1)).to.equal(1);
  }));

  it('writes one people row per person whose costs, savings and layers add up to the summary', slow(async () => {
    const workbook = await readWorkbook(await api.analysisWorkbook(input()));
    const sheet = workbook.getWorksheet('People')!;
    const header = sheet.getRow(1).values.slice(1) as string[];
    const rows = tableRows(sheet);
    const column = (name: string) => rows.map((r) => r[header.indexOf(name)]);
    expect(rows).to.have.length(summary.headcount);
    expect(sum(column('Annual cost (GBP)') as number[])).to.be.closeTo(summary.cost.total, 0.01 * summary.headcount);
    expect(sum(column('Saving: moderate (GBP)') as number[])).to.be.closeTo(summary.scenarios.moderate.grossSaving, 0.01 * summary.headcount);
    const layers = column('Layer');
    summary.organisation.headcountByLayer.forEach((n, i) => expect(layers.filter((l) => l === i + 1)).to.have.length(n));
    expect(layers.filter((l) => l === 'Disconnected')).to.have.length(summary.organisation.disconnected);
    expect(sheet.views[0]).to.include({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(2).getCell(header.indexOf('Annual cost (GBP)') + 1).numFmt).to.equal('"£"#,##0');
    expect(header).not.to.include('Team');
  }));

  it('writes the titles sheet and CSV with the same titles and headcounts as the dataset', slow(async () => {
    const data = input();
    const workbook = await readWorkbook(await api.analysisWorkbook(data));
    const sheetRows = tableRows(workbook.getWorksheet('Titles')!);
    const csv = await api.titlesCsv(data);
    expect(csv.charCodeAt(0)).to.equal(0xfeff);
    const [header, ...records] = parseCsv(csv.slice(1)).rows;
    expect(header).to.deep.equal(['Title', 'Headcount', 'US SOC 2018', 'US occupation', 'UK SOC 2020', 'UK occupation', 'Category', 'Role', 'Source', 'Confidence', 'Needs review']);
    expect(records.map((r) => [r[0], Number(r[1])])).to.deep.equal(sheetRows.map((r) => [r[0], r[1]]));
    expect(sum(records.map((r) => Number(r[1])))).to.equal(summary.headcount);
    const first = data.titles[0]!;
    expect(records[0]!.slice(2, 6)).to.deep.equal([first.usSoc2018, referenceData.occupations.us[first.usSoc2018!]!.title, first.ukSoc2020, referenceData.occupations.uk[first.ukSoc2020!]!.title]);
  }));

  it('writes the people CSV agreeing with the summary, and grouping values only when ticked', slow(async () => {
    const plain = parseCsv((await api.peopleCsv(input())).slice(1)).rows;
    expect(plain).to.have.length(summary.headcount + 1);
    expect(plain[0]).not.to.include('Team');
    const cost = plain[0]!.indexOf('Annual cost (GBP)');
    expect(sum(plain.slice(1).map((r) => Number(r[cost])))).to.be.closeTo(summary.cost.total, 0.01 * summary.headcount);

    const ticked = parseCsv((await api.peopleCsv(input({ groupings: ['Team'] }))).slice(1)).rows;
    expect(ticked[0]!.at(-1)).to.equal('Team');
    expect(ticked.slice(1).map((r) => r.at(-1))).to.deep.equal(staffList().map((_, i) => (i % 2 ? 'North' : 'South')));
  }));

  it('neutralises formula-like titles in the CSVs and keeps them as text in the workbook', slow(async () => {
    const rows: ExportRow[] = staffList().map((row, i) => (i === 1 ? { ...row, title: '=HYPERLINK("http://x")' } : i === 2 ? { ...row, title: '@SUM(A1)' } : row));
    const data = input({ rows, titles: titlesOf(rows, referenceData) });
    const titles = parseCsv((await api.titlesCsv(data)).slice(1)).rows.map((r) => r[0]);
    expect(titles).to.include.members(['\'=HYPERLINK("http://x")', "'@SUM(A1)"]);
    const people = parseCsv((await api.peopleCsv(data)).slice(1)).rows;
    expect(people[2]![1]).to.equal('\'=HYPERLINK("http://x")');
    const sheet = (await readWorkbook(await api.analysisWorkbook(data))).getWorksheet('People')!;
    expect(sheet.getRow(3).getCell(2).value).to.equal('=HYPERLINK("http://x")');
  }));

  it('puts no name or email in any artefact of a list imported with names and emails', slow(async () => {
    const importer = new Worker('/dist/client/workers/import.worker.js', { type: 'module' });
    const imports = wrap<ImportWorkerApi>(importer);
    try {
      const csv = [
        'Employee ID,Full name,Email,Manager email,Job title,Salary,Team',
        'E1,Jane Smith,jane.smith@example.com,,Finance Director,95000,Central',
        'E2,Ravi Patel,ravi.patel@example.com,jane.smith@example.com,Accounts Assistant,24500,North',
        'E3,Li Wei,li.wei@example.com,ravi.patel@example.com,Payroll Officer,31000,South',
        'E4,Ana Costa,ana.costa@example.com,gone@example.com,Data Analyst,41000,South',
      ].join('\r\n');
      await imports.open(new File([csv], 'staff.csv'), 'staff.csv');
      const { mapping } = await imports.initialMapping(null);
      mapping.groupings = [6];
      const built = await imports.build(mapping);
      const reference = compileReference(referenceData, 1);
      const rows = built.rows as ExportRow[];
      const listSummary = buildDatasetSummary({ rows, classifications: new Map(), reference, settings: defaultSettings(reference), packId: 'general', createdAt: '2026-02-10T09:00:00Z', stats: {} });
      const data = input({ summary: listSummary, rows, titles: titlesOf(rows, referenceData), groupings: ['Team'] });
      const texts = [
        allText(await readWorkbook(await api.analysisWorkbook(data))),
        await api.titlesCsv(data),
        await api.peopleCsv(data),
      ];
      for (const text of texts) expect(text).not.to.match(/@|Jane|Smith|Ravi|Patel|Li Wei|Ana Costa/);
      expect(texts[2]).to.contain('E4');
    } finally {
      imports[releaseProxy]();
      importer.terminate();
    }
  }));
});
