// The import worker as the app runs it: the built bundle (dist/client/workers/import.worker.js, made by
// `node scripts/build-client.mjs`, which `npm run test:browser` runs first) in a real Chromium Web Worker.
import { expect } from '@esm-bundle/chai';
import { proxy, releaseProxy, wrap, type Remote } from 'comlink';
import type { ImportWorkerApi } from './import.worker.ts';
import type { ImportProgress } from './import/importer.ts';
import { emptyStats } from './import/rows.ts';

const WORKER_URL = '/dist/client/workers/import.worker.js';

interface ExcelJsGlobal {
  Workbook: new () => {
    addWorksheet(name: string): { addRow(values: unknown[]): void };
    xlsx: { writeBuffer(): Promise<ArrayBuffer> };
  };
}

/** exceljs's browser build is a UMD script; loading it defines window.ExcelJS for generating test files. */
async function excelJs(): Promise<ExcelJsGlobal> {
  await import('/node_modules/exceljs/dist/exceljs.min.js' as string);
  return (globalThis as unknown as { ExcelJS: ExcelJsGlobal }).ExcelJS;
}

describe('import worker (built bundle, real Web Worker)', () => {
  let worker: Worker;
  let api: Remote<ImportWorkerApi>;

  beforeEach(() => {
    worker = new Worker(WORKER_URL, { type: 'module' });
    api = wrap<ImportWorkerApi>(worker);
  });

  afterEach(() => {
    api[releaseProxy]();
    worker.terminate();
  });

  it('parses a generated XLSX, reports progress and builds rows without names or emails, keeping mapped emails apart', async () => {
    const ExcelJS = await excelJs();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow(['Staff list']);
    sheet.addRow(['Employee ID', 'Full name', 'Job title', 'Email', 'Manager email', 'Salary', 'FTE', 'Band']);
    sheet.addRow(['E1', 'Jane Smith', 'Finance Director', 'jane@example.com', '', 95000, 1, 'B9']);
    sheet.addRow(['E2', 'Ravi Patel', 'Accounts Clerk', 'ravi@example.com', 'jane@example.com', '£24,500', '60%', 'B3']);
    sheet.addRow(['', 'Li Wei', 'Payroll Officer', 'li@example.com', 'gone@example.com', '31k', '37.5', 'B4']);
    const file = new File([await workbook.xlsx.writeBuffer()], 'staff.xlsx');

    const stages: ImportProgress['stage'][] = [];
    const { file: opened, view } = await api.open(file, file.name, proxy((p: ImportProgress) => void stages.push(p.stage)));
    expect(opened.kind).to.equal('xlsx');
    expect(view.headerRowNumber).to.equal(2);
    expect(view.rowCount).to.equal(3);

    const { mapping, reused } = await api.initialMapping(null);
    expect(reused).to.equal(false);
    expect(mapping.fields).to.deep.equal({ title: 2, employeeId: 0, managerEmail: 4, email: 3, salary: 5, fte: 6 });
    mapping.groupings = [7];
    const check = await api.check(mapping);
    expect(check.issues).to.deep.equal([]);
    expect(check.rowsToUpload).to.equal(3);

    const result = await api.build(mapping);
    expect(result.rows).to.deep.equal([
      { employeeId: 'E1', managerEmployeeId: null, title: 'Finance Director', salary: 95000, fte: 1, division: null, organisation: null, grade: null, group: null, location: null, attributes: { Band: 'B9' } },
      { employeeId: 'E2', managerEmployeeId: 'E1', title: 'Accounts Clerk', salary: 24500, fte: 0.6, division: null, organisation: null, grade: null, group: null, location: null, attributes: { Band: 'B3' } },
      { employeeId: 'row-5', managerEmployeeId: 'unmatched-manager-1', title: 'Payroll Officer', salary: 31000, fte: null, division: null, organisation: null, grade: null, group: null, location: null, attributes: { Band: 'B4' } },
    ]);
    expect(result.stats).to.deep.equal({ ...emptyStats(), rowsRead: 3, implausibleFte: 1, generatedIds: 1, unresolvedManagers: 1, unmatchedManagers: 1 });
    // Names and emails stay out of the rows, the stats and the recorded mapping; the mapped emails are kept
    // apart by employee ID, in page memory, for a member who chooses to store them (identities).
    const { identities, ...withoutIdentities } = result;
    expect(JSON.stringify(withoutIdentities)).not.to.match(/@|Jane|Ravi|Li Wei/);
    expect(identities).to.deep.equal([
      { employeeId: 'E1', name: null, email: 'jane@example.com' },
      { employeeId: 'E2', name: null, email: 'ravi@example.com' },
      { employeeId: 'row-5', name: null, email: 'li@example.com' },
    ]);
    // Progress messages arrive asynchronously; by now every stage has been reported.
    expect([...new Set(stages)]).to.deep.equal(['reading', 'unpacking', 'parsing']);
  });

  it('parses a UTF-16 CSV with quoted fields and embedded line breaks', async () => {
    const text = 'Job title\tNotes\tTeam\r\n"Clerk, senior"\t"first line\r\nsecond"\tOps\r\nCook\t""\tKitchen\r\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) new DataView(bytes.buffer).setUint16(2 + i * 2, text.charCodeAt(i), true);
    const { file, view } = await api.open(new File([bytes], 'staff.csv'), 'staff.csv');
    expect(file).to.include({ kind: 'csv', encoding: 'utf-16le', delimiter: '\t' });
    expect(view.headers).to.deep.equal(['Job title', 'Notes', 'Team']);
    expect(view.preview).to.deep.equal([['Clerk, senior', 'first line\r\nsecond', 'Ops'], ['Cook', '', 'Kitchen']]);
  });

  it('refuses a file over 20 MB with its message', async () => {
    const big = new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'big.csv');
    let message = '';
    try {
      await api.open(big, big.name);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).to.contain('the limit is 20 MB');
  });

  it('blocks an ID column holding email addresses before any upload', async () => {
    await api.open(new File(['ID,Job title\njane@example.com,Clerk\n'], 'a.csv'), 'a.csv');
    const { issues } = await api.check({ fields: { employeeId: 0, title: 1 }, groupings: [] });
    expect(issues.map((i) => i.field)).to.deep.equal(['employeeId']);
    expect(issues[0]!.message).to.contain('IDs are never emails');
  });
});
