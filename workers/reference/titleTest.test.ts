import { describe, expect, it } from 'vitest';
import { compileReference } from './compile.ts';
import { seed } from './test/seed.ts';
import { ContextRefused, TitleTester, testTitle } from './titleTest.ts';

describe('testing a title against a reference document', () => {
  const compiled = compileReference(seed);

  it('names the curated taxonomy rule that decides a title, by its index', () => {
    const result = testTitle(compiled, 'Senior Payroll Clerk');
    expect(result.decidedBy.kind).toBe('rule');
    const decided = result.decidedBy as Extract<typeof result.decidedBy, { kind: 'rule' }>;
    expect(seed.taxonomy.rules[decided.ruleIndex]!.pattern).toBe(decided.pattern);
    expect(result.classification).toMatchObject({ usSoc2018: '43-3051', ukSoc2020: '4122', source: 'rules' });
    expect(result.classification.reason).toBe("curated rule for 'Payroll Administrator'");
  });

  it('names the pack overlay rule when the engagement’s pack places the title first', () => {
    const result = testTitle(compiled, 'Bank Cashier', { packId: 'financial-services' });
    expect(result.decidedBy).toMatchObject({ kind: 'pack', packId: 'financial-services', overlayIndex: 0 });
    expect(result.classification).toMatchObject({ source: 'pack', usSoc2018: '43-3071', ukSoc2020: '4123' });
  });

  it('says the coder’s evidence decides a title no curated rule matches, with its reason and alternatives', () => {
    const result = testTitle(compiled, 'Trainee underwater welder');
    expect(result.decidedBy.kind).toBe('coder');
    expect(result.classification.reason).toMatch(/^head 'welder'/);
    expect(result.classification.alternatives!.length).toBeGreaterThan(0);
  });

  it('says nothing decides a title neither the rules nor the coder know', () => {
    const result = testTitle(compiled, 'Xyzzy');
    expect(result.decidedBy.kind).toBe('none');
    expect(result.classification).toMatchObject({ category: 'Other', subcategory: 'Uncategorised', confidence: 0 });
  });

  it('sees an edited draft: a new first rule takes the title', () => {
    const draft = structuredClone(seed);
    draft.taxonomy.rules.unshift({ pattern: '\\bpayroll clerk\\b', category: 'Finance', subcategory: 'Accounts Assistant' });
    const tester = new TitleTester();
    tester.load(draft);
    const result = tester.test('Payroll Clerk');
    expect(result.decidedBy).toMatchObject({ kind: 'rule', ruleIndex: 0 });
    expect(result.classification.subcategory).toBe('Accounts Assistant');
  });

  it('reads a title in its context as a dataset row is read: a fire department\'s lieutenant is a fire officer, a police department\'s a police supervisor', () => {
    const fire = testTitle(compiled, 'Lieutenant', { division: 'Fire Department' });
    const police = testTitle(compiled, 'Lieutenant', { division: 'Police Department' });
    expect([fire.classification.usSoc2018, police.classification.usSoc2018]).toEqual(['33-1021', '33-1012']);
    expect(fire.decidedBy).toEqual({ kind: 'context', used: ['division'] });
    expect(fire.alone?.usSoc2018).toBe(testTitle(compiled, 'Lieutenant').classification.usSoc2018);
  });

  it('lets a grade set the level the title leaves open: a head of fees on an administrative officer\'s grade is no senior official', () => {
    const result = testTitle(compiled, 'Head of Fees', { grade: 'AO', salary: 21_000, currency: 'GBP' });
    expect(result.classification.usSoc2018?.slice(0, 2)).toBe('43');
    expect(result.decidedBy).toMatchObject({ kind: 'context' });
    expect(result.alone?.usSoc2018?.slice(0, 2)).toBe('11');
  });

  it('keeps the title\'s own reading, decided as before, when the context does not change it', () => {
    const result = testTitle(compiled, 'Senior Payroll Clerk', { organisation: 'Department for Transport', grade: 'EO' });
    expect(result.decidedBy.kind).toBe('rule');
    expect(result.alone).toBeNull();
  });

  it('lets a pack\'s overlay decide the title in any context', () => {
    const result = testTitle(compiled, 'Bank Cashier', { packId: 'financial-services', division: 'Fire Department', grade: 'SCS1' });
    expect(result.decidedBy).toMatchObject({ kind: 'pack' });
    expect(result.classification.source).toBe('pack');
  });

  it('refuses a context value that holds an email address, however it is written', () => {
    expect(() => testTitle(compiled, 'Lieutenant', { division: 'ann\u200b＠example.org' })).toThrow(ContextRefused);
    expect(() => testTitle(compiled, 'Lieutenant', { group: 'ann (at) example (dot) org' })).toThrow(ContextRefused);
  });

  it('reads a unit as a dataset stores it, so the rule it names is the one that decides (invisible characters and doubled spaces removed)', () => {
    const result = testTitle(compiled, 'Partner', { division: 'Legal\u200b  Services' });
    expect(result.decidedBy).toMatchObject({ kind: 'rule', division: 'Legal Services' });
    expect(result.classification.subcategory).toBe('Solicitor');
  });

  it('refuses to test before a document is loaded', () => {
    expect(() => new TitleTester().test('Nurse')).toThrow('Load a reference document');
  });
});
