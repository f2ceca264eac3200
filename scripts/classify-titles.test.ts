import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classifyCsv, CsvInputError, csvField, loadReference, OUTPUT_COLUMNS } from './classify-titles.ts';

const seedFile = fileURLToPath(new URL('../seeds/reference-v1.json', import.meta.url));
const compiled = loadReference(seedFile);
// A curated rule's hit carries the precision the build measured for its role's rules, else for all curated rules.
const coder = compiled.data.classification.coder!;
const curated = (role: string) => coder.curatedConfidenceByRole?.[role] ?? coder.curatedConfidence;

describe('csvField', () => {
  it('quotes fields with commas, quotes or line breaks and doubles quotes', () => {
    expect(csvField('Analyst, Credit Risk')).toBe('"Analyst, Credit Risk"');
    expect(csvField('The "Fixer"')).toBe('"The ""Fixer"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('Plain Title')).toBe('Plain Title');
  });

  it('neutralises a cell a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+44 Sales')).toBe("'+44 Sales");
  });
});

describe('classifyCsv', () => {
  const input = 'id,Title,Division\n1,Payroll Administrator (Maternity Cover),\n2,"Accountant, Group",\n3,Associate,Legal\n4,Zzqx Wibble,\n5,Payroll Administrator (Maternity Cover),\n';
  const lines = classifyCsv(input, compiled).trimEnd().split('\n');

  it('writes the agreed header and one line per input row', () => {
    expect(lines[0]).toBe(OUTPUT_COLUMNS.join(','));
    expect(lines).toHaveLength(6);
  });

  it('codes a noisy title through the rules', () => {
    expect(lines[1]).toBe(`Payroll Administrator (Maternity Cover),43-3051,4122,Finance,Payroll Administrator,${curated('Payroll Administrator')},rules`);
    expect(lines[5]).toBe(lines[1]);
  });

  it('quotes a title that holds a comma', () => {
    expect(lines[2].startsWith(`"Accountant, Group",13-2011,2421,Finance,Accountant,${curated('Accountant')},rules`)).toBe(true);
  });

  it('passes the division column to division-restricted rules', () => {
    expect(lines[3]).toBe(`Associate,23-1011,2412,Legal,Solicitor,${curated('Solicitor')},rules`);
  });

  it('leaves an unknown title in Other / Uncategorised with the default UK code and confidence 0', () => {
    expect(lines[4]).toBe('Zzqx Wibble,,4159,Other,Uncategorised,0,rules');
  });

  it('refuses a CSV without a title column', () => {
    expect(() => classifyCsv('name,role\nA,B\n', compiled)).toThrow(CsvInputError);
  });

  it('accepts a "Job Title" heading and a semicolon-separated file', () => {
    const out = classifyCsv('Employee;Job Title\n7;Software Engineer\n', compiled).trimEnd().split('\n');
    expect(out[1]).toBe(`Software Engineer,15-1252,2134,Technology,Software Developer,${curated('Software Developer')},rules`);
  });

  it('writes nothing for a blank line', () => {
    expect(classifyCsv('title\nSoftware Engineer\n\n', compiled).trimEnd().split('\n')).toHaveLength(2);
  });
});

describe('npm run classify-titles', () => {
  it('reads a Windows-1252 file as Excel saves it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'classify-titles-'));
    const file = join(dir, 'titles.csv');
    // "Café Manager" with é as the single byte 0xE9.
    writeFileSync(file, Buffer.from([...Buffer.from('title\r\nCaf'), 0xe9, ...Buffer.from(' Manager\r\n')]));
    const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./classify-titles.ts', import.meta.url)), file], {
      encoding: 'utf8',
    });
    expect(out.trimEnd().split('\n')[1].startsWith('Café Manager,')).toBe(true);
  });

  it('reads a CSV file and prints the coded CSV', () => {
    const dir = mkdtempSync(join(tmpdir(), 'classify-titles-'));
    const file = join(dir, 'titles.csv');
    writeFileSync(file, 'title\r\nSoftware Engineer\r\nCustomer Service Advisor - Nights\r\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./classify-titles.ts', import.meta.url)), file, '--reference', seedFile], {
      encoding: 'utf8',
    });
    expect(out.trimEnd().split('\n')).toEqual([
      'title,usSoc2018,ukSoc2020,category,subcategory,confidence,source',
      `Software Engineer,15-1252,2134,Technology,Software Developer,${curated('Software Developer')},rules`,
      `Customer Service Advisor - Nights,43-4051,7219,Customer Service,Customer Service Adviser,${curated('Customer Service Adviser')},rules`,
    ]);
  });
});
