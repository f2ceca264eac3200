import { describe, expect, it } from 'vitest';
import { groupingChoices, initialMapping, normaliseHeading, reusePreviousMapping, suggestMapping, toServerColumnMapping } from './mapping.ts';
import { sheet } from './test/tables.ts';

describe('suggestMapping', () => {
  it('maps the usual headings to their fields', () => {
    const table = sheet(['Employee ID', 'Full name', 'Job Title', 'Line Manager ID', 'Annual Salary (£)', 'FTE', 'Department', 'Office']);
    expect(suggestMapping(table).fields).toEqual({
      employeeId: 0, title: 2, managerEmployeeId: 3, salary: 4, fte: 5, division: 6, location: 7,
    });
  });

  it('prefers "Job title" over an honorific "Title" column', () => {
    expect(suggestMapping(sheet(['Title', 'Surname', 'Job title'], ['Mrs', 'Smith', 'Clerk'])).fields.title).toBe(2);
  });

  it('leaves name columns unmapped', () => {
    expect(Object.values(suggestMapping(sheet(['Name', 'Job title'])).fields)).toEqual([1]);
  });

  it('reads a manager column of email addresses as Manager email', () => {
    const table = sheet(['Email', 'Role', 'Reports to'], ['a@x.com', 'Clerk', 'b@x.com']);
    expect(suggestMapping(table).fields).toEqual({ email: 0, title: 1, managerEmail: 2 });
  });

  it('does not suggest an ID column that holds email addresses as Employee ID', () => {
    const table = sheet(['ID', 'Job title'], ['a@x.com', 'Clerk']);
    expect(suggestMapping(table).fields).toEqual({ email: 0, title: 1 });
  });
});

describe('normaliseHeading', () => {
  it('drops currency signs and brackets and splits camelCase', () => {
    expect(normaliseHeading('Salary (£)')).toBe('salary');
    expect(normaliseHeading('jobTitle')).toBe('job title');
    expect(normaliseHeading('Annual_Salary GBP')).toBe('annual salary');
  });
});

describe('reusePreviousMapping', () => {
  const previous = { 'Job Title': 'title', 'Staff No': 'employeeId', Band: 'grouping', Region: 'location' } as const;

  it('applies the previous mapping when the title and another field match, ignoring case and spaces', () => {
    const mapping = reusePreviousMapping(previous, ['staff no', ' JOB TITLE ', 'Band', 'Other']);
    expect(mapping).toEqual({ fields: { title: 1, employeeId: 0 }, groupings: [2] });
  });

  it('is not used when only the job title matches', () => {
    expect(reusePreviousMapping(previous, ['Job title', 'Pay'])).toBeNull();
  });

  it('is not used when the job title does not match', () => {
    expect(reusePreviousMapping(previous, ['Staff No', 'Region', 'Role'])).toBeNull();
  });
});

describe('initialMapping', () => {
  it('fills fields the previous mapping lacks, such as the person’s own email, from the suggestion', () => {
    const table = sheet(['Job title', 'Manager email', 'Work email']);
    const { mapping, reused } = initialMapping(table, { 'Job title': 'title', 'Manager email': 'managerEmail' });
    expect(reused).toBe(true);
    expect(mapping.fields).toEqual({ title: 0, managerEmail: 1, email: 2 });
  });
});

describe('toServerColumnMapping', () => {
  it('records only mapped columns and ticked groupings by heading, never the person’s own email', () => {
    const headers = ['ID', 'Name', 'Job title', 'Email', 'Manager email', 'Band', ''];
    const mapping = { fields: { employeeId: 0, title: 2, email: 3, managerEmail: 4, salary: 6 }, groupings: [5] };
    expect(toServerColumnMapping(headers, mapping)).toEqual({
      ID: 'employeeId', 'Job title': 'title', 'Manager email': 'managerEmail', 'Column G': 'salary', Band: 'grouping',
    });
  });
});

describe('groupingChoices', () => {
  it('offers unmapped columns and disables blank, repeated and personal headings', () => {
    const choices = groupingChoices(['Job title', 'Band', ' band', '', 'Line manager', 'Team name'], { fields: { title: 0 }, groupings: [] });
    expect(choices.map((c) => [c.label, c.unavailable])).toEqual([
      ['Job title', 'mapped'],
      ['Band', null],
      ['band', 'duplicate-heading'],
      ['Column D', 'blank-heading'],
      ['Line manager', 'personal-heading'],
      ['Team name', null],
    ]);
  });
});
