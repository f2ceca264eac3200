import { describe, expect, it } from 'vitest';
import { validateReferenceData } from '../reference/validate.ts';
import { compileReference } from '../reference/compile.ts';
import { seed } from '../reference/test/seed.ts';
import { classifyInContext } from './classify.ts';
import type { ListContext, RowContext } from './context.ts';
import { buildVariants, groupContexts, MAX_SCOPE_VALUES, pooledReading, scopeChoices, scopeCovers, scopeText, type TitleReading } from './variants.ts';

const list: ListContext = { currency: 'GBP', payScale: 1 };

const reading = (usSoc2018: string, ukSoc2020: string, fields: Partial<TitleReading> = {}): TitleReading => ({
  source: 'rules', usSoc2018, ukSoc2020, category: 'Finance', subcategory: 'Accountant', confidence: 0.8, reviewRequired: false, reason: null, alternatives: [], ...fields,
});

const rows = (count: number, context: RowContext): RowContext[] => Array.from({ length: count }, () => ({ ...context }));

describe('groupContexts', () => {
  it('groups a title’s rows by context key, most people first, each with its median pay and its pay range', () => {
    const groups = groupContexts([{ division: 'Sales', salary: 30000 }, { division: ' Finance', salary: 41000 }, { division: 'Finance ', salary: 40000 }, { division: 'Finance', salary: 43000 }], list);
    expect(groups.map((g) => [g.context.division, g.headcount, g.context.salary, g.payFrom, g.payTo])).toEqual([
      ['Finance', 3, 41000, 40000, 43000],
      ['Sales', 1, 30000, 30000, 30000],
    ]);
  });
});

describe('scopeChoices', () => {
  it('gives each kind of context the values a title’s rows hold, folded, most people first, ties by value, without blanks', () => {
    const choices = scopeChoices([
      ...rows(2, { division: 'Parks', grade: 'A1' }),
      ...rows(3, { division: ' Solid\u200b Waste ', grade: null }),
      ...rows(2, { division: 'Highways', group: '' }),
    ]);
    expect(choices).toEqual({
      division: [{ value: 'Solid Waste', headcount: 3 }, { value: 'Highways', headcount: 2 }, { value: 'Parks', headcount: 2 }],
      organisation: [],
      grade: [{ value: 'A1', headcount: 2 }],
      group: [],
    });
  });

  it('offers at most as many values as an override scope may hold', () => {
    const many = Array.from({ length: MAX_SCOPE_VALUES + 5 }, (_, i) => ({ division: `Unit ${String(i).padStart(3, '0')}` }));
    expect(scopeChoices(many).division).toHaveLength(MAX_SCOPE_VALUES);
  });
});

