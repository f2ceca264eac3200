// The county payroll that came out as 1,093 people of 9,228: the job title column chosen from the data, and
// rows left out or unpriced said before upload with the better column one click away.
import { describe, expect, it } from 'vitest';
import { betterTitleColumn, readsLikeTitle } from './columnFill.ts';
import { SpreadsheetImport } from './importer.ts';
import { suggestFromData } from './inference.ts';
import { COUNTY_HEADINGS, COUNTY_PEOPLE, COUNTY_UNDERFILLED, countyPayrollRows, toCsv } from './test/countyPayroll.ts';
import { sheet } from './test/tables.ts';
import type { ColumnMapping } from './mapping.ts';

const column = (heading: string) => COUNTY_HEADINGS.indexOf(heading);
const POSITION = column('Employee Position Title');
const UNDERFILLED = column('Underfilled Job Title');

async function countyImport() {
  const session = new SpreadsheetImport();
  await session.open(new Blob([toCsv(countyPayrollRows())]), 'employee-salaries.csv');
  return { session, start: session.initialMapping(null) };
}

const withTitle = (mapping: ColumnMapping, title: number): ColumnMapping => ({ ...mapping, fields: { ...mapping.fields, title } });

describe('the county payroll (Montgomery County’s headings, most Underfilled Job Title cells empty)', () => {
  it('suggests Employee Position Title as the job title and prepares all 9,228 people', async () => {
    const { session, start } = await countyImport();
    expect(start.mapping.fields.title).toBe(POSITION);
    const { rowsToUpload, checks } = session.check(start.mapping);
    expect([rowsToUpload, checks.skippedNoTitle]).toEqual([COUNTY_PEOPLE, 0]);
    expect(session.build(start.mapping).rows).toHaveLength(COUNTY_PEOPLE);
  });

  it('takes the title column that fills most rows even when a heading names a mostly empty one', () => {
    const table = sheet(['Underfilled Job Title', 'Position'], ['', 'Police Officer III'], ['Police Officer I', 'Police Officer III'], ['', 'Bus Operator'], ['', 'Librarian I']);
    expect(betterTitleColumn(table, { fields: { title: 0 }, groupings: [] })).toEqual({ field: 'title', column: 1, filled: 4, currentFilled: 1, rows: 4 });
  });

  it('says why it chose another column than the heading named: the rows each column gives a title to', () => {
    const table = sheet(['Staff no', 'Job Title', 'Position'], ['1', '', 'Police Officer III'], ['2', 'Police Officer I', 'Police Officer III'], ['3', '', 'Bus Operator']);
    const { mapping, reasons } = suggestFromData(table);
    expect(mapping.fields.title).toBe(2);
    expect(reasons.title).toBe('“Position” gives a job title to 3 of 3 rows (100%); “Job Title” to only 1 of 3 rows (33%).');
  });

  it('says before upload how many rows a mostly empty title column leaves out, and offers the better column', async () => {
    const { session, start } = await countyImport();
    const { checks, rowsToUpload } = session.check(withTitle(start.mapping, UNDERFILLED));
    expect(rowsToUpload).toBe(COUNTY_UNDERFILLED);
    const [warning] = checks.warnings;
    expect(warning!.message).toBe(
      '8,135 of 9,228 rows (88%) have no job title in “Underfilled Job Title” and will not be uploaded: only 1,093 people would be.',
    );
    expect(warning!.fix).toMatchObject({ part: 0, field: 'title', label: 'Use “Employee Position Title” as the Job title (a title in 9,228 of 9,228 rows (100%))' });
    expect(session.check(warning!.fix!.mapping)).toMatchObject({ rowsToUpload: COUNTY_PEOPLE, checks: { skippedNoTitle: 0 } });
  });

  it('never says the list looks consistent while rows are left out', async () => {
    const { session, start } = await countyImport();
    expect(session.check(withTitle(start.mapping, UNDERFILLED)).checks.warnings.length).toBeGreaterThan(0);
  });

  it('says a single row without a title too, with no fix when no column does better', async () => {
    const session = new SpreadsheetImport();
    await session.open(new Blob(['Job title,Salary\nClerk,20000\n,30000\nCook,25000\n']), 'a.csv');
    const [warning] = session.check({ fields: { title: 0, salary: 1 }, groupings: [] }).checks.warnings;
    expect(warning).toEqual({ message: '1 of 3 rows (33%) have no job title in “Job title” and will not be uploaded: only 2 people would be.' });
  });

  it('offers the pay column that prices more people when the salary chosen leaves most without one', async () => {
    const { session, start } = await countyImport();
    const overtime = { ...start.mapping, fields: { ...start.mapping.fields, salary: column('2016 Overtime Pay') } };
    const warning = session.check(overtime).checks.warnings.find((w) => w.message.includes('no salary'))!;
    expect(warning.message).toMatch(/^5,\d{3} people \(\d+% of those uploaded\) have no salary/);
    expect(warning.fix).toMatchObject({ field: 'salary', label: 'Use “Base Salary” as the Salary (a yearly salary in 9,228 of 9,228 rows (100%))' });
  });

  it('lists the rows left without a title in the cells-to-fix workbook', async () => {
    const { session, start } = await countyImport();
    const made = await session.refusedCellsWorkbook(withTitle(start.mapping, UNDERFILLED));
    expect(made?.cells).toBe(COUNTY_PEOPLE - COUNTY_UNDERFILLED);
  });
});

describe('reading like job titles', () => {
  it('tells titles from departments, amounts and names', () => {
    expect(['Police Officer III', 'Firefighter/Rescuer I', 'Bus Operator', 'Accountant II', 'Crossing Guard'].every(readsLikeTitle)).toBe(true);
    expect(['Police Department (390)', 'Fire and Rescue Services', '45,000', 'Smith, Jane', 'j.smith@example.com'].some(readsLikeTitle)).toBe(false);
  });
});
