// The import worker on US public payroll layouts filled with the real position titles of
// ../shared/data/staff-lists/us-payroll-titles.txt (bench/mappingLayouts.ts): annual or hourly pay, full or
// part time, recognised as the layout and read without a manual change.
import { describe, expect, it } from 'vitest';
import { mappingCases } from '../../bench/mappingLayouts.ts';
import { suggestFromData } from './inference.ts';
import { initialMapping, toServerColumnMapping } from './mapping.ts';
import { buildImport } from './rows.ts';
import { toTable } from './table.ts';

function payroll(prefix: string) {
  const rows = mappingCases().find((c) => c.name.startsWith(prefix))!.rows;
  const table = toTable(rows, 0);
  const suggestion = suggestFromData(table);
  const column = (heading: string) => rows[0]!.indexOf(heading);
  return { rows: rows.slice(1), table, suggestion, column, result: buildImport(table, suggestion.mapping) };
}

describe('a Chicago-style payroll table', () => {
  it('is named as a US public payroll table, with a 40-hour full-time week', () => {
    const { suggestion } = payroll('Chicago');
    expect(suggestion.layout?.name).toBe('US public payroll table');
    expect(suggestion.mapping.reading).toEqual({ fte: 'words', fullTimeHours: 40 });
  });

  it('annualises each hourly rate over its typical hours × 52 and keeps annual salaries', () => {
    const { rows, column, result } = payroll('Chicago');
    const hourly = rows.filter((r) => r[column('Salary or Hourly')] === 'Hourly');
    expect(result.stats.salaryAnnualised).toBe(hourly.length);
    const expected = rows.map((r) =>
      r[column('Salary or Hourly')] === 'Hourly'
        ? Math.round(Number(r[column('Hourly Rate')]) * Number(r[column('Typical Hours')]) * 52 * 100) / 100
        : Number(r[column('Annual Salary')]),
    );
    expect(result.rows.map((r) => r.salary)).toEqual(expected);
  });

  it('reads F as 1 FTE and P as the typical hours ÷ 40', () => {
    const { rows, column, result } = payroll('Chicago');
    const expected = rows.map((r) => (r[column('Full or Part-Time')] === 'F' ? 1 : Math.round((Number(r[column('Typical Hours')]) / 40) * 100) / 100));
    expect(result.rows.map((r) => r.fte)).toEqual(expected);
    expect(result.stats.implausibleFte).toBe(0);
  });

  it('reuses a previous import’s mapping of the same layout with hours and hourly rate read as such again', () => {
    const { table, suggestion } = payroll('Chicago');
    const recorded = toServerColumnMapping(table.headers, suggestion.mapping);
    expect(recorded['Typical Hours']).toBe('fte');
    const { mapping, reused } = initialMapping(table, recorded, suggestion.mapping);
    expect(reused).toBe(true);
    expect(mapping.fields).toEqual(suggestion.mapping.fields);
  });

  it('says why the hourly rate column was chosen', () => {
    expect(payroll('Chicago').suggestion.reasons.hourlyRate).toMatch(/^The heading “Hourly Rate” names the Hourly rate\./);
  });
});

describe('a New York City-style payroll table', () => {
  it('annualises the rows paid per hour by the pay basis and leaves per-annum salaries as they are', () => {
    const { rows, column, result } = payroll('New York');
    const perHour = rows.filter((r) => r[column('Pay Basis')] === 'per Hour');
    expect(perHour.length).toBeGreaterThan(0);
    expect(result.stats.salaryAnnualised).toBe(perHour.length);
    const first = rows.findIndex((r) => r[column('Pay Basis')] === 'per Hour');
    expect(result.rows[first]!.salary).toBe(Math.round(Number(rows[first]![column('Base Salary')]) * 40 * 52 * 100) / 100);
  });

  it('does not take the payroll (agency) number as an Employee ID: it repeats', () => {
    expect(payroll('New York').suggestion.mapping.fields.employeeId).toBeUndefined();
  });
});

describe('a Montgomery County-style payroll table', () => {
  it('reads Fulltime-Regular and Parttime-Regular as full and part time (0.5 FTE without hours)', () => {
    const { rows, column, result } = payroll('Montgomery');
    expect(result.rows.map((r) => r.fte)).toEqual(rows.map((r) => (r[column('Assignment Category')] === 'Fulltime-Regular' ? 1 : 0.5)));
  });
});
