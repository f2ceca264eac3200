import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ReferenceData, Role } from '../../schema/reference/index.ts';
import { compileReference } from '../reference/compile.ts';
import { classifyAiPick, classifyByPack, classifyByRules, classifyWithoutAi, matchText, PACK_CONFIDENCE, RULE_CONFIDENCE } from './classify.ts';

// The generated seed supplies every section; the taxonomy and packs are replaced by a small hand-made one.
const seed = JSON.parse(readFileSync(new URL('../../seeds/reference-v1.json', import.meta.url), 'utf8')) as ReferenceData;

const rubric = { automation: 1, augmentation: 1 };
const role = (category: string, subcategory: string, ukSoc2020: string | null, usSoc2018: string | null): Role => ({
  category,
  subcategory,
  ukSoc2020,
  anchor: usSoc2018 ? { usSoc2018, socTitle: seed.occupations.us[usSoc2018].title, aioePercentile: 50 } : null,
  rubric,
});

const roles: Role[] = [
  role('Finance', 'Payroll Administrator', '4122', '43-3051'),
  role('Finance', 'Accountant', '2421', '13-2011'),
  role('Legal', 'Solicitor', '2412', '23-1011'),
  role('Operations', 'Management Consultant', '2431', '13-1111'),
  role('Technology', 'Software Developer', '2134', '15-1252'),
  role('Other', 'Uncategorised', null, null),
];

function reference(coder?: ReferenceData['classification']['coder'], rules?: ReferenceData['taxonomy']['rules']): ReturnType<typeof compileReference> {
  const data: ReferenceData = {
    ...seed,
    // Without the scored coder unless given, so these tests read the rules alone.
    classification: { reviewThreshold: seed.classification.reviewThreshold, coder },
    taxonomy: {
      rules: rules ?? [
        { pattern: '^associate$', category: 'Legal', subcategory: 'Solicitor', division: 'Legal' },
        { pattern: '\\bpayroll (?:administrator|clerk)\\b', category: 'Finance', subcategory: 'Payroll Administrator' },
        { pattern: '\\baccountant\\b', category: 'Finance', subcategory: 'Accountant' },
        { pattern: '\\bpayroll\\b', category: 'Finance', subcategory: 'Accountant' },
        { pattern: '^associate$', category: 'Operations', subcategory: 'Management Consultant' },
      ],
      roles,
      defaultRubric: rubric,
    },
    packs: [
      { id: 'general', label: 'General', description: 'No overlay.', overlay: [] },
      {
        id: 'public-sector',
        label: 'Public sector',
        description: 'Test overlay.',
        overlay: [
          { pattern: '\\bpayroll officer\\b', usSoc2018: '43-3051', ukSoc2020: '4112', category: 'Finance', subcategory: 'Payroll Administrator' },
          { pattern: '\\bcode monkey\\b', usSoc2018: '15-1252', ukSoc2020: '2134' },
          { pattern: '\\baccountant\\b', usSoc2018: '13-2011', ukSoc2020: '2421' },
        ],
      },
    ],
  };
  return compileReference(data);
}

const compiled = reference();

describe('classifyByRules', () => {
  it('gives the role of the first matching rule, its codes and confidence 0.6 when the reference has no coder', () => {
    expect(classifyByRules(compiled, 'Payroll Administrator')).toEqual({
      usSoc2018: '43-3051',
      ukSoc2020: '4122',
      category: 'Finance',
      subcategory: 'Payroll Administrator',
      confidence: RULE_CONFIDENCE,
      source: 'rules',
      reason: "curated rule for 'Payroll Administrator'",
      alternatives: [],
    });
  });

  it('keeps document order: the earlier, more specific rule wins over a later general one', () => {
    expect(classifyByRules(compiled, 'Payroll Clerk').subcategory).toBe('Payroll Administrator');
    expect(classifyByRules(compiled, 'Payroll Supervisor').subcategory).toBe('Accountant');
  });

  it('cleans staff-list noise before matching', () => {
    expect(classifyByRules(compiled, 'Band 4 Payroll Administrator (Maternity Cover) - Leeds').subcategory).toBe('Payroll Administrator');
  });

  it('places an unmatched title in Other / Uncategorised with the default UK code, no US code and confidence 0 when the reference has no coder', () => {
    expect(classifyByRules(compiled, 'Chief Wibble Officer')).toEqual({
      usSoc2018: null,
      ukSoc2020: seed.occupations.ukDefaultCode,
      category: 'Other',
      subcategory: 'Uncategorised',
      confidence: 0,
      source: 'rules',
      reason: 'no rule or coder evidence',
      alternatives: [],
    });
  });

  it('applies a division-restricted rule only when the division matches exactly', () => {
    expect(classifyByRules(compiled, 'Associate', 'Legal').subcategory).toBe('Solicitor');
    expect(classifyByRules(compiled, 'Associate', 'legal').subcategory).toBe('Management Consultant');
    expect(classifyByRules(compiled, 'Associate').subcategory).toBe('Management Consultant');
  });
});

