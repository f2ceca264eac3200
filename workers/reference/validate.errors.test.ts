import { describe, expect, it } from 'vitest';
import type { ReferenceData } from '../../schema/reference/index.ts';
import { validateReferenceData } from './validate.ts';
import { anchoredRoleIndex, at, mutated, seed } from './test/seed.ts';

/** Each cross-check error of the specification, from a minimal mutation of the seed. */

function errorsAt(change: (doc: ReferenceData) => void, path: string) {
  const result = validateReferenceData(mutated(change));
  expect(result.data).not.toBeNull();
  expect(result.ok).toBe(false);
  return at(result.issues, 'error', path);
}

const otherIndex = seed.taxonomy.roles.findIndex((r) => r.category === 'Other' && r.subcategory === 'Uncategorised');
const pricedRoleIndex = seed.taxonomy.roles.findIndex((r) => r.ukSoc2020 !== null);
const firstUsCode = Object.keys(seed.occupations.us)[0];

describe('validateReferenceData: cross-check errors', () => {
  it('reports a US occupation in an unknown major group', () => {
    expect(errorsAt((d) => (d.occupations.us[firstUsCode].major = '99'), `occupations.us.${firstUsCode}.major`)[0].message).toBe('unknown major group 99');
  });

  it('reports an unknown major group among the migratable majors', () => {
    expect(errorsAt((d) => d.gcc.migratableSocMajors.push('99'), `gcc.migratableSocMajors.${seed.gcc.migratableSocMajors.length}`)).toHaveLength(1);
  });

  it('reports an unknown major group in the Copilot fit table', () => {
    expect(errorsAt((d) => (d.copilot.fitBySocMajor['99'] = d.copilot.defaultTier), 'copilot.fitBySocMajor.99')).toHaveLength(1);
  });

  it('reports an unknown major group in the benchmark groups', () => {
    expect(errorsAt((d) => (d.benchmark.aeiGroups[0].socMajor = '99'), 'benchmark.aeiGroups.0.socMajor')).toHaveLength(1);
  });

  it('reports a role whose UK code has no pay', () => {
    const path = `taxonomy.roles.${pricedRoleIndex}.ukSoc2020`;
    expect(errorsAt((d) => (d.taxonomy.roles[pricedRoleIndex].ukSoc2020 = '9999'), path)[0].message).toMatch(/9999 has no pay/);
  });

  it('reports a default UK code without pay', () => {
    expect(errorsAt((d) => (d.occupations.ukDefaultCode = '9999'), 'occupations.ukDefaultCode')).toHaveLength(1);
  });

  it('reports an overlay UK code without pay', () => {
    const n = seed.packs[0].overlay.length;
    const path = `packs.0.overlay.${n}.ukSoc2020`;
    expect(errorsAt((d) => d.packs[0].overlay.push({ pattern: '\\bclerk\\b', usSoc2018: firstUsCode, ukSoc2020: '9999' }), path)).toHaveLength(1);
  });

  it('reports a duplicate role', () => {
    const path = `taxonomy.roles.${seed.taxonomy.roles.length}`;
    expect(errorsAt((d) => d.taxonomy.roles.push(structuredClone(d.taxonomy.roles[0])), path)[0].message).toMatch(/duplicate role/);
  });

  it('reports a rule pointing at a missing role', () => {
    expect(errorsAt((d) => (d.taxonomy.rules[0].subcategory = 'No Such Role Type'), 'taxonomy.rules.0')[0].message).toMatch(/missing role/);
  });

  it('reports a missing Other / Uncategorised role', () => {
    expect(errorsAt((d) => d.taxonomy.roles.splice(otherIndex, 1), 'taxonomy.roles')[0].message).toBe('no Other / Uncategorised role');
  });

  it('reports augFloor above augCeil', () => {
    expect(errorsAt((d) => (d.exposure.augFloor = d.exposure.augCeil + 1), 'exposure.augFloor')).toHaveLength(1);
  });

  it('reports the near horizon not below the now horizon', () => {
    expect(errorsAt((d) => (d.exposure.horizonNearFrom = d.exposure.horizonNowFrom), 'exposure.horizonNearFrom')).toHaveLength(1);
  });

  it('reports a duplicate region key', () => {
    expect(errorsAt((d) => (d.locations.regions[2].key = d.locations.regions[1].key), 'locations.regions.2.key')).toHaveLength(1);
  });

  it('reports a country alias used by two regions, whatever its case', () => {
    const alias = seed.locations.regions[1].countryAliases[0];
    const path = `locations.regions.2.countryAliases.${seed.locations.regions[2].countryAliases.length}`;
    expect(errorsAt((d) => d.locations.regions[2].countryAliases.push(alias.toUpperCase()), path)).toHaveLength(1);
  });

  it('reports a missing baseline region', () => {
    expect(errorsAt((d) => (d.locations.baselineRegion = 'atlantis'), 'locations.baselineRegion')).toHaveLength(1);
  });

  it('reports a baseline region whose factor is not 1', () => {
    const i = seed.locations.regions.findIndex((r) => r.key === seed.locations.baselineRegion);
    expect(errorsAt((d) => (d.locations.regions[i].defaultFactor = 1.1), `locations.regions.${i}.defaultFactor`)).toHaveLength(1);
  });

  it('reports a baseline region priced in a currency other than pounds', () => {
    const i = seed.locations.regions.findIndex((r) => r.key === seed.locations.baselineRegion);
    expect(errorsAt((d) => (d.locations.regions[i].currency = 'EUR'), `locations.regions.${i}.currency`)).toHaveLength(1);
  });

  it('reports US pay for a region that is not defined', () => {
    const usPay = { region: 'atlantis', medians: {}, proxyMedians: {}, fallbackMedian: 49_500 };
    expect(errorsAt((d) => (d.occupations.usPay = usPay), 'occupations.usPay.region')).toHaveLength(1);
  });

  it('reports US pay for a region not paid in US dollars', () => {
    const usPay = { region: seed.locations.baselineRegion, medians: {}, proxyMedians: {}, fallbackMedian: 49_500 };
    expect(errorsAt((d) => (d.occupations.usPay = usPay), 'occupations.usPay.region')).toHaveLength(1);
  });

  it('reports US pay for a code the US catalogue lacks', () => {
    const change = (d: ReferenceData) => {
      const region = d.locations.regions.find((r) => r.key === 'united-states')!;
      region.currency = 'USD';
      d.occupations.usPay = { region: 'united-states', medians: { '19-9999': 50_000 }, proxyMedians: {}, fallbackMedian: 49_500 };
    };
    expect(errorsAt(change, 'occupations.usPay.medians.19-9999')).toHaveLength(1);
  });

  it('reports a scenario realising more than the next one', () => {
    const path = 'scenarios.aggressive.automationRealised';
    expect(errorsAt((d) => (d.scenarios.moderate.automationRealised = d.scenarios.aggressive.automationRealised + 0.01), path)).toHaveLength(1);
  });

  it('reports an inverted ROI band', () => {
    expect(errorsAt((d) => (d.programme.roiBands.moderate = { low: 4, high: 3 }), 'programme.roiBands.moderate')).toHaveLength(1);
  });

  it('reports an inverted reinvestment component', () => {
    const path = 'programme.reinvestment.components.0';
    expect(errorsAt((d) => Object.assign(d.programme.reinvestment.components[0], { low: 20, high: 10 }), path)).toHaveLength(1);
  });

  it('reports inverted reinvestment totals', () => {
    const path = 'programme.reinvestment.totals';
    expect(errorsAt((d) => (d.programme.reinvestment.totals = { low: 50, high: 40 }), path)).toHaveLength(1);
  });

  it('reports offshoreBelow above onshoreFrom', () => {
    expect(errorsAt((d) => (d.gcc.offshoreBelow = d.gcc.onshoreFrom + 1), 'gcc.offshoreBelow')).toHaveLength(1);
  });

  it('reports narrowSpan not below wideSpan', () => {
    expect(errorsAt((d) => (d.org.narrowSpan = d.org.wideSpan), 'org.narrowSpan')).toHaveLength(1);
  });

  it('reports a duplicate phase key in the generic lifecycle', () => {
    expect(errorsAt((d) => (d.lifecycles.generic.phases[1].key = d.lifecycles.generic.phases[0].key), 'lifecycles.generic.phases.1.key')).toHaveLength(1);
  });

  it('reports a duplicate phase key in a defined lifecycle', () => {
    const path = 'lifecycles.defined.0.phases.1.key';
    expect(errorsAt((d) => (d.lifecycles.defined[0].phases[1].key = d.lifecycles.defined[0].phases[0].key), path)).toHaveLength(1);
  });

  it('reports a category placed in an undefined phase', () => {
    const category = Object.keys(seed.lifecycles.generic.categoryPhase)[0];
    const path = `lifecycles.generic.categoryPhase.${category}`;
    expect(errorsAt((d) => (d.lifecycles.generic.categoryPhase[category] = 'nowhere'), path)).toHaveLength(1);
  });

  it('reports a default phase that is not defined', () => {
    expect(errorsAt((d) => (d.lifecycles.generic.defaultPhase = 'nowhere'), 'lifecycles.generic.defaultPhase')).toHaveLength(1);
  });

  it('reports role weights on an undefined phase', () => {
    const path = 'lifecycles.defined.0.roleWeights.0.weights.nowhere';
    expect(errorsAt((d) => (d.lifecycles.defined[0].roleWeights[0].weights = { nowhere: 1 }), path)).toHaveLength(1);
  });

  it('reports category weights on an undefined phase', () => {
    const category = seed.taxonomy.roles[0].category;
    const path = `lifecycles.defined.0.categoryWeights.${category}.nowhere`;
    expect(errorsAt((d) => (d.lifecycles.defined[0].categoryWeights = { [category]: { nowhere: 1 } }), path)).toHaveLength(1);
  });

  it('reports an unknown auto lifecycle', () => {
    expect(errorsAt((d) => (d.lifecycles.autoLifecycleId = 'space-industry'), 'lifecycles.autoLifecycleId')).toHaveLength(1);
  });

  it('reports a duplicate pack', () => {
    expect(errorsAt((d) => (d.packs[2].id = d.packs[1].id), 'packs.2.id')).toHaveLength(1);
  });

  it('reports a pack naming an unknown lifecycle', () => {
    expect(errorsAt((d) => (d.packs[1].lifecycleId = 'space-industry'), 'packs.1.lifecycleId')).toHaveLength(1);
  });

  it('reports a pack rule with an unknown US code', () => {
    const rule = seed.packs.findIndex((p) => p.overlay.length > 0);
    const path = `packs.${rule}.overlay.0.usSoc2018`;
    expect(errorsAt((d) => (d.packs[rule].overlay[0].usSoc2018 = '99-9999'), path)[0].message).toBe('unknown US code 99-9999');
  });

  it('reports a missing general pack', () => {
    const general = seed.packs.findIndex((p) => p.id === 'general');
    expect(errorsAt((d) => d.packs.splice(general, 1), 'packs')[0].message).toBe('the general pack is missing');
  });

  it('reports a source whose id does not match its key', () => {
    const key = Object.keys(seed.sources)[0];
    expect(errorsAt((d) => (d.sources[key].id = 'something-else'), `sources.${key}.id`)).toHaveLength(1);
  });

  it('reports an anchor US code missing from the catalogue', () => {
    const i = anchoredRoleIndex(seed);
    const path = `taxonomy.roles.${i}.anchor.usSoc2018`;
    expect(errorsAt((d) => (d.taxonomy.roles[i].anchor!.usSoc2018 = '99-9999'), path)[0].message).toMatch(/not in occupations\.us/);
  });
});
