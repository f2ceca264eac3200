import type { ReferenceData } from '../../schema/reference/index.ts';
import { GENERIC_LIFECYCLE_ID, SCENARIO_KEYS } from '../../schema/reference/index.ts';
import { PERCENT_SUM_TOLERANCE, SHARE_SUM_TOLERANCE, type IssueCollector } from './issues.ts';

/** Cross-checks of the policy sections: thresholds, regions, scenarios, programme, lifecycles, Copilot. */

/** Reports every key after its first occurrence. */
function reportDuplicates(keys: string[], pathOf: (i: number) => string, what: string, out: IssueCollector): Set<string> {
  const seen = new Set<string>();
  keys.forEach((key, i) => {
    if (seen.has(key)) out.error(pathOf(i), `duplicate ${what} ${key}`);
    seen.add(key);
  });
  return seen;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function checkThresholds(data: ReferenceData, out: IssueCollector): void {
  const { exposure, gcc, org } = data;
  if (exposure.augFloor > exposure.augCeil) {
    out.error('exposure.augFloor', `augFloor ${exposure.augFloor} is above augCeil ${exposure.augCeil}`);
  }
  if (exposure.horizonNearFrom >= exposure.horizonNowFrom) {
    out.error('exposure.horizonNearFrom', `horizonNearFrom ${exposure.horizonNearFrom} must be below horizonNowFrom ${exposure.horizonNowFrom}`);
  }
  if (gcc.offshoreBelow > gcc.onshoreFrom) {
    out.error('gcc.offshoreBelow', `offshoreBelow ${gcc.offshoreBelow} is above onshoreFrom ${gcc.onshoreFrom}`);
  }
  gcc.migratableSocMajors.forEach((major, i) => {
    if (!(major in data.occupations.usMajorGroups)) out.error(`gcc.migratableSocMajors.${i}`, `unknown major group ${major}`);
  });
  const subcategories = new Set(data.taxonomy.roles.map((r) => r.subcategory));
  gcc.migratableSubcategories.forEach((name, i) => {
    if (!subcategories.has(name)) out.warning(`gcc.migratableSubcategories.${i}`, `subcategory ${name} is not in the taxonomy`);
  });
  if (org.narrowSpan >= org.wideSpan) {
    out.error('org.narrowSpan', `narrowSpan ${org.narrowSpan} must be below wideSpan ${org.wideSpan}`);
  }
}

export function checkLocations(data: ReferenceData, out: IssueCollector): void {
  const { regions, baselineRegion } = data.locations;
  reportDuplicates(regions.map((r) => r.key), (i) => `locations.regions.${i}.key`, 'region', out);
  const aliasOwner = new Map<string, string>();
  regions.forEach((region, i) => {
    region.countryAliases.forEach((alias, j) => {
      const key = alias.trim().toLowerCase();
      const owner = aliasOwner.get(key);
      if (owner !== undefined) out.error(`locations.regions.${i}.countryAliases.${j}`, `duplicate country alias ${alias} (also in ${owner})`);
      else aliasOwner.set(key, region.key);
    });
  });
  const baselineIndex = regions.findIndex((r) => r.key === baselineRegion);
  if (baselineIndex < 0) out.error('locations.baselineRegion', `baseline region ${baselineRegion} is not defined`);
  else if (regions[baselineIndex].defaultFactor !== 1) {
    out.error(`locations.regions.${baselineIndex}.defaultFactor`, `the baseline region's factor must be 1, not ${regions[baselineIndex].defaultFactor}`);
  }
  // UK pay (ASHE) prices the baseline's lists, and it is in pounds.
  const baselineCurrency = regions[baselineIndex]?.currency;
  if (baselineCurrency !== undefined && baselineCurrency !== 'GBP') {
    out.error(`locations.regions.${baselineIndex}.currency`, `the baseline region is priced with UK pay in pounds, so its currency must be GBP, not ${baselineCurrency}`);
  }
  const usPay = data.occupations.usPay;
  if (usPay) {
    const usRegion = regions.find((r) => r.key === usPay.region);
    if (!usRegion) out.error('occupations.usPay.region', `region ${usPay.region} is not defined`);
    else if (usRegion.currency !== 'USD') {
      out.error('occupations.usPay.region', `US pay is in US dollars, so region ${usPay.region} needs the currency USD, not ${usRegion.currency ?? 'none'}`);
    }
  }
}

export function checkScenarios(data: ReferenceData, out: IssueCollector): void {
  for (const field of ['automationRealised', 'augmentationProductivity'] as const) {
    for (let k = 1; k < SCENARIO_KEYS.length; k++) {
      const lower = SCENARIO_KEYS[k - 1];
      const upper = SCENARIO_KEYS[k];
      if (data.scenarios[lower][field] > data.scenarios[upper][field]) {
        out.error(`scenarios.${upper}.${field}`, `${upper} ${field} is below ${lower}'s; scenarios must not fall from conservative to aggressive`);
      }
    }
  }
}

export function checkProgramme(data: ReferenceData, out: IssueCollector): void {
  const p = data.programme;
  p.curve.forEach((value, i) => {
    if (i > 0 && value < p.curve[i - 1]) out.warning(`programme.curve.${i}`, `the curve falls from ${p.curve[i - 1]} to ${value}`);
  });
  if (p.curve[p.curve.length - 1] !== 1) out.warning(`programme.curve.${p.curve.length - 1}`, 'the curve should end at 1 (full run rate)');

  const { components, totals } = p.reinvestment;
  reportDuplicates(components.map((c) => c.key), (i) => `programme.reinvestment.components.${i}.key`, 'component', out);
  components.forEach((c, i) => {
    if (c.low > c.high) out.error(`programme.reinvestment.components.${i}`, `low ${c.low} is above high ${c.high}`);
  });
  if (totals.low > totals.high) out.error('programme.reinvestment.totals', `low ${totals.low} is above high ${totals.high}`);
  for (const bound of ['low', 'high'] as const) {
    const parts = sum(components.map((c) => c[bound]));
    if (Math.abs(parts - totals[bound]) > PERCENT_SUM_TOLERANCE) {
      out.warning(`programme.reinvestment.totals.${bound}`, `total ${totals[bound]} differs from the components' sum ${parts}`);
    }
  }

  reportDuplicates(p.investmentSplit.map((s) => s.key), (i) => `programme.investmentSplit.${i}.key`, 'investment item', out);
  const split = sum(p.investmentSplit.map((s) => s.percent));
  if (Math.abs(split - 100) > PERCENT_SUM_TOLERANCE) out.warning('programme.investmentSplit', `percents sum to ${split}, not 100`);

  for (const k of SCENARIO_KEYS) {
    const band = p.roiBands[k];
    if (band.low > band.high) out.error(`programme.roiBands.${k}`, `low ${band.low} is above high ${band.high}`);
  }

  reportDuplicates(p.investmentPhases.map((s) => s.key), (i) => `programme.investmentPhases.${i}.key`, 'phase', out);
  p.investmentPhases.forEach((phase, i) => {
    if (phase.fromMonth >= phase.toMonth) out.error(`programme.investmentPhases.${i}`, `phase ends (month ${phase.toMonth}) before it starts (month ${phase.fromMonth})`);
  });
  const shares = sum(p.investmentPhases.map((s) => s.share));
  if (Math.abs(shares - 100) > PERCENT_SUM_TOLERANCE) out.warning('programme.investmentPhases', `phase shares sum to ${shares}, not 100`);
}

export function checkLifecycles(data: ReferenceData, out: IssueCollector): void {
  const { generic, defined, autoLifecycleId } = data.lifecycles;
  const categories = new Set(data.taxonomy.roles.map((r) => r.category));
  const subcategories = new Set(data.taxonomy.roles.map((r) => r.subcategory));

  const genericKeys = reportDuplicates(generic.phases.map((p) => p.key), (i) => `lifecycles.generic.phases.${i}.key`, 'phase', out);
  for (const [category, phase] of Object.entries(generic.categoryPhase)) {
    const path = `lifecycles.generic.categoryPhase.${category}`;
    if (!genericKeys.has(phase)) out.error(path, `phase ${phase} is not a generic phase`);
    if (!categories.has(category)) out.warning(path, `category ${category} is not in the taxonomy`);
  }
  if (!genericKeys.has(generic.defaultPhase)) out.error('lifecycles.generic.defaultPhase', `phase ${generic.defaultPhase} is not a generic phase`);

  const ids = new Set<string>([GENERIC_LIFECYCLE_ID]);
  defined.forEach((lifecycle, i) => {
    const path = `lifecycles.defined.${i}`;
    if (ids.has(lifecycle.id)) out.error(`${path}.id`, `duplicate lifecycle ${lifecycle.id}`);
    ids.add(lifecycle.id);
    const keys = reportDuplicates(lifecycle.phases.map((p) => p.key), (j) => `${path}.phases.${j}.key`, 'phase', out);
    const checkWeights = (weights: Record<string, number>, weightsPath: string) => {
      for (const phase of Object.keys(weights)) {
        if (!keys.has(phase)) out.error(`${weightsPath}.${phase}`, `phase ${phase} is not defined in ${lifecycle.id}`);
      }
      const total = sum(Object.values(weights));
      if (Math.abs(total - 1) > SHARE_SUM_TOLERANCE) out.warning(weightsPath, `weights sum to ${total}, not 1`);
    };
    lifecycle.roleWeights.forEach((entry, j) => {
      const entryPath = `${path}.roleWeights.${j}`;
      checkWeights(entry.weights, `${entryPath}.weights`);
      if (!subcategories.has(entry.subcategory)) out.warning(`${entryPath}.subcategory`, `subcategory ${entry.subcategory} is not in the taxonomy`);
    });
    for (const [category, weights] of Object.entries(lifecycle.categoryWeights ?? {})) {
      checkWeights(weights, `${path}.categoryWeights.${category}`);
      if (!categories.has(category)) out.warning(`${path}.categoryWeights.${category}`, `category ${category} is not in the taxonomy`);
    }
  });
  if (autoLifecycleId !== null && !defined.some((l) => l.id === autoLifecycleId)) {
    out.error('lifecycles.autoLifecycleId', `unknown lifecycle ${autoLifecycleId}`);
  }
}

export function checkCopilotAndBenchmark(data: ReferenceData, out: IssueCollector): void {
  const { copilot, occupations } = data;
  const tiers = reportDuplicates(copilot.tiers.map((t) => t.key), (i) => `copilot.tiers.${i}.key`, 'tier', out);
  copilot.defaults.licensedTiers.forEach((tier, i) => {
    if (!tiers.has(tier)) out.error(`copilot.defaults.licensedTiers.${i}`, `unknown tier ${tier}`);
  });
  for (const [major, tier] of Object.entries(copilot.fitBySocMajor)) {
    if (!(major in occupations.usMajorGroups)) out.error(`copilot.fitBySocMajor.${major}`, `unknown major group ${major}`);
    if (!tiers.has(tier)) out.error(`copilot.fitBySocMajor.${major}`, `unknown tier ${tier}`);
  }
  if (!tiers.has(copilot.defaultTier)) out.error('copilot.defaultTier', `unknown tier ${copilot.defaultTier}`);
  const subcategories = new Set(data.taxonomy.roles.map((r) => r.subcategory));
  for (const list of ['highSubcategories', 'lowSubcategories', 'unclassifiedSubcategories'] as const) {
    copilot[list].forEach((name, i) => {
      if (!subcategories.has(name)) out.warning(`copilot.${list}.${i}`, `subcategory ${name} is not in the taxonomy`);
    });
  }

  const categories = new Set(data.taxonomy.roles.map((r) => r.category));
  data.benchmark.aeiGroups.forEach((group, i) => {
    if (!(group.socMajor in occupations.usMajorGroups)) out.error(`benchmark.aeiGroups.${i}.socMajor`, `unknown major group ${group.socMajor}`);
    group.categories.forEach((category, j) => {
      if (!categories.has(category)) out.warning(`benchmark.aeiGroups.${i}.categories.${j}`, `category ${category} is not in the taxonomy`);
    });
  });
}
