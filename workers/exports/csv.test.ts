import { describe, expect, it } from 'vitest';
import { parseCsv } from '../import/csv.ts';
import { CSV_BOM, csvField, neutraliseFormula, toCsv } from './csv.ts';

describe('CSV exports', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1:A2)', '\tcmd', '\rcmd'])('neutralises a cell starting like a formula: %j', (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
  });

  it('leaves ordinary text and numbers alone, negative numbers included', () => {
    expect(csvField('Payroll Clerk')).toBe('Payroll Clerk');
    expect(csvField(-1500.5)).toBe('-1500.5');
    expect(csvField('a = b')).toBe('a = b');
  });

  it('quotes a field holding a comma, quote or line break, doubling inner quotes (RFC 4180)', () => {
    expect(csvField('Smith, Jones')).toBe('"Smith, Jones"');
    expect(csvField('the "best"')).toBe('"the ""best"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('quotes a neutralised formula that also holds a comma', () => {
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
  });

  it('writes blanks for null, undefined and non-finite numbers', () => {
    expect([null, undefined, Number.NaN].map(csvField)).toEqual(['', '', '']);
  });

  it('starts with a UTF-8 byte-order mark, ends records with CRLF, and reads back as written', () => {
    const text = toCsv(['Title', 'Headcount'], [['Ingénieur, "senior"', 3], ['=cmd', -1]]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text.slice(1)).rows).toEqual([
      ['Title', 'Headcount'],
      ['Ingénieur, "senior"', '3'],
      ["'=cmd", '-1'],
    ]);
  });
});