describe('classifyByRules with the scored coder: a curated rule\'s confidence', () => {
  const coder = { ...seed.classification.coder!, curatedConfidence: 0.8, curatedConfidenceByRole: { Accountant: 0.65 }, curatedDisputedConfidence: 0.5 };
  const compiled = reference(coder);

  it('is its role\'s own measured precision when the reference has one', () => {
    expect(classifyByRules(compiled, 'Management Accountant, Finance').confidence).toBe(0.65);
  });

  it('is at least the review threshold for a plain title the rule names whole, so it is not sent to review', () => {
    expect(classifyByRules(compiled, 'Senior Accountant').confidence).toBe(compiled.data.classification.reviewThreshold);
  });

  it('is the precision of all curated rules for a role without its own', () => {
    expect(classifyByRules(compiled, 'Payroll Administrator, Finance').confidence).toBe(0.8);
  });

  it('is at most the precision of disputed hits when the coder reads the title in another US major group', () => {
    // `\bpayroll\b` files it with the accountants (13); the coder reads a payroll officer as a payroll clerk (43).
    const disputed = classifyByRules(compiled, 'Payroll Officer');
    expect([disputed.subcategory, disputed.confidence]).toEqual(['Accountant', 0.5]);
  });

  it('is not raised to the review threshold when a wildcard in the rule takes words of the title', () => {
    const withWildcard = reference(coder, [{ pattern: '^.*\\baccountant$', category: 'Finance', subcategory: 'Accountant' }]);
    expect(classifyByRules(withWildcard, 'Accountant').confidence).toBe(compiled.data.classification.reviewThreshold);
    expect(classifyByRules(withWildcard, 'Flood Risk Accountant').confidence).toBe(0.65);
  });
});

describe('classifyByRules with the scored coder: an index title found whole', () => {
  const compiled = reference(seed.classification.coder);

  it('leaves an index title found whole below the review threshold when its UK code\'s US partners span several major groups', () => {
    // 2439 (business and related research professionals) pairs with policy analysts (19) and business specialists (13).
    const c = classifyByRules(compiled, 'Policy Manager');
    expect([c.usSoc2018, c.ukSoc2020]).toEqual(['19-3094', '2439']);
    expect(c.confidence).toBeLessThan(compiled.data.classification.reviewThreshold);
  });
});

describe('pack overlay', () => {
  it('wins over the rules with its own codes and confidence 0.8', () => {
    expect(classifyWithoutAi(compiled, 'Payroll Officer', { packId: 'public-sector' })).toEqual({
      usSoc2018: '43-3051',
      ukSoc2020: '4112',
      category: 'Finance',
      subcategory: 'Payroll Administrator',
      confidence: PACK_CONFIDENCE,
      source: 'pack',
    });
  });

  it('falls through to the rules when no overlay rule matches, or with the general pack', () => {
    expect(classifyWithoutAi(compiled, 'Payroll Clerk', { packId: 'public-sector' }).source).toBe('rules');
    expect(classifyWithoutAi(compiled, 'Payroll Officer', { packId: 'general' }).source).toBe('rules');
    expect(classifyByPack(compiled, 'no-such-pack', 'Payroll Officer')).toBeNull();
  });

  it('gives an overlay rule without a role the rule role when the rules place the title', () => {
    const c = classifyByPack(compiled, 'public-sector', 'Senior Accountant');
    expect([c?.usSoc2018, c?.subcategory]).toEqual(['13-2011', 'Accountant']);
  });

  it('gives an overlay rule without a role the role anchored on its US code when the rules do not place the title', () => {
    const c = classifyByPack(compiled, 'public-sector', 'Code Monkey');
    expect([c?.category, c?.subcategory, c?.ukSoc2020]).toEqual(['Technology', 'Software Developer', '2134']);
  });
});

describe('classifyAiPick: the role of codes picked by the model', () => {
  it('takes the rule role when the rules matched something other than Other / Uncategorised', () => {
    const c = classifyAiPick(compiled, 'Payroll Clerk', { usSoc2018: '43-3031', ukSoc2020: '4122', confidence: 0.9 });
    expect(c).toEqual({
      usSoc2018: '43-3031',
      ukSoc2020: '4122',
      category: 'Finance',
      subcategory: 'Payroll Administrator',
      confidence: 0.9,
      source: 'ai',
    });
  });

  it('else takes the role whose anchor has the same US code', () => {
    const c = classifyAiPick(compiled, 'Code Wrangler', { usSoc2018: '15-1252', ukSoc2020: '2134', confidence: 0.7 });
    expect(c.subcategory).toBe('Software Developer');
  });

  it('else falls back to Other / Uncategorised while keeping the picked codes', () => {
    const c = classifyAiPick(compiled, 'Code Wrangler', { usSoc2018: '51-9199', ukSoc2020: '8119', confidence: 0.4 });
    expect([c.category, c.subcategory, c.usSoc2018, c.ukSoc2020]).toEqual(['Other', 'Uncategorised', '51-9199', '8119']);
  });
});

describe('matchText', () => {
  it('is the cleaned title in normalised form', () => {
    expect(matchText('Sr. Payroll Admin (FTC) - London')).toBe('senior payroll administrator');
  });
});
