import { describe, expect, it } from 'vitest';
import { parseSalary, readFte } from './values.ts';

describe('parseSalary', () => {
  it.each([
    ['£45,000', 45000],
    ['$1,234,567', 1234567],
    ['€ 32 000', 32000],
    ['45000 GBP', 45000],
    ['45,000.50', 45000.5],
    ['45k', 45000],
    ['£45.5K', 45500],
    ['  52000  ', 52000],
  ])('reads %s as %d', (raw, expected) => expect(parseSalary(raw)).toBe(expected));

  it('returns null for a blank cell', () => expect(parseSalary('  ')).toBeNull());

  it.each(['n/a', '-5000', '45,00', '1.234,56', '45k pa'])('returns null for %s, which is not an amount', (raw) =>
    expect(parseSalary(raw)).toBeNull());
});

describe('readFte', () => {
  it.each([
    ['0.6', 0.6],
    ['0,6', 0.6],
    ['60%', 0.6],
    ['60 %', 0.6],
    ['1', 1],
    ['1.0', 1],
    ['100%', 1],
    ['.5', 0.5],
    ['0.333', 0.33],
    ['0.875', 0.88],
  ])('reads %s as %d', (raw, expected) => expect(readFte(raw)).toEqual({ fte: expected, implausible: false }));

  it('reads a blank cell as null without counting it', () => expect(readFte('')).toEqual({ fte: null, implausible: false }));

  it.each(['37.5', '1.5', '120%', 'Full time', '2', '-0.5', '0.6.1'])('rejects %s as implausible and stores null', (raw) =>
    expect(readFte(raw)).toEqual({ fte: null, implausible: true }));
});
