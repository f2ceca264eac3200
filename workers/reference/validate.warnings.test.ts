import { describe, expect, it } from 'vitest';
import type { ReferenceData } from '../../schema/reference/index.ts';
import { validateReferenceData } from './validate.ts';
import { anchoredRoleIndex, at, mutated, seed } from './test/seed.ts';

/** Each cross-check warning of the specification, from a minimal mutation of the seed: still ok, one warning. */

function warnings(change: (doc: ReferenceData) => void) {
  const result = validateReferenceData(mutated(change));
  expect(result.ok).toBe(true);
  return result.issues;
}

const ukCode = Object.keys(seed.occupations.uk)[0];
const anchored = anchoredRoleIndex(seed);
const anchorPath = `taxonomy.roles.${anchored}.anchor`;

describe('validateReferenceData: cross-check warnings', () => {
  it('warns when the 25th percentile is above the median', () => {
    const issues = warnings((d) => (d.occupations.uk[ukCode].p25 = d.occupations.uk[ukCode].median + 1));
    expect(at(issues, 'warning', `occupations.uk.${ukCode}.p25`)).toHaveLength(1);
  });

  it('warns when the 75th percentile is below the median', () => {
    const issues = warnings((d) => (d.occupations.uk[ukCode].p75 = d.occupations.uk[ukCode].median - 1));
    expect(at(issues, 'warning', `occupations.uk.${ukCode}.p75`)).toHaveLength(1);
  });

  it('warns when an anchor US code is missing from the exposure table', () => {
    const code = seed.taxonomy.roles[anchored].anchor!.usSoc2018;
    const issues = warnings((d) => delete d.occupations.aioe[code]);
    expect(at(issues, 'warning', `${anchorPath}.usSoc2018`).length).toBeGreaterThanOrEqual(1);
  });

  it('warns when an anchor percentile drifts by 0.05 from the exposure table', () => {
    const issues = warnings((d) => {
      const anchor = d.taxonomy.roles[anchored].anchor!;
      anchor.aioePercentile = d.occupations.aioe[anchor.usSoc2018].percentile + (anchor.aioePercentile > 50 ? -0.05 : 0.05);
    });
    expect(at(issues, 'warning', `${anchorPath}.aioePercentile`)).toHaveLength(1);
  });

  it('accepts an anchor percentile drifting by less than 0.05', () => {
    const issues = warnings((d) => {
      const anchor = d.taxonomy.roles[anchored].anchor!;
      anchor.aioePercentile = d.occupations.aioe[anchor.usSoc2018].percentile + (anchor.aioePercentile > 50 ? -0.04 : 0.04);
    });
    expect(at(issues, 'warning', `${anchorPath}.aioePercentile`)).toEqual([]);
  });

  it('warns when a rubric puts automation above augmentation', () => {
    const issues = warnings((d) => (d.taxonomy.roles[anchored].rubric = { automation: 1.2, augmentation: 0.8 }));
    expect(at(issues, 'warning', `taxonomy.roles.${anchored}.rubric`)).toHaveLength(1);
  });

  it('warns when the investment split does not sum to 100', () => {
    const issues = warnings((d) => (d.programme.investmentSplit[0].percent += 5));
    expect(at(issues, 'warning', 'programme.investmentSplit')[0].message).toMatch(/sum to 105/);
  });

  it('warns when the investment phase shares do not sum to 100', () => {
    const issues = warnings((d) => (d.programme.investmentPhases[0].share -= 5));
    expect(at(issues, 'warning', 'programme.investmentPhases')).toHaveLength(1);
  });

  it('warns when the curve falls', () => {
    const issues = warnings((d) => (d.programme.curve[2] = d.programme.curve[1] - 0.05));
    expect(at(issues, 'warning', 'programme.curve.2')).toHaveLength(1);
  });

  it('warns when lifecycle weights do not sum to 1', () => {
    const issues = warnings((d) => {
      const entry = d.lifecycles.defined[0].roleWeights[0];
      const phase = Object.keys(entry.weights)[0];
      entry.weights[phase] -= 0.1;
    });
    expect(at(issues, 'warning', 'lifecycles.defined.0.roleWeights.0.weights')).toHaveLength(1);
  });

  it('warns when category weights do not sum to 1', () => {
    const category = seed.taxonomy.roles[0].category;
    const issues = warnings((d) => {
      const lifecycle = d.lifecycles.defined[0];
      lifecycle.categoryWeights = { ...lifecycle.categoryWeights, [category]: { [lifecycle.phases[0].key]: 0.5 } };
    });
    expect(at(issues, 'warning', `lifecycles.defined.0.categoryWeights.${category}`)[0].message).toBe('weights sum to 0.5, not 1');
  });
});
