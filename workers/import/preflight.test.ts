import { describe, expect, it } from 'vitest';
import { preUploadChecks } from './preflight.ts';
import { prepareRows } from './rows.ts';
import { sheet } from './test/tables.ts';
import type { ColumnMapping } from './mapping.ts';
import type { SheetTable } from './table.ts';

function checksOf(table: SheetTable, mapping: ColumnMapping) {
  const parts = [{ table, mapping }];
  const { rows, stats } = prepareRows(parts);
  return preUploadChecks(parts, rows, stats);
}

const STAFF = { fields: { employeeId: 0, managerEmployeeId: 1, title: 2, salary: 3 }, groupings: [] };

describe('pre-upload checks', () => {
  it('counts the people in a reporting loop and warns about them', () => {
    const table = sheet(['ID', 'Manager', 'Job title', 'Salary'], ['A', '', 'Director', '90000'], ['B', 'C', 'Clerk', '20000'], ['C', 'B', 'Clerk', '20000'], ['D', 'B', 'Cook', '20000']);
    const checks = checksOf(table, STAFF);
    expect([checks.inLoops, checks.roots]).toEqual([2, 1]);
    expect(checks.warnings.map((w) => w.message)).toContain('2 people are in reporting loops (A reports to B, B to A); they will count as not connected.');
  });

  it('does not count someone who is their own manager as a loop: they are a top', () => {
    const table = sheet(['ID', 'Manager', 'Job title', 'Salary'], ['A', 'A', 'Director', '90000'], ['B', 'A', 'Clerk', '20000']);
    expect(checksOf(table, STAFF)).toMatchObject({ inLoops: 0, roots: 1, layers: 2 });
  });

  it('counts the references of rows with a duplicated ID among those that do not resolve', () => {
    const table = sheet(['ID', 'Manager', 'Job title', 'Salary'], ['A', '', 'Director', '90000'], ['B', 'Z', 'Clerk', '20000'], ['B', 'Y', 'Clerk', '20000']);
    expect(checksOf(table, STAFF)).toMatchObject({ managerReferences: 2, resolvedReferences: 0, duplicateIds: 1 });
  });

  it('says how many rows of posts in FTE make no post because their FTE is 0', () => {
    const table = sheet(['Reporting Senior Post', 'Generic Job Title', 'Number of Posts in FTE', 'Pay'], ['S1', 'Clerk', '2', '20000'], ['S1', 'Cook', '0', '18000']);
    const checks = checksOf(table, { fields: { managerEmployeeId: 0, title: 1, fte: 2, salary: 3 }, groupings: [], reading: { fte: 'posts', fullTimeHours: 37 } });
    expect([checks.people, checks.rowsWithoutPosts]).toEqual([2, 1]);
    expect(checks.warnings.map((w) => w.message)).toContain('1 row counts 0 posts in FTE (or none); they make no post and are not uploaded.');
  });

  it('counts duplicate employee IDs', () => {
    const table = sheet(['ID', 'Manager', 'Job title', 'Salary'], ['A', '', 'Director', '90000'], ['A', '', 'Clerk', '20000']);
    expect(checksOf(table, STAFF).duplicateIds).toBe(1);
  });

  it('counts yearly salaries under £1,000 or over £1,000,000 as implausible', () => {
    const table = sheet(['ID', 'Manager', 'Job title', 'Salary'], ['A', '', 'Director', '2500000'], ['B', 'A', 'Clerk', '800'], ['C', 'A', 'Cook', '21000']);
    expect(checksOf(table, STAFF).salaryImplausible).toBe(2);
  });

  it('says everyone will be priced at the market when no salary column is chosen', () => {
    const table = sheet(['ID', 'Manager', 'Job title'], ['A', '', 'Director'], ['B', 'A', 'Clerk']);
    const checks = checksOf(table, { fields: { employeeId: 0, managerEmployeeId: 1, title: 2 }, groupings: [] });
    expect(checks.warnings.map((w) => w.message)).toEqual(['No salary column is chosen: everyone will be priced at the market rate for their occupation.']);
  });

  it('offers, when no Employee ID is chosen, the column the manager references point to', () => {
    const table = sheet(['Staff no', 'Manager', 'Job title', 'Salary'], ['A', '', 'Director', '90000'], ['B', 'A', 'Clerk', '20000'], ['C', 'A', 'Cook', '20000']);
    const [warning] = checksOf(table, { fields: { managerEmployeeId: 1, title: 2, salary: 3 }, groupings: [] }).warnings;
    expect(warning!.message).toBe('Reporting lines will not resolve: only 0% of manager references (0 of 2) name someone in the list, so spans and layers would be wrong.');
    expect(warning!.fix).toEqual({
      part: 0,
      label: 'Use “Staff no” as the Employee ID (100% of “Manager” values are in it)',
      mapping: { fields: { managerEmployeeId: 1, title: 2, salary: 3, employeeId: 0 }, groupings: [] },
    });
  });
});
