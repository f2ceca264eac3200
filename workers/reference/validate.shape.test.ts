import { describe, expect, it } from 'vitest';
import { validateReferenceData } from './validate.ts';
import { mutated, seed } from './test/seed.ts';

/** Shape rules: a shape failure gives data null and error issues with dot paths. */

function shapeErrors(doc: unknown) {
  const result = validateReferenceData(doc);
  expect(result.ok).toBe(false);
  expect(result.data).toBeNull();
  return result.issues;
}

const paths = (issues: { path: string }[]) => issues.map((i) => i.path);

describe('validateReferenceData: shape', () => {
  it('accepts the seed with zero errors', () => {
    const result = validateReferenceData(seed);
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.data?.schemaVersion).toBe(1);
  });

  it('accepts a document made before regions had currencies and before US pay', () => {
    const old = mutated((d) => {
      for (const region of d.locations.regions) {
        delete region.currency;
        delete region.employerCostMultiplier;
      }
      delete d.occupations.usPay;
    });
    expect(validateReferenceData(old).ok).toBe(true);
  });

  it('refuses a region currency that is not an ISO 4217 code', () => {
    const result = validateReferenceData(mutated((d) => (d.locations.regions[0].currency = 'pounds')));
    expect(result.data).toBeNull();
    expect(result.issues[0]?.path).toBe('locations.regions.0.currency');
  });

  it('refuses a schema version other than 1', () => {
    expect(paths(shapeErrors({ ...seed, schemaVersion: 2 }))).toEqual(['schemaVersion']);
  });

  it('refuses a document missing a section', () => {
    const { org: _org, ...rest } = seed;
    expect(paths(shapeErrors(rest))).toEqual(['org']);
  });

  it('refuses an unknown key', () => {
    expect(paths(shapeErrors(mutated((d) => Object.assign(d.org, { deepSpan: 3 }))))).toEqual(['org']);
  });

  it('refuses a US code that is not NN-NNNN', () => {
    const issues = shapeErrors(mutated((d) => (d.occupations.us['1A-1011'] = { title: 'Bad', major: '11' })));
    expect(paths(issues)).toEqual(['occupations.us.1A-1011']);
    expect(issues[0].message).toMatch(/NN-NNNN/);
  });

  it('refuses a UK code that is not four digits', () => {
    expect(paths(shapeErrors(mutated((d) => (d.occupations.ukDefaultCode = '41590'))))).toEqual(['occupations.ukDefaultCode']);
  });

  it('refuses an anchor US code in the wrong format', () => {
    const issues = shapeErrors(
      mutated((d) => {
        const role = d.taxonomy.roles.find((r) => r.anchor);
        if (role?.anchor) role.anchor.usSoc2018 = '111011';
      }),
    );
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toMatch(/^taxonomy\.roles\.\d+\.anchor\.usSoc2018$/);
  });

  it('refuses a pattern that is not a valid regex', () => {
    const issues = shapeErrors(mutated((d) => (d.taxonomy.rules[0].pattern = '\\b(payroll')));
    expect(paths(issues)).toEqual(['taxonomy.rules.0.pattern']);
    expect(issues[0].message).toMatch(/not a valid regex/);
  });

  it('refuses an unsafe pattern with its reason', () => {
    const issues = shapeErrors(mutated((d) => (d.taxonomy.rules[0].pattern = '(a)\\1')));
    expect(issues[0]).toMatchObject({ path: 'taxonomy.rules.0.pattern', message: 'unsafe pattern: backreferences are not allowed' });
  });

  it('refuses a pattern over 300 characters', () => {
    expect(paths(shapeErrors(mutated((d) => (d.taxonomy.rules[0].pattern = 'x'.repeat(301)))))).toEqual(['taxonomy.rules.0.pattern']);
  });

  it('refuses an unsafe pack overlay pattern', () => {
    const issues = shapeErrors(
      mutated((d) => d.packs[0].overlay.push({ pattern: '(?<=senior )clerk', usSoc2018: '43-9061', ukSoc2020: d.occupations.ukDefaultCode })),
    );
    expect(paths(issues)).toEqual([`packs.0.overlay.${seed.packs[0].overlay.length}.pattern`]);
  });

  it('refuses a region key that is not a lower-case slug', () => {
    expect(paths(shapeErrors(mutated((d) => (d.locations.regions[1].key = 'South East'))))).toEqual(['locations.regions.1.key']);
  });

  it('refuses a pack id that is not a lower-case slug', () => {
    expect(paths(shapeErrors(mutated((d) => (d.packs[1].id = 'Retail_Pack'))))).toEqual(['packs.1.id']);
  });

  it('refuses a fourth scenario', () => {
    const doc = mutated((d) => Object.assign(d.scenarios, { extreme: { automationRealised: 1, augmentationProductivity: 1 } }));
    expect(paths(shapeErrors(doc))).toEqual(['scenarios']);
  });

  it('refuses a missing scenario', () => {
    const doc = mutated((d) => delete (d.scenarios as Partial<typeof d.scenarios>).moderate);
    expect(paths(shapeErrors(doc))).toEqual(['scenarios.moderate']);
  });

  it('refuses three investment phases', () => {
    expect(paths(shapeErrors(mutated((d) => d.programme.investmentPhases.pop())))).toEqual(['programme.investmentPhases']);
  });

  it('refuses a missing ROI band', () => {
    const doc = mutated((d) => delete (d.programme.roiBands as Partial<typeof d.programme.roiBands>).moderate);
    expect(paths(shapeErrors(doc))).toEqual(['programme.roiBands.moderate']);
  });

  it('refuses a curve shorter than six periods', () => {
    expect(paths(shapeErrors(mutated((d) => (d.programme.curve = [0.5, 1]))))).toEqual(['programme.curve']);
  });

  it('refuses a rubric weight above 1.5', () => {
    expect(paths(shapeErrors(mutated((d) => (d.taxonomy.defaultRubric.automation = 1.6))))).toEqual(['taxonomy.defaultRubric.automation']);
  });

  it('refuses an exposure percentile above 100', () => {
    expect(paths(shapeErrors(mutated((d) => (d.exposure.horizonNowFrom = 101))))).toEqual(['exposure.horizonNowFrom']);
  });

  it('refuses an employer cost multiplier below 1', () => {
    expect(paths(shapeErrors(mutated((d) => (d.costs.employerCostMultiplier = 0.9))))).toEqual(['costs.employerCostMultiplier']);
  });

  it('refuses a category name over 80 characters', () => {
    expect(paths(shapeErrors(mutated((d) => (d.taxonomy.rules[0].category = 'c'.repeat(81)))))).toEqual(['taxonomy.rules.0.category']);
  });

  it('refuses four Copilot tiers becoming five', () => {
    const doc = mutated((d) => d.copilot.tiers.push({ key: 'extra', label: 'Extra', note: 'One too many.' }));
    expect(paths(shapeErrors(doc))).toEqual(['copilot.tiers']);
  });

  it('refuses an overlay rule giving a category without a subcategory', () => {
    const doc = mutated((d) => d.packs[0].overlay.push({ pattern: '\\bclerk\\b', usSoc2018: '43-9061', ukSoc2020: d.occupations.ukDefaultCode, category: 'Operations' }));
    expect(paths(shapeErrors(doc))).toEqual([`packs.0.overlay.${seed.packs[0].overlay.length}.subcategory`]);
  });

  it('refuses something that is not an object', () => {
    expect(shapeErrors('reference')).toHaveLength(1);
  });
});
