import { describe, expect, it } from 'vitest';
import { refusedCells } from '../exports/refusedCells.ts';
import type { CompiledReference } from '../reference/compile.ts';
import { spansAndLayers } from '../scoring/org.ts';
import { preUploadChecks } from './preflight.ts';
import { buildImport, prepareRows } from './rows.ts';
import { sheet } from './test/tables.ts';
import type { ColumnMapping } from './mapping.ts';
import type { SheetTable } from './table.ts';

function checksOf(table: SheetTable, mapping: ColumnMapping) {
  const parts = [{ table, mapping }];
  return preUploadChecks(parts, prepareRows(parts));
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

  it('counts a repeated employee ID once, by its first row, as the results do', () => {
    const table = sheet(['ID', 'Manager', 'Job title', 'Salary'], ['A', '', 'Director', '90000'], ['B', 'Z', 'Clerk', '20000'], ['B', 'Y', 'Clerk', '20000']);
    expect(checksOf(table, STAFF)).toMatchObject({ managerReferences: 1, resolvedReferences: 0, unresolvedManagers: 1, missingManagerReferences: 1, duplicateIds: 1 });
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

  it('counts yearly salaries under 1,000 or over 1,000,000 in the list’s currency as implausible', () => {
    const table = sheet(['ID', 'Manager', 'Job title', 'Salary'], ['A', '', 'Director', '2500000'], ['B', 'A', 'Clerk', '800'], ['C', 'A', 'Cook', '21000']);
    expect(checksOf(table, STAFF).salaryImplausible).toBe(2);
  });

  it('says everyone will be priced at the market when no salary column is chosen', () => {
    const table = sheet(['ID', 'Manager', 'Job title'], ['A', '', 'Director'], ['B', 'A', 'Clerk']);
    const checks = checksOf(table, { fields: { employeeId: 0, managerEmployeeId: 1, title: 2 }, groupings: [] });
    expect(checks.warnings.map((w) => w.message)).toEqual(['No salary column is chosen: everyone will be priced at the market rate for their occupation.']);
    expect(checks.salaryMissing).toBe(2);
  });

  it('says a list without a manager column has no reporting lines, instead of measuring a tree of tops', () => {
    const table = sheet(['Job title', 'Salary'], ['Director', '90000'], ['Clerk', '20000'], ['Cook', '18000']);
    const checks = checksOf(table, { fields: { title: 0, salary: 1 }, groupings: [] });
    expect(checks.linked).toBe(false);
    expect(checks.warnings.map((w) => w.message)).toEqual(['No manager column is chosen: the list has no reporting lines, so spans and layers will not be measured.']);
  });

  it('offers, when no Employee ID is chosen, the column the manager references point to', () => {
    const table = sheet(['Staff no', 'Manager', 'Job title', 'Salary'], ['A', '', 'Director', '90000'], ['B', 'A', 'Clerk', '20000'], ['C', 'A', 'Cook', '20000']);
    const [warning] = checksOf(table, { fields: { managerEmployeeId: 1, title: 2, salary: 3 }, groupings: [] }).warnings;
    expect(warning!.message).toBe(
      'Reporting lines will not resolve: only 0% of manager references (0 of 2) name someone in the list, so spans and layers would be wrong. ' +
        '2 people report to 1 manager who is not in the list.',
    );
    expect(warning!.fix).toEqual({
      part: 0,
      field: 'employeeId',
      label: 'Use “Staff no” as the Employee ID (100% of “Manager” values are in it)',
      mapping: { fields: { managerEmployeeId: 1, title: 2, salary: 3, employeeId: 0 }, groupings: [] },
    });
  });

  describe('a manager ID that is not in the list', () => {
    const table = sheet(['ID', 'Manager', 'Job title', 'Salary'], ['A', '', 'Director', '90000'], ['B', 'A', 'Clerk', '20000'], ['C', 'A', 'Cook', '20000'], ['D', 'Z', 'Porter', '18000']);

    it('is one person whose manager is not in the list, in the checks, the prepared rows and the results alike', () => {
      const checks = checksOf(table, STAFF);
      const prepared = buildImport(table, STAFF);
      const results = spansAndLayers(prepared.rows, { data: { org: { narrowSpan: 3, wideSpan: 15 } } } as unknown as CompiledReference);
      expect(checks).toMatchObject({ managerReferences: 3, resolvedReferences: 2, unresolvedManagers: 1, missingManagerReferences: 1 });
      expect([prepared.stats.unresolvedManagers, prepared.stats.unmatchedManagers]).toEqual([1, 1]);
      expect([results.unresolved, results.missingManagers.length]).toEqual([1, 1]);
    });

    it('is said before upload, with the cells to fix offered when no other column resolves the references', () => {
      const [warning] = checksOf(table, STAFF).warnings;
      expect(warning).toEqual({
        message:
          'Reporting lines will not resolve: only 67% of manager references (2 of 3) name someone in the list, so spans and layers would be wrong. ' +
          '1 person reports to 1 manager who is not in the list.',
        listedInCellsToFix: true,
      });
    });

    it('is listed in the cells-to-fix workbook, with the reference it holds', () => {
      const cells = refusedCells(table, STAFF, new Set(['A', 'B', 'C', 'D']));
      expect(cells).toEqual([
        { cell: 'B5', row: 5, column: 'Manager', value: 'Z', reason: expect.stringMatching(/^Names no one in the list/) },
      ]);
    });

    it('is said even when nine in ten references resolve', () => {
      const rows = [['A', '', 'Director', '90000'], ...Array.from({ length: 10 }, (_, i) => [`P${i}`, i === 0 ? 'Z' : 'A', 'Clerk', '20000'])];
      const [warning] = checksOf(sheet(['ID', 'Manager', 'Job title', 'Salary'], ...rows), STAFF).warnings;
      expect(warning).toEqual({
        message: '1 person reports to 1 manager who is not in the list; they are counted as not connected to the top (90% of manager references (9 of 10) name someone in the list).',
        listedInCellsToFix: true,
      });
    });
  });

  it('offers, when the Manager ID column chosen names no one, the column whose values name people in the list', () => {
    const table = sheet(
      ['ID', 'Cost centre', 'Reports to', 'Job title'],
      ['A', 'CC1', '', 'Director'], ['B', 'CC1', 'A', 'Clerk'], ['C', 'CC2', 'A', 'Cook'], ['D', 'CC2', 'B', 'Porter'],
    );
    const [warning] = checksOf(table, { fields: { employeeId: 0, managerEmployeeId: 1, title: 3 }, groupings: [] }).warnings;
    expect(warning!.fix).toEqual({
      part: 0,
      field: 'managerEmployeeId',
      label: 'Use “Reports to” as the Manager ID (100% of its values are in “ID”)',
      mapping: { fields: { employeeId: 0, managerEmployeeId: 2, title: 3 }, groupings: [] },
    });
  });
});
