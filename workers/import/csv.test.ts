import { describe, expect, it } from 'vitest';
import { WHOLE_LINE, detectDelimiter, parseCsv } from './csv.ts';
import { IMPORT_LIMITS } from './limits.ts';

describe('detectDelimiter', () => {
  it.each([
    ['Title,Salary,FTE\nClerk,20000,1\n', ','],
    ['Title;Salary;FTE\nClerk;20 000,50;1\n', ';'],
    ['Title\tSalary\tFTE\nClerk, senior\t20000\t1\n', '\t'],
    ['Title|Salary\nClerk|20000\n', '|'],
  ])('finds the delimiter of %j', (text, expected) => expect(detectDelimiter(text)).toBe(expected));

  it('ignores delimiters inside quotes', () => {
    expect(detectDelimiter('"a;b";"c;d"\n"e;f";"g;h"\n')).toBe(';');
    expect(detectDelimiter('Title,Team\n"Clerk; senior",Ops\n"Head; finance",Fin\n')).toBe(',');
  });

  it('finds no delimiter in a file of one column', () => expect(detectDelimiter('Title\nClerk\n')).toBe(WHOLE_LINE));

  it('finds no delimiter in a list of titles where only some titles hold a comma', () => {
    expect(detectDelimiter('Chief Executive\nDeputy Director, Finance\nPolicy Adviser\nHead of Estates\n')).toBe(WHOLE_LINE);
  });
});

describe('parseCsv', () => {
  it('keeps each line of a one-column file whole, commas and all', () => {
    expect(parseCsv('Chief Executive\nDeputy Director, Finance\nPolicy Adviser\n').rows).toEqual([
      ['Chief Executive'],
      ['Deputy Director, Finance'],
      ['Policy Adviser'],
    ]);
  });

  it('reads quoted fields with doubled quotes and embedded delimiters', () => {
    expect(parseCsv('Title,Note\n"Clerk, senior","She said ""hi"""\n').rows).toEqual([
      ['Title', 'Note'],
      ['Clerk, senior', 'She said "hi"'],
    ]);
  });

  it('keeps a line break inside a quoted field as part of the value', () => {
    expect(parseCsv('Title,Note\r\n"Clerk","line one\r\nline two"\r\nCook,x\r\n').rows).toEqual([
      ['Title', 'Note'],
      ['Clerk', 'line one\r\nline two'],
      ['Cook', 'x'],
    ]);
  });

  it('accepts LF, CRLF and CR line ends alike', () => {
    expect(parseCsv('a,b\n1,2\r\n3,4\r5,6').rows).toEqual([['a', 'b'], ['1', '2'], ['3', '4'], ['5', '6']]);
  });

  it('keeps blank lines as empty rows and drops trailing empty fields', () => {
    expect(parseCsv('a,b,,\n\n1,,\n').rows).toEqual([['a', 'b'], [], ['1']]);
  });

  it('refuses a quoted value that is never closed, naming its row', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow('A quoted value that starts in row 2 is never closed');
  });

  it('refuses more than 256 columns', () => {
    const header = Array.from({ length: IMPORT_LIMITS.columns + 1 }, (_, i) => `c${i}`).join(',');
    expect(() => parseCsv(`${header}\n`)).toThrow('more than 256 columns');
  });

  it('refuses more than 100,001 rows', () => {
    expect(() => parseCsv('Title\n' + 'x\n'.repeat(IMPORT_LIMITS.rows))).toThrow('more than 100,001 rows');
  });

  it('accepts exactly 100,001 rows', () => {
    expect(parseCsv('Title\n' + 'x\n'.repeat(IMPORT_LIMITS.rows - 1)).rows).toHaveLength(IMPORT_LIMITS.rows);
  });

  it('refuses a cell longer than 32,768 characters, naming its row', () => {
    expect(() => parseCsv(`Title\nok\n${'y'.repeat(IMPORT_LIMITS.cellCharacters + 1)}\n`)).toThrow('A cell in row 3 holds more than 32,768 characters');
  });

  it('refuses more than 5 million cells', () => {
    const row = Array.from({ length: 60 }, () => 'v').join(',');
    const text = `${row}\n`.repeat(Math.ceil(IMPORT_LIMITS.cells / 60) + 1);
    expect(() => parseCsv(text)).toThrow('more than 5,000,000 cells');
  });

  it('reports progress ending at 1', () => {
    const fractions: number[] = [];
    parseCsv('Title\n' + 'Clerk of works\n'.repeat(90_000), { onProgress: (f) => fractions.push(f) });
    expect(fractions.length).toBeGreaterThan(1);
    expect(fractions.at(-1)).toBe(1);
  });
});
