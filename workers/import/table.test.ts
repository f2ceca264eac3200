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

  it('finds no heading row in a list of titles one a line, whose first line is a title', () => {
    const namesColumn = (text: string) => text === 'Job title';
    expect(detectHeaderRow([['Chief Executive'], ['Policy Adviser']], namesColumn)).toBe(-1);
    expect(detectHeaderRow([['Job title'], ['Chief Executive']], namesColumn)).toBe(0);
  });
});

describe('toTable', () => {
  it('makes every row a data row when there is no heading row', () => {
    expect(toTable([['Chief Executive'], ['Policy Adviser']], -1)).toEqual({
      headerRowNumber: 0,
      headers: [''],
      rows: [
        { rowNumber: 1, cells: ['Chief Executive'] },
        { rowNumber: 2, cells: ['Policy Adviser'] },
      ],
    });
  });

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
