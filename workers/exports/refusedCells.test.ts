import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { toTable } from '../import/table.ts';
import { buildRefusedCellsWorkbook, refusedCells } from './refusedCells.ts';

const table = toTable([
  ['Staff no', 'Manager', 'Job title', 'Salary', 'FTE', 'Team', 'Home address'],
  ['E1', '', 'Finance Director', '£95,000', '1', 'Central', 'x'],
  ['jane.smith@example.com', 'E1', 'Accounts Clerk', 'about 20k', '37.5 hours', 'North', 'y'],
  ['E3', 'E1', 'Payroll Officer', 'Jane Smith', '0.6', 'ops@example.com', 'z'],
]);
const mapping = { fields: { employeeId: 0, managerEmployeeId: 1, title: 2, salary: 3, fte: 4 }, groupings: [5, 6] };

describe('refused cells', () => {
  it('lists each refused or unreadable cell with its sheet row, column and reason', () => {
    expect(refusedCells(table, mapping).map(({ row, column, value }) => [row, column, value])).toEqual([
      [1, 'Home address', null],
      [3, 'Staff no', null],
      [3, 'Salary', 'about 20k'],
      [3, 'FTE', '37.5 hours'],
      [4, 'Salary', null],
      [4, 'Team', null],
    ]);
  });

  it('never prints an email or a name, and says why each cell is refused', () => {
    const cells = refusedCells(table, mapping);
    expect(JSON.stringify(cells)).not.toMatch(/@|Jane|Smith/);
    expect(cells.find((c) => c.column === 'Staff no')!.reason).toMatch(/email address \(not shown\)/);
  });

  it('shows the start of an over-long title, but never one that holds an email', () => {
    const long = 'Senior Business Partner '.repeat(25);
    const titles = toTable([['Job title'], [long], [`${long} (cover for j.smith@example.com)`]]);
    expect(refusedCells(titles, { fields: { title: 0 }, groupings: [] }).map(({ row, value }) => [row, value])).toEqual([
      [2, `${long.slice(0, 60)}…`],
      [3, null],
    ]);
  });

  it('writes them to a workbook with a frozen header, reading back the same cells', async () => {
    const cells = refusedCells(table, mapping);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildRefusedCellsWorkbook(cells)) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Cells to fix')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Cell', 'Row', 'Column', 'Value', 'Why']);
    expect(sheet.rowCount).toBe(cells.length + 1);
    expect(sheet.getRow(4).getCell(4).value).toBe('about 20k');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });
});
