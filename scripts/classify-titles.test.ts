import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classifyInContext, listPayScale } from '../workers/classify/classify.ts';
import { parseCsv } from '../workers/import/csv.ts';
import { seed } from '../workers/reference/test/seed.ts';
import { classifyCsv, CsvInputError, csvField, loadReference, OUTPUT_COLUMNS } from './classify-titles.ts';

const seedFile = fileURLToPath(new URL('../seeds/reference-v1.json', import.meta.url));
const compiled = loadReference(seedFile);
const threshold = compiled.data.classification.reviewThreshold;

/** The seed with context weights, so a row's professional group, unit, grade and pay can decide its codes. */
function contextReferenceFile(): string {
  const doc = structuredClone(seed);
  Object.assign(doc.classification.coder!.settings, { contextGroup: 2, contextDivision: 2, contextOrganisation: 1, grade: 2, pay: 1 });
  const file = join(mkdtempSync(join(tmpdir(), 'classify-titles-')), 'reference.json');
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

/** The output's fields by column, a row per input row. */
const fieldsOf = (csv: string) => {
  const [header, ...rows] = parseCsv(csv).rows;
  return rows.filter((r) => r.length > 1).map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
};
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

  const review = (confidence: number) => String(confidence < threshold);

  it('codes a noisy title through the rules, saying whether it needs review and why', () => {
    const reason = classifyInContext(compiled, 'Payroll Administrator (Maternity Cover)', {}).reason!;
    expect(lines[1]).toBe(
      `Payroll Administrator (Maternity Cover),43-3051,4122,Finance,Payroll Administrator,${curated('Payroll Administrator')},${review(curated('Payroll Administrator'))},${csvField(reason)},rules`,
    );
    expect(lines[5]).toBe(lines[1]);
  });

  it('quotes a title that holds a comma', () => {
    // "Group Accountant" is a title the rule names whole: never below the review threshold.
    expect(lines[2].startsWith(`"Accountant, Group",13-2011,2421,Finance,Accountant,${Math.max(curated('Accountant'), threshold)},`)).toBe(true);
  });

  it('passes the division column to division-restricted rules', () => {
    expect(fieldsOf(classifyCsv(input, compiled))[2]).toMatchObject({ title: 'Associate', usSoc2018: '23-1011', ukSoc2020: '2412', subcategory: 'Solicitor', source: 'rules' });
  });

  it('leaves an unknown title in Other / Uncategorised with the default UK code and confidence 0, in review', () => {
    expect(lines[4]).toBe('Zzqx Wibble,,4159,Other,Uncategorised,0,true,no rule or coder evidence,rules');
  });

  it('refuses a CSV without a title column', () => {
    expect(() => classifyCsv('name,role\nA,B\n', compiled)).toThrow(CsvInputError);
  });

  it('accepts a "Job Title" heading and a semicolon-separated file', () => {
    expect(fieldsOf(classifyCsv('Employee;Job Title\n7;Software Engineer\n', compiled))).toEqual([
      expect.objectContaining({ title: 'Software Engineer', usSoc2018: '15-1252', ukSoc2020: '2134', subcategory: 'Software Developer', confidence: String(curated('Software Developer')) }),
    ]);
  });

  it('writes nothing for a blank line', () => {
    expect(classifyCsv('title\nSoftware Engineer\n\n', compiled).trimEnd().split('\n')).toHaveLength(2);
  });
});

describe('classifyCsv with context columns', () => {
  const withContext = loadReference(contextReferenceFile());
  const input = [
    'title,division,organisation,grade,group,salary',
    'Senior Adviser,Analysis,Department for Transport,Grade 7,Economics,"£52,000"',
    'Senior Adviser,Strategy,Department for Transport,Grade 7,Policy,"£52,000"',
    'Lieutenant,Fire Department (130),,,,81060',
    'Payroll Administrator,,,,,24k',
  ].join('\n');
  const people = [
    { title: 'Senior Adviser', context: { division: 'Analysis', organisation: 'Department for Transport', grade: 'Grade 7', group: 'Economics', salary: 52000 } },
    { title: 'Senior Adviser', context: { division: 'Strategy', organisation: 'Department for Transport', grade: 'Grade 7', group: 'Policy', salary: 52000 } },
    { title: 'Lieutenant', context: { division: 'Fire Department (130)', organisation: null, grade: null, group: null, salary: 81060 } },
    { title: 'Payroll Administrator', context: { division: null, organisation: null, grade: null, group: null, salary: 24000 } },
  ];

  it('codes each row in the context of its unit, organisation, grade, professional group and pay, read against the list’s pay level', () => {
    const list = { currency: 'GBP', payScale: listPayScale(withContext, people.map((p) => ({ title: p.title, salary: p.context.salary })), 'GBP') };
    const expected = people.map(({ title, context }) => {
      const c = classifyInContext(withContext, title, context, list);
      return { title, usSoc2018: c.usSoc2018 ?? '', ukSoc2020: c.ukSoc2020 ?? '', confidence: String(c.confidence), reviewRequired: String(c.confidence < threshold), reason: c.reason ?? '', source: 'rules' };
    });
    expect(fieldsOf(classifyCsv(input, withContext))).toEqual(expected.map((e) => expect.objectContaining(e)));
  });

  it('gives one title different codes in different professional groups', () => {
    const [economics, policy] = fieldsOf(classifyCsv(input, withContext));
    expect(economics!.usSoc2018).not.toBe(policy!.usSoc2018);
    expect(economics!.reason).toContain("in context: professional group 'Economics'");
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
    expect(out).toBe(classifyCsv('title\r\nSoftware Engineer\r\nCustomer Service Advisor - Nights\r\n', compiled));
    expect(fieldsOf(out).map((r) => [r.title, r.usSoc2018, r.ukSoc2020, r.source])).toEqual([
      ['Software Engineer', '15-1252', '2134', 'rules'],
      ['Customer Service Advisor - Nights', '43-4051', '7219', 'rules'],
    ]);
  });

  it('reads the salaries of a file with context columns in the currency it is given', () => {
    const dir = mkdtempSync(join(tmpdir(), 'classify-titles-'));
    const file = join(dir, 'payroll.csv');
    const text = 'title,division,salary\nLIEUTENANT,Fire Department (130),81060\nLIEUTENANT,Police Department (390),98000\nOffice Assistant II,Finance (100),31000\n';
    writeFileSync(file, text);
    const reference = contextReferenceFile();
    const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./classify-titles.ts', import.meta.url)), file, '--currency', 'USD', '--reference', reference], {
      encoding: 'utf8',
    });
    expect(out).toBe(classifyCsv(text, loadReference(reference), 'USD'));
    expect(out).not.toBe(classifyCsv(text, loadReference(reference), 'GBP'));
  });

  it('refuses a currency it has no pay tables for', () => {
    const dir = mkdtempSync(join(tmpdir(), 'classify-titles-'));
    const file = join(dir, 'titles.csv');
    writeFileSync(file, 'title,salary\nClerk,20000\n');
    const run = () => execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./classify-titles.ts', import.meta.url)), file, '--currency', 'EUR'], { encoding: 'utf8', stdio: 'pipe' });
    expect(run).toThrow(/usage: npm run classify-titles/);
  });
});
