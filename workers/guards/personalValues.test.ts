import { describe, expect, it } from 'vitest';
import { firstPersonNameInContext, groupingIdentifiesPeople, groupingValueProblem, looksLikePersonName, mostlyPersonNames } from './personalValues.ts';

describe('looksLikePersonName', () => {
  it.each(['Jane Smith', 'SMITH, Jane', "Mary-Jo O'Neil", 'J. Smith-Jones', 'José María García'])('takes %s for a name', (v) =>
    expect(looksLikePersonName(v)).toBe(true));
  it.each(['E1042', 'EMP 1042', 'A B', 'Smith', 'AB-12-CD'])('does not take %s for a name', (v) => expect(looksLikePersonName(v)).toBe(false));
});

describe('mostlyPersonNames', () => {
  it('is true when more than half of the filled values are names', () => {
    expect(mostlyPersonNames(['Jane Smith', 'Ravi Patel', 'E3', ''])).toBe(true);
  });
  it('is false at exactly half', () => expect(mostlyPersonNames(['Jane Smith', 'E2'])).toBe(false));
  it('is false for an empty column', () => expect(mostlyPersonNames(['', ' '])).toBe(false));
});

describe('firstPersonNameInContext', () => {
  it('finds a column of people’s names where its first name is', () => {
    expect(firstPersonNameInContext(['Finance', 'Jane Smith', 'Ravi Patel', 'Mary Jones', 'Tom Brown', 'Ana Silva'])).toBe(1);
  });
  it('passes units and professions with a name’s shape that many people share', () => {
    expect(firstPersonNameInContext(Array.from({ length: 40 }, (_, i) => ['Internal Audit', 'Human Resources', 'Group Finance', 'Operational Delivery'][i % 4]))).toBe(-1);
  });
  it('passes fewer than five different names, and one organisation however many rows hold it', () => {
    expect(firstPersonNameInContext(['Jane Smith', 'Ravi Patel', 'Mary Jones', 'Tom Brown'])).toBe(-1);
    expect(firstPersonNameInContext(Array(500).fill('Environment Agency'))).toBe(-1);
  });
});

describe('grouping values', () => {
  it('refuses a value holding @', () => expect(groupingValueProblem('ops@example.com')).toBe('holds-at'));
  it('refuses a value over 120 characters', () => expect(groupingValueProblem('x'.repeat(121))).toBe('too-long'));
  it('accepts a value of exactly 120 characters', () => expect(groupingValueProblem('x'.repeat(120))).toBeNull());
  it('finds too much variety only above 100 distinct values and a quarter of the rows', () => {
    expect(groupingIdentifiesPeople(101, 400)).toBe(true);
    expect(groupingIdentifiesPeople(101, 404)).toBe(false);
    expect(groupingIdentifiesPeople(100, 120)).toBe(false);
  });
});
