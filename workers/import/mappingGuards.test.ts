import { describe, expect, it } from 'vitest';
import { checkMapping } from './mappingGuards.ts';
import type { ColumnMapping } from './mapping.ts';
import { sheet } from './test/tables.ts';

const messages = (table: ReturnType<typeof sheet>, mapping: ColumnMapping) => checkMapping(table, mapping).map((i) => i.message);

describe('checkMapping', () => {
  it('passes a clean mapping', () => {
    const table = sheet(['ID', 'Job title', 'Band'], ['E1', 'Clerk', 'B1'], ['E2', 'Cook', 'B2']);
    expect(checkMapping(table, { fields: { employeeId: 0, title: 1 }, groupings: [2] })).toEqual([]);
  });

  it('refuses a full-time week outside 1 to 80 hours, which would annualise day rates to infinity', () => {
    const table = sheet(['ID', 'Job title'], ['E1', 'Clerk']);
    for (const fullTimeHours of [0, -5, 81, Number.NaN]) {
      expect(messages(table, { fields: { employeeId: 0, title: 1 }, groupings: [], reading: { fte: 'fraction', fullTimeHours } })).toEqual([
        `A full-time week must be between 1 and 80 hours, not ${fullTimeHours}. Correct it under how values are read.`,
      ]);
    }
    expect(messages(table, { fields: { employeeId: 0, title: 1 }, groupings: [], reading: { fte: 'fraction', fullTimeHours: 37.5 } })).toEqual([]);
  });

  it('blocks an organisation, grade or professional group column holding an email address', () => {
    const table = sheet(['Job title', 'Organisation'], ['Clerk', 'Environment Agency'], ['Cook', 'hr＠agency.example']);
    expect(checkMapping(table, { fields: { title: 0, organisation: 1 }, groupings: [] })).toEqual([
      { field: 'organisation', message: '“Organisation”, chosen as Organisation, holds an email address (row 3). Choose the column that holds the organisation, or leave it unmapped.' },
    ]);
  });

  it('blocks a unit column of people’s names, but passes units with a name’s shape that many people share', () => {
    const names = sheet(['Job title', 'Unit'], ...['Jane Smith', 'Ravi Patel', 'Mary Jones', 'Tom Brown', 'Ana Silva', 'Li Wei'].map((n) => ['Clerk', n]));
    expect(messages(names, { fields: { title: 0, division: 1 }, groupings: [] })).toEqual([
      'Most values in “Unit”, chosen as Division, look like people’s names (row 2), which are never uploaded. Choose the column that holds the division, or leave it unmapped.',
    ]);
    const units = sheet(['Job title', 'Unit'], ...Array.from({ length: 12 }, (_, i) => ['Clerk', ['Internal Audit', 'Group Finance', 'Corporate Governance'][i % 3]!]));
    expect(messages(units, { fields: { title: 0, division: 1 }, groupings: [] })).toEqual([]);
  });

  it('asks for the job title column when none is chosen', () => {
    expect(messages(sheet(['ID'], ['E1']), { fields: { employeeId: 0 }, groupings: [] })).toEqual(['Choose the column that holds job titles.']);
  });

  it('blocks an ID column holding any email address, naming the row and the fix', () => {
    const table = sheet(['ID', 'Job title'], ['E1', 'Clerk'], ['e2＠example.com', 'Cook']);
    expect(checkMapping(table, { fields: { employeeId: 0, title: 1 }, groupings: [] })).toEqual([
      {
        field: 'employeeId',
        message:
          '“ID”, chosen as Employee ID, holds an email address (row 3). IDs are never emails. Choose a column of staff numbers, or leave Employee ID unmapped and people are numbered row-<n> by their row.',
      },
    ]);
  });

  it('blocks a manager ID column of mostly people’s names and suggests the manager email instead', () => {
    const table = sheet(['Job title', 'Manager'], ['Clerk', 'Jane Smith'], ['Cook', 'Ravi Patel'], ['Porter', 'M42']);
    const issues = checkMapping(table, { fields: { title: 0, managerEmployeeId: 1 }, groupings: [] });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.field).toBe('managerEmployeeId');
    expect(issues[0]!.message).toContain('look like people’s names. IDs are never names. Choose Manager email');
  });

  it('blocks linking managers both by ID and by email', () => {
    const table = sheet(['Job title', 'Mgr', 'Mgr email', 'Email'], ['Clerk', 'M1', 'm@x.com', 'c@x.com']);
    expect(messages(table, { fields: { title: 0, managerEmployeeId: 1, managerEmail: 2, email: 3 }, groupings: [] })).toEqual([
      'Link managers either by Manager ID or by Manager email, not both. Clear one of them.',
    ]);
  });

  it('asks for each person’s own email when managers are linked by email', () => {
    const table = sheet(['Job title', 'Manager email'], ['Clerk', 'm@x.com']);
    expect(checkMapping(table, { fields: { title: 0, managerEmail: 1 }, groupings: [] })[0]!.field).toBe('email');
  });

  it('refuses a grouping whose heading looks like personal data', () => {
    const table = sheet(['Job title', 'Line manager'], ['Clerk', 'Team A']);
    expect(messages(table, { fields: { title: 0 }, groupings: [1] })).toEqual([
      '“Line manager” looks like personal data (a name, contact detail, personal ID or a manager), which is never uploaded as a grouping. Untick it.',
    ]);
  });

  it('refuses a grouping with an @ in a value, naming the row', () => {
    const table = sheet(['Job title', 'Team'], ['Clerk', 'Ops'], ['Cook', 'ops@example.com']);
    expect(messages(table, { fields: { title: 0 }, groupings: [1] })).toEqual([
      '“Team” holds an email address (row 3); groupings never hold personal data. Untick it.',
    ]);
  });

  it('refuses a grouping with a value over 120 characters', () => {
    const table = sheet(['Job title', 'Team'], ['Clerk', 'x'.repeat(121)]);
    expect(messages(table, { fields: { title: 0 }, groupings: [1] })[0]).toContain('longer than 120 characters (row 2)');
  });

  it('refuses a grouping with more than 100 distinct values that are also over a quarter of the rows', () => {
    const rows = Array.from({ length: 400 }, (_, i) => ['Clerk', `T${i % 101}`]);
    expect(messages(sheet(['Job title', 'Team'], ...rows), { fields: { title: 0 }, groupings: [1] })).toEqual([
      '“Team” has 101 different values for 400 people, enough to single people out. Untick it.',
    ]);
  });

  it('lets 101 distinct values pass when they are no more than a quarter of the rows', () => {
    const rows = Array.from({ length: 404 }, (_, i) => ['Clerk', `T${i % 101}`]);
    expect(checkMapping(sheet(['Job title', 'Team'], ...rows), { fields: { title: 0 }, groupings: [1] })).toEqual([]);
  });

  it('refuses a sixth grouping', () => {
    const table = sheet(['Job title', 'A', 'B', 'C', 'D', 'E', 'F'], ['Clerk', '1', '1', '1', '1', '1', '1']);
    expect(messages(table, { fields: { title: 0 }, groupings: [1, 2, 3, 4, 5, 6] })).toEqual([
      'At most 5 client groupings can be uploaded; untick 1.',
    ]);
  });

  it('refuses a second column with the same heading as a grouping', () => {
    const table = sheet(['Job title', 'Team', ' TEAM '], ['Clerk', 'a', 'b']);
    expect(messages(table, { fields: { title: 0 }, groupings: [1, 2] })[0]).toContain('repeats an earlier column’s heading');
  });

  it('checks only rows that will be uploaded (rows with a job title)', () => {
    const table = sheet(['ID', 'Job title'], ['E1', 'Clerk'], ['someone@example.com', '']);
    expect(checkMapping(table, { fields: { employeeId: 0, title: 1 }, groupings: [] })).toEqual([]);
  });

  it('blocks a job title longer than the server accepts', () => {
    const table = sheet(['Job title'], ['t'.repeat(501)]);
    expect(messages(table, { fields: { title: 0 }, groupings: [] })[0]).toContain('longer than 500 characters (row 2)');
  });
});
