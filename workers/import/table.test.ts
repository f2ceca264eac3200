import { describe, expect, it } from 'vitest';
import { columnLabel, columnLetter, detectHeaderRow, toTable } from './table.ts';

describe('detectHeaderRow', () => {
  it('skips a title line and blank rows above the headings', () => {
    const rows = [['Staff list, March'], [], ['Employee ID', 'Job title', 'Salary'], ['E1', 'Clerk', '20000']];
    expect(detectHeaderRow(rows)).toBe(2);
  });

  it('does not take a row of numbers for headings', () => {
    const rows = [['', '2024', '2025'], ['Job title', 'Salary', 'FTE'], ['Clerk', '20000', '1']];
    expect(detectHeaderRow(rows)).toBe(1);
  });

  it('looks only at the first 20 rows, falling back to the first filled row', () => {
    const rows = [[''], ['only one cell'], ...Array.from({ length: 20 }, () => ['1', '2']), ['Job title', 'Salary']];
    expect(detectHeaderRow(rows)).toBe(1);
  });
});

describe('toTable', () => {
  it('keeps each data row with its row number in the sheet and pads the headings to the widest row', () => {
    const table = toTable([['Title'], ['Job title', 'Salary'], ['Clerk', '20000', 'extra']], 1);
    expect(table).toEqual({
      headerRowNumber: 2,
      headers: ['Job title', 'Salary', ''],
      rows: [{ rowNumber: 3, cells: ['Clerk', '20000', 'extra'] }],
    });
  });
});

describe('column names', () => {
  it('letters columns as spreadsheets do', () => {
    expect([0, 25, 26, 51, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'ZZ', 'AAA']);
  });

  it('labels a blank heading by its letter', () => {
    expect(columnLabel(['Title', '  '], 1)).toBe('Column B');
    expect(columnLabel([' Title '], 0)).toBe('Title');
  });
});