describe('buildVariants', () => {
  it('keeps one reading when every context gives the same codes', () => {
    const groups = groupContexts([...rows(3, { division: 'Finance' }), ...rows(2, { division: 'Sales' })], list);
    expect(buildVariants(groups, groups.map(() => reading('13-2011', '2421')), list, 0.7)).toBeNull();
  });

  it('names what split a variant, its people and the values of its context that no other variant holds', () => {
    const groups = groupContexts([...rows(3, { division: 'Legal' }), ...rows(1, { division: 'Legal Services' }), ...rows(2, { division: 'Sales' })], list);
    const readings = groups.map((g) => (g.context.division!.startsWith('Legal') ? reading('23-1011', '2412') : reading('41-3091', '3552')));
    expect(buildVariants(groups, readings, list, 0.7)!.map((v) => [v.label, v.headcount, v.splitBy, v.scope, v.contextKeys.length])).toEqual([
      ['Unit: Legal and 1 more', 4, ['division'], { kind: 'division', values: ['Legal', 'Legal Services'] }, 2],
      ['Unit: Sales', 2, ['division'], { kind: 'division', values: ['Sales'] }, 1],
    ]);
  });

  it('offers no scope for a split by pay alone: such a variant is corrected with the title everywhere', () => {
    const groups = groupContexts([...rows(2, { division: 'Finance', salary: 24000 }), ...rows(1, { division: 'Finance', salary: 90000 })], list);
    const readings = [reading('43-3031', '4122', { contextUsed: ['pay'] }), reading('11-3031', '1131', { contextUsed: ['pay'] })];
    expect(buildVariants(groups, readings, list, 0.7)!.map((v) => [v.label, v.scope])).toEqual([
      ['Pay: £24,000', null],
      ['Pay: £90,000', null],
    ]);
  });

  it('keeps an override’s own scope on the variant it took, and its rows apart from a coder reading of the same codes', () => {
    const scope = { kind: 'grade' as const, values: ['AO'] };
    const groups = groupContexts([...rows(2, { grade: 'EO' }), ...rows(1, { grade: 'AO' })], list);
    const readings = [reading('43-3031', '4122'), reading('43-3031', '4122', { source: 'override', overrideScope: scope })];
    expect(buildVariants(groups, readings, list, 0.7)!.map((v) => [v.source, v.label, v.scope])).toEqual([
      ['rules', 'Grade: EO', { kind: 'grade', values: ['EO'] }],
      ['override', 'Grade: AO', scope],
    ]);
  });

  it('splits a title the coder reads differently by professional group, and names the group (a seed with context weights)', () => {
    const doc = structuredClone(seed);
    Object.assign(doc.classification.coder!.settings, { contextGroup: 2, contextDivision: 2, contextOrganisation: 1, grade: 2, pay: 1 });
    const compiled = compileReference(validateReferenceData(doc).data!);
    const groups = groupContexts([...rows(3, { group: 'Economics' }), ...rows(2, { group: 'Policy' }), ...rows(1, {})], list);
    const readings = groups.map((g) => {
      const c = classifyInContext(compiled, 'Senior Adviser', g.context, list);
      return reading(c.usSoc2018!, c.ukSoc2020!, { confidence: c.confidence, reason: c.reason ?? null, ...(c.contextUsed && { contextUsed: c.contextUsed }) });
    });
    const variants = buildVariants(groups, readings, list, 0.7)!;
    expect(variants.map((v) => [v.label, v.headcount, v.scope])).toEqual([
      ['Professional group: Economics', 3, { kind: 'group', values: ['Economics'] }],
      ['Professional group: Policy', 2, { kind: 'group', values: ['Policy'] }],
      // The title's own reading, where no group is given: no value to limit a correction to.
      ['Professional group: not given', 1, null],
    ]);
    expect(variants[0]!.reason).toContain("in context: professional group 'Economics'");
  });
});

describe('pooledReading', () => {
  it('averages the coder\'s confidence over the people of contexts read alike, and flags review by the average', () => {
    const groups = groupContexts([...rows(3, { division: 'Finance' }), ...rows(1, { division: 'Sales' })], list);
    const pooled = pooledReading([
      { group: groups[0], reading: reading('13-2011', '2421', { confidence: 0.9 }) },
      { group: groups[1], reading: reading('13-2011', '2421', { confidence: 0.3, reviewRequired: true }) },
    ], 0.7);
    expect([pooled.confidence, pooled.reviewRequired]).toEqual([0.75, false]);
  });

  it('keeps a decision that holds in every context as it is', () => {
    const groups = groupContexts([...rows(3, { division: 'Finance' }), ...rows(1, { division: 'Sales' })], list);
    const ai = reading('13-2011', '2421', { source: 'ai', confidence: 0.5, reviewRequired: true });
    expect(pooledReading(groups.map((group) => ({ group, reading: ai })), 0.4)).toBe(ai);
  });
});

describe('override scopes', () => {
  it('take a row whose context of the kind holds one of the values, compared as the coder folds them', () => {
    const scope = { kind: 'division' as const, values: ['Fire Department'] };
    expect(scopeCovers(scope, { division: ' Fire  Department' })).toBe(true);
    expect(scopeCovers(scope, { division: 'Police Department' })).toBe(false);
    expect(scopeCovers(scope, {})).toBe(false);
  });

  it('are the same scope whatever the order or spacing of their values', () => {
    expect(scopeText({ kind: 'grade', values: ['SCS2', ' SCS1'] })).toBe(scopeText({ kind: 'grade', values: ['SCS1', 'SCS2', 'SCS1'] }));
    expect(scopeText(null)).toBe('');
  });
});
