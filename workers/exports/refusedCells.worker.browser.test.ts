// The refused-cells workbook made by the built import worker (where the file's contents stay) in Chromium.
import { expect } from '@esm-bundle/chai';
import { releaseProxy, wrap } from 'comlink';
import type { ImportWorkerApi } from '../import.worker.ts';

interface ExcelJsGlobal {
  Workbook: new () => { xlsx: { load(data: ArrayBuffer): Promise<unknown> }; getWorksheet(name: string): { rowCount: number; getRow(n: number): { values: unknown[] } } | undefined };
}

describe('refused cells from the import worker', () => {
  it('gives a workbook of the refused cells with reasons, without the email it refused', async () => {
    const worker = new Worker('/dist/client/workers/import.worker.js', { type: 'module' });
    const api = wrap<ImportWorkerApi>(worker);
    try {
      const csv = 'Employee ID,Job title,Salary\r\nE1,Finance Director,95000\r\nann@example.com,Accounts Clerk,lots\r\n';
      await api.open(new File([csv], 'staff.csv'), 'staff.csv');
      const made = (await api.refusedCellsWorkbook({ fields: { employeeId: 0, title: 1, salary: 2 }, groupings: [] }))!;
      expect(made.cells).to.equal(2);
      await import('/node_modules/exceljs/dist/exceljs.min.js' as string);
      const workbook = new (globalThis as unknown as { ExcelJS: ExcelJsGlobal }).ExcelJS.Workbook();
      await workbook.xlsx.load(made.bytes);
      const sheet = workbook.getWorksheet('Cells to fix')!;
      const rows = [2, 3].map((n) => sheet.getRow(n).values.slice(1, 5));
      expect(rows).to.deep.equal([
        ['A3', 3, 'Employee ID', '(not shown)'],
        ['C3', 3, 'Salary', 'lots'],
      ]);
      expect(JSON.stringify([sheet.getRow(2).values, sheet.getRow(3).values])).not.to.contain('@');
    } finally {
      api[releaseProxy]();
      worker.terminate();
    }
  });
});
