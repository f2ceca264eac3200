import { describe, expect, it } from 'vitest';
import { checkMapping } from './mappingGuards.ts';
import { buildCombinedImport, buildImport, combinedIssues, emptyStats, MappingNotReadyError } from './rows.ts';
import { sheet } from './test/tables.ts';

describe('buildImport', () => {
  it('builds rows from the mapped columns only, with salary and FTE parsed', () => {
    const table = sheet(
      ['Staff no', 'Name', 'Job title', 'Manager', 'Salary', 'FTE', 'Division', 'Site', 'Band', 'Notes'],
      ['E1', 'Jane Smith', ' Head of Finance ', '', '£85,000', '100%', 'Finance', 'Leeds', 'B7', 'private'],
      ['E2', 'Ravi Patel', 'Accounts Clerk', 'E1', '24.5k', '0,6', 'Finance', '', '', 'private'],
    );
    const result = buildImport(table, {
      fields: { employeeId: 0, title: 2, managerEmployeeId: 3, salary: 4, fte: 5, division: 6, location: 7 },
      groupings: [8],
    });
    expect(result.rows).toEqual([
      { employeeId: 'E1', managerEmployeeId: null, title: 'Head of Finance', salary: 85000, fte: 1, division: 'Finance', organisation: null, grade: null, group: null, location: 'Leeds', attributes: { Band: 'B7' } },
      { employeeId: 'E2', managerEmployeeId: 'E1', title: 'Accounts Clerk', salary: 24500, fte: 0.6, division: 'Finance', organisation: null, grade: null, group: null, location: null, attributes: { Band: null } },
    ]);
    expect(result.columnMapping).toEqual({
      'Staff no': 'employeeId', 'Job title': 'title', Manager: 'managerEmployeeId', Salary: 'salary', FTE: 'fte', Division: 'division', Site: 'location', Band: 'grouping',
    });
    expect(JSON.stringify(result)).not.toContain('Jane Smith');
  });

  it('keeps a mapped name and email out of the rows and the recorded mapping, as identities by employee ID', () => {
    const table = sheet(
      ['Staff no', 'Full name', 'Work email', 'Job title'],
      ['E1', 'Jane Smith', 'jane.smith@client.example', 'Head of Finance'],
      ['E2', '', '', 'Accounts Clerk'],
      ['', 'Ravi Patel', '', 'Porter'],
    );
    const result = buildImport(table, { fields: { employeeId: 0, name: 1, email: 2, title: 3 }, groupings: [] });
    expect(result.identities).toEqual([
      { employeeId: 'E1', name: 'Jane Smith', email: 'jane.smith@client.example' },
      { employeeId: 'row-4', name: 'Ravi Patel', email: null },
    ]);
    expect(result.columnMapping).toEqual({ 'Staff no': 'employeeId', 'Job title': 'title' });
    expect(JSON.stringify(result.rows)).not.toMatch(/Jane|Ravi|@/);
  });

  it('skips and counts rows without a title, but not blank rows', () => {
    const table = sheet(['Job title', 'ID'], ['Clerk', 'E1'], ['', 'E2'], ['', ''], ['  ', 'E4']);
    const { rows, stats } = buildImport(table, { fields: { title: 0, employeeId: 1 }, groupings: [] });
    expect(rows.map((r) => r.employeeId)).toEqual(['E1']);
    expect(stats.skippedNoTitle).toBe(2);
  });

  it('generates row-<n> from the sheet row number for a missing employee ID and counts it', () => {
    const table = sheet(['Job title', 'ID'], ['Clerk', ''], ['Cook', 'E9'], ['Porter']);
    const { rows, stats } = buildImport(table, { fields: { title: 0, employeeId: 1 }, groupings: [] });
    expect(rows.map((r) => r.employeeId)).toEqual(['row-2', 'E9', 'row-4']);
    expect(stats.generatedIds).toBe(2);
  });

  it('counts implausible FTE values and stores them as null', () => {
    const table = sheet(['Job title', 'FTE'], ['Clerk', '37.5'], ['Cook', ''], ['Porter', '0.5']);
    const { rows, stats } = buildImport(table, { fields: { title: 0, fte: 1 }, groupings: [] });
    expect(rows.map((r) => r.fte)).toEqual([null, null, 0.5]);
    expect(stats.implausibleFte).toBe(1);
  });

  it('resolves manager emails to IDs and never puts an email in the rows', () => {
    const table = sheet(
      ['ID', 'Job title', 'Email', 'Manager email'],
      ['E1', 'Director', 'boss@x.com', ''],
      ['E2', 'Clerk', 'e2@x.com', 'BOSS@x.com'],
      ['E3', 'Cook', 'e3@x.com', 'left@x.com'],
      ['E4', 'Porter', 'e4@x.com', 'left@x.com'],
    );
    const result = buildImport(table, { fields: { employeeId: 0, title: 1, email: 2, managerEmail: 3 }, groupings: [] });
    expect(result.rows.map((r) => r.managerEmployeeId)).toEqual([null, 'E1', 'unmatched-manager-1', 'unmatched-manager-1']);
    // Two people report to the one manager email found nowhere: counted as the checks and results count them.
    // No salary column: all four are priced at market.
    expect(result.stats).toEqual({ ...emptyStats(), rowsRead: 4, unresolvedManagers: 2, unmatchedManagers: 1, salaryMissing: 4 });
    expect(JSON.stringify(result.rows)).not.toContain('@');
    expect(result.columnMapping).toEqual({ ID: 'employeeId', 'Job title': 'title', 'Manager email': 'managerEmail' });
  });

  it('refuses rows of posts in FTE that make more people than a dataset holds', () => {
    const table = sheet(['Reporting Senior Post', 'Generic Job Title', 'Number of Posts in FTE'], ['S1', 'Clerk', '30000'], ['S1', 'Cook', '20000.5']);
    const mapping = { fields: { managerEmployeeId: 0, title: 1, fte: 2 }, groupings: [], reading: { fte: 'posts' as const, fullTimeHours: 37 } };
    expect(() => buildImport(table, mapping)).toThrow('A dataset holds at most 50,000 people; these rows make 50,001. Split the list into smaller datasets.');
  });

  it('says a sheet over the dataset limit once, as the sheet', () => {
    const table = sheet(['Job title'], ...Array.from({ length: 50_001 }, () => ['Clerk']));
    const mapping = { fields: { title: 0 }, groupings: [] };
    const messages = [...checkMapping(table, mapping), ...combinedIssues([{ table, mapping }], 50_001)].map((i) => i.message);
    expect(messages.filter((m) => m.startsWith('A dataset holds at most'))).toEqual([
      'A dataset holds at most 50,000 people; this sheet has 50,001. Split the list into smaller datasets.',
    ]);
  });

  it('refuses two files whose ticked groupings make more than five different headings together', () => {
    const senior = sheet(['Job title', 'Grade', 'Team', 'Unit'], ['Director', 'SCS1', 'Finance', 'HQ'], ['Deputy Director', 'SCS2', 'People', 'HQ']);
    const junior = sheet(['Job title', 'Grade', 'Band', 'Level', 'Group'], ['Clerk', 'AO', 'B1', 'L1', 'G1'], ['Officer', 'EO', 'B2', 'L2', 'G2']);
    const parts = [
      { table: senior, mapping: { fields: { title: 0 }, groupings: [1, 2, 3] } },
      { table: junior, mapping: { fields: { title: 0 }, groupings: [1, 2, 3, 4] } },
    ];
    expect(() => buildCombinedImport(parts)).toThrow('The files together tick 6 different groupings; at most 5 can be uploaded. Untick some.');
    // A heading ticked in both files is one grouping.
    parts[1]!.mapping.groupings = [1, 2, 3];
    expect(Object.keys(buildCombinedImport(parts).rows[2]!.attributes!)).toEqual(['Grade', 'Band', 'Level']);
  });

  it('refuses two files that make more people together than a dataset holds', () => {
    const list = (rows: number) => sheet(['Job title'], ...Array.from({ length: rows }, () => ['Clerk']));
    const parts = [
      { table: list(30_000), mapping: { fields: { title: 0 }, groupings: [] } },
      { table: list(20_001), mapping: { fields: { title: 0 }, groupings: [] } },
    ];
    expect(() => buildCombinedImport(parts)).toThrow('A dataset holds at most 50,000 people; these rows make 50,001. Split the list into smaller datasets.');
  });

  it('refuses to build while the mapping has issues', () => {
    const table = sheet(['ID', 'Job title'], ['a@x.com', 'Clerk']);
    expect(() => buildImport(table, { fields: { employeeId: 0, title: 1 }, groupings: [] })).toThrow(MappingNotReadyError);
  });
});
