import { describe, expect, it } from 'vitest';
import { isRootMarker, referenceOverlap, suggestFromData } from './inference.ts';
import { sheet } from './test/tables.ts';

describe('suggestFromData', () => {
  it('takes as Employee ID the column the manager references point to, over a column headed ID', () => {
    const table = sheet(
      ['ID', 'Post', 'Job title', 'Reports to'],
      ['901', 'P1', 'Director', ''],
      ['902', 'P2', 'Manager', 'P1'],
      ['903', 'P3', 'Clerk', 'P2'],
      ['904', 'P4', 'Clerk', 'P2'],
    );
    const { mapping, reasons } = suggestFromData(table);
    expect(mapping.fields).toMatchObject({ employeeId: 1, managerEmployeeId: 3 });
    expect(reasons.employeeId).toBe('100% of “Reports to” values are in this column.');
  });

  it('finds an unnamed manager column from the data: its values name rows of an ID column', () => {
    const table = sheet(
      ['Ref', 'Role', 'Boss'],
      ['A1', 'Director', ''],
      ['A2', 'Manager', 'A1'],
      ['A3', 'Clerk', 'A2'],
      ['A4', 'Clerk', 'A2'],
    );
    expect(suggestFromData(table).mapping.fields).toMatchObject({ employeeId: 0, title: 1, managerEmployeeId: 2 });
  });

  it('maps as the division a column whose values name units of an organisation when no heading names one', () => {
    const table = sheet(
      ['JOBTITLE', 'DEPTID', 'DESCR', 'ANNUAL_RT'],
      ['Police Officer', 'A99390', 'Police Department (390)', '60000'],
      ['Police Officer', 'A99390', 'Police Department (390)', '61000'],
      ['Laborer', 'A49104', 'DPW-Solid Waste (104)', '34000'],
      ['Office Support Specialist III', 'A50012', 'Sheriff\'s Office (012)', '40000'],
      ['Librarian I', 'A53018', 'Enoch Pratt Free Library (018)', '52000'],
    );
    const { mapping, reasons } = suggestFromData(table);
    expect(mapping.fields.division).toBe(2);
    expect(reasons.division).toBe('80% of “DESCR” values name a unit of an organisation (“Police Department (390)”, “Sheriff\'s Office (012)”…).');
  });

  it('never proposes as the division a column of email addresses, whatever unit words they hold', () => {
    const table = sheet(
      ['Job title', 'Team inbox', 'Salary'],
      ['Clerk', 'records.office@example.gov', '20000'],
      ['Clerk', 'records.office@example.gov', '21000'],
      ['Manager', 'finance.department@example.gov', '40000'],
    );
    expect(suggestFromData(table).mapping.fields.division).toBeUndefined();
  });

  it('leaves the division unmapped when no column\'s values name units', () => {
    const table = sheet(['Job title', 'Team code', 'Salary'], ['Clerk', 'T1', '20000'], ['Clerk', 'T2', '21000'], ['Manager', 'T1', '40000']);
    expect(suggestFromData(table).mapping.fields.division).toBeUndefined();
  });

  it('pairs a pay floor and ceiling as a band whose midpoint is the salary', () => {
    const table = sheet(['Job title', 'Pay scale min', 'Pay scale max'], ['Clerk', '20000', '24000'], ['Cook', '18000', '21000']);
    const { mapping, reasons } = suggestFromData(table);
    expect(mapping.fields).toMatchObject({ salary: 1, salaryCeiling: 2 });
    expect(reasons.salary).toBe('Pay band floor; with ceiling “Pay scale max”, the salary is the midpoint of the band.');
  });

  it('reads a salary column of hourly amounts as an hourly rate', () => {
    const table = sheet(['Job title', 'Pay'], ['Cleaner', '11.50'], ['Porter', '12.10'], ['Cook', '13.00']);
    expect(suggestFromData(table).mapping.fields).toEqual({ title: 0, hourlyRate: 1 });
  });

  it('reads an FTE column of hours as weekly hours', () => {
    const table = sheet(['Job title', 'FTE'], ['Cleaner', '37.5'], ['Porter', '20'], ['Cook', '30']);
    expect(suggestFromData(table).mapping.fields).toEqual({ title: 0, hours: 1 });
  });

  it('reads a column of full-time and part-time words as FTE', () => {
    const table = sheet(['Job title', 'Contract'], ['Cleaner', 'Full-time'], ['Porter', 'Part-time'], ['Cook', 'FT']);
    const { mapping } = suggestFromData(table);
    expect(mapping.fields.fte).toBe(1);
    expect(mapping.reading?.fte).toBe('words');
  });

  it('takes a column of place names as the location when no heading names one', () => {
    const table = sheet(['Job title', 'Base'], ['Clerk', 'Leeds'], ['Cook', 'London'], ['Porter', 'Krakow, Poland'], ['Driver', 'Leeds']);
    const { mapping, reasons } = suggestFromData(table);
    expect(mapping.fields.location).toBe(1);
    expect(reasons.location).toBe('100% of its values are places (Leeds, London, Krakow, Poland…).');
  });

  it('ticks a band column as a grouping with its reason, but not one that would single people out', () => {
    const rows = Array.from({ length: 300 }, (_, i) => [`Clerk ${i}`, `G${i % 4}`, `Team ${i}`]);
    const { mapping, groupingReasons } = suggestFromData(sheet(['Job title', 'Cost centre', 'Team'], ...rows));
    expect(mapping.groupings).toEqual([1]);
    expect(groupingReasons[1]).toBe('A grouping heading with 4 values, few enough not to single people out.');
  });
});

describe('reference overlap', () => {
  it('leaves top-of-tree markers such as XX out of the references it measures', () => {
    expect(referenceOverlap(['XX', 'A', 'B', 'Z'], new Set(['A', 'B']))).toEqual({ share: 2 / 3, references: 3 });
  });

  it('reads XX, none, n/a and a dash as marking the top, not a manager', () => {
    expect(['XX', 'none', 'N/A', '-', 'E12'].map(isRootMarker)).toEqual([true, true, true, true, false]);
  });
});
