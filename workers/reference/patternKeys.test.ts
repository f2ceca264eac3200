import { describe, expect, it } from 'vitest';
import { extractPatternBranches } from './patternKeys.ts';
import { RuleIndex, titleWords } from './ruleIndex.ts';

/** The union of each branch's shortest-word key set, or null when a branch has none. */
function filedUnder(pattern: string) {
  const branches = extractPatternBranches(pattern);
  if (!branches) return null;
  const keys = [];
  for (const branch of branches) {
    if (!branch.length) return null;
    keys.push(...branch.reduce((a, b) => (Math.min(...b.map((k) => -k.word.length)) < Math.min(...a.map((k) => -k.word.length)) ? b : a)));
  }
  return keys;
}

describe('extractPatternBranches', () => {
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

describe('extractPatternBranches: conjunctions', () => {
  it('requires every literal word of a sequence', () => {
    expect(extractPatternBranches('\\bpayroll (clerk|officer)\\b')).toEqual([
      [[{ word: 'payroll', kind: 'exact' }], [{ word: 'clerk', kind: 'exact' }, { word: 'officer', kind: 'exact' }]],
    ]);
  });

  it('requires the words inside a mandatory single-branch group', () => {
    expect(extractPatternBranches('(?:senior accounts) clerk')).toEqual([
      [[{ word: 'senior', kind: 'suffix' }], [{ word: 'accounts', kind: 'exact' }], [{ word: 'clerk', kind: 'prefix' }]],
    ]);
  });

  it('keeps each top-level alternative as its own branch', () => {
    expect(extractPatternBranches('\\bdie stamper\\b|\\bdie\\b.*\\bstamper\\b')).toEqual([
      [[{ word: 'die', kind: 'exact' }], [{ word: 'stamper', kind: 'exact' }]],
      [[{ word: 'die', kind: 'exact' }], [{ word: 'stamper', kind: 'exact' }]],
    ]);
  });

  it('requires nothing from an optional group', () => {
    expect(extractPatternBranches('\\b(senior )?clerk\\b')).toEqual([[[{ word: 'clerk', kind: 'exact' }]]]);
  });

  it('requires nothing it cannot prove', () => {
    expect(extractPatternBranches('.+')).toEqual([[]]);
  });

  it('gives up on syntax it does not analyse', () => {
    expect(extractPatternBranches('(?i:clerk)')).toBeNull();
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

  it('skips a rule whose other required words are missing from the title', () => {
    const index = new RuleIndex(['\\bpayroll clerk\\b', '\\bclerk\\b']);
    expect(index.candidates('filing clerk')).toEqual([1]);
  });

  it('files a rule under its word the fewest rules use', () => {
    const index = new RuleIndex(['\\bmanager\\b', '\\bshop manager\\b', '\\bbank manager\\b', '\\bmanager\\b.*\\bpayroll\\b']);
    expect(index.candidates('payroll manager')).toEqual([0, 3]);
    expect(index.candidates('shop manager')).toEqual([0, 1]);
  });

  it('skips rules sharing no word with the title', () => {
    const index = new RuleIndex(['\\bclerk\\b', '\\bnurse\\b']);
    expect(index.candidates('staff nurse')).toEqual([1]);
  });
});
