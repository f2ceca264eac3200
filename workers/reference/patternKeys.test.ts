import { describe, expect, it } from 'vitest';
import { extractPatternRequirements } from './patternKeys.ts';
import { RuleIndex, titleWords } from './ruleIndex.ts';

/** The key set the index files a pattern under (its cheapest requirement). */
const filedUnder = (pattern: string) => extractPatternRequirements(pattern)[0] ?? null;

describe('extractPatternRequirements', () => {
  it('keys a word bounded on both sides as an exact word', () => {
    expect(filedUnder('\\bpayroll (clerk|officer)\\b')).toEqual([{ word: 'payroll', kind: 'exact' }]);
  });

  it('sees through an optional group that ends in a space', () => {
    expect(filedUnder('\\b(senior )?accountant\\b')).toEqual([{ word: 'accountant', kind: 'exact' }]);
  });

  it('keys every branch of a top-level alternation', () => {
    expect(filedUnder('\\bnurse\\b|\\bmidwife\\b')).toEqual([
      { word: 'nurse', kind: 'exact' },
      { word: 'midwife', kind: 'exact' },
    ]);
  });

  it('keys a word followed by an optional letter as a prefix', () => {
    expect(filedUnder('\\bmanagers?\\b')).toEqual([{ word: 'manager', kind: 'prefix' }]);
  });

  it('keys a word after an optional word part as a suffix', () => {
    expect(filedUnder('(sub)?contractor\\b')).toEqual([{ word: 'contractor', kind: 'suffix' }]);
  });

  it('keys an unanchored word as a substring', () => {
    expect(filedUnder('payroll')).toEqual([{ word: 'payroll', kind: 'substring' }]);
  });

  it('lower-cases keys because patterns run case-insensitively', () => {
    expect(filedUnder('\\bIT Manager\\b')).toEqual([{ word: 'manager', kind: 'exact' }]);
  });

  it('gives no key when a branch has no literal word', () => {
    expect(filedUnder('\\bclerk\\b|^\\w+$')).toBeNull();
  });

  it('gives no key for a pure wildcard', () => {
    expect(filedUnder('.*')).toBeNull();
  });

  it('takes a word before a non-word literal as bounded', () => {
    expect(filedUnder('\\bc\\+\\+')).toEqual([{ word: 'c', kind: 'exact' }]);
  });
});

describe('extractPatternRequirements: conjunctions', () => {
  it('requires every literal word of a sequence', () => {
    expect(extractPatternRequirements('\\bpayroll (clerk|officer)\\b')).toEqual([
      [{ word: 'payroll', kind: 'exact' }],
      [{ word: 'clerk', kind: 'exact' }, { word: 'officer', kind: 'exact' }],
    ]);
  });

  it('requires the words inside a mandatory single-branch group', () => {
    expect(extractPatternRequirements('(?:senior accounts) clerk')).toEqual([
      [{ word: 'accounts', kind: 'exact' }],
      [{ word: 'senior', kind: 'suffix' }],
      [{ word: 'clerk', kind: 'prefix' }],
    ]);
  });

  it('requires nothing from an optional group', () => {
    expect(extractPatternRequirements('\\b(senior )?clerk\\b')).toEqual([[{ word: 'clerk', kind: 'exact' }]]);
  });

  it('requires nothing it cannot prove', () => {
    expect(extractPatternRequirements('.+')).toEqual([]);
  });
});

describe('titleWords', () => {
  it('splits on every character the regex engine treats as a non-word character', () => {
    expect(titleWords('c++ & c# dev café')).toEqual(['c', 'c', 'dev', 'caf']);
  });
});

/** Patterns exercising every construct the key extraction reasons about. */
const PATTERNS = [
  '\\bpayroll (clerk|administrator|officer)\\b',
  '\\b(senior |junior )?accountant\\b',
  '\\bmanagers?\\b',
  '(sub)?contractor\\b',
  'payroll',
  '^(?:chief|head) of finance',
  '\\bc\\+\\+',
  '\\b(data|bi) analyst',
  '\\bnurse|\\bmidwi',
  '\\b(a|)x\\b',
  '\\bpay[- ]?roll\\b',
  '\\b(?:[a-z]+ )?engineer\\b',
  '\\bhr\\b|human resources',
  '^consultant\\b(?! nurse)',
  'ist$',
  '\\b(team|shift) (lead|leader)s?\\b',
  '\\bdevelop(er|ment)\\b',
  '\\b\\w+ops\\b',
  'e\\s*n\\s*g',
  '\\b(?=sales)sales\\w*',
  '[0-9]+ ?hrs',
  '\\bx{2}\\b',
  '(?:senior|lead)\\s+(?:software|data)\\s+(?:engineer|scientist)',
  '.',
];

const TITLES = [
  'payroll clerk', 'senior payroll officer', 'payrolls', 'accountant', 'junior accountant', 'chartered accountants',
  'manager', 'managers', 'management', 'contractor', 'subcontractor', 'chief of finance', 'head of finance team',
  'c++ developer', 'c developer', 'bi analyst', 'data analysts', 'nurse', 'nursery nurse', 'midwife', 'ax', 'x',
  'payroll', 'pay roll', 'pay-roll', 'software engineer', 'engineer', 'engineering', 'hr', 'human resources',
  'human resource', 'consultant', 'consultant nurse', 'consultant surgeon', 'scientist', 'team lead', 'shift leaders',
  'developer', 'development', 'devops', 'dev ops', 'e n g', 'eng', 'salesman', 'sales', 'presales', '37 hrs',
  '37hrs', 'xx', 'xxx', 'senior software engineer', 'lead data  scientist', '', 'a', 'café manager',
];

function linearFirst(regexes: RegExp[], title: string): number {
  return regexes.findIndex((r) => r.test(title));
}

describe('RuleIndex', () => {
  it('finds the same first match as a linear scan for every construct', () => {
    const regexes = PATTERNS.map((p) => new RegExp(p, 'i'));
    const index = new RuleIndex(PATTERNS);
    for (const title of TITLES) {
      const indexed = index.candidates(title).find((i) => regexes[i].test(title)) ?? -1;
      expect([title, indexed]).toEqual([title, linearFirst(regexes, title)]);
    }
  });

  it('never drops a pattern that matches, whichever pattern comes first', () => {
    const regexes = PATTERNS.map((p) => new RegExp(p, 'i'));
    const index = new RuleIndex(PATTERNS);
    for (const title of TITLES) {
      const candidates = new Set(index.candidates(title));
      regexes.forEach((r, i) => {
        if (r.test(title)) expect([title, PATTERNS[i], candidates.has(i)]).toEqual([title, PATTERNS[i], true]);
      });
    }
  });

  it('returns candidates in ascending rule order', () => {
    const index = new RuleIndex(['\\bclerk\\b', '\\bpayroll\\b', '\\bpayroll clerk\\b']);
    expect(index.candidates('payroll clerk')).toEqual([0, 1, 2]);
  });

  it('skips rules sharing no word with the title', () => {
    const index = new RuleIndex(['\\bclerk\\b', '\\bnurse\\b']);
    expect(index.candidates('staff nurse')).toEqual([1]);
  });
});
