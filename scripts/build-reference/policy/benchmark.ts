import type { ReferenceData, Role } from '../../../schema/reference/index.ts';
import { anchorMajor, eloundouBeta, observedExposure, realRoles, round, usEmployment, weightedByMajor, type PolicyContext } from './context.ts';

/**
 * benchmark.aeiGroups: per US major group, the theoretical share of work language models could speed up
 * (Eloundou et al. beta) against the share where AI use is observed (Anthropic Economic Index), both as
 * employment-weighted means over the group's detailed occupations (BLS OEWS May 2024 employment), in
 * percent. Categories report against a group when at least a fifth of their anchored roles sit in it.
 */

export const CATEGORY_GROUP_SHARE = 0.2;

function categoriesByMajor(roles: Role[]): Map<string, string[]> {
  const perCategory = new Map<string, Map<string, number>>();
  for (const role of roles) {
    const major = anchorMajor(role);
    if (!major) continue;
    const counts = perCategory.get(role.category) ?? new Map<string, number>();
    counts.set(major, (counts.get(major) ?? 0) + 1);
    perCategory.set(role.category, counts);
  }
  const result = new Map<string, string[]>();
  for (const [category, counts] of perCategory) {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    for (const [major, n] of counts) {
      if (n / total >= CATEGORY_GROUP_SHARE) result.set(major, [...(result.get(major) ?? []), category]);
    }
  }
  return result;
}

export function buildBenchmark(ctx: PolicyContext): ReferenceData['benchmark'] {
  const employment = usEmployment(ctx.dataDir);
  const theoretical = weightedByMajor(eloundouBeta(ctx.dataDir), employment);
  const observed = weightedByMajor(observedExposure(ctx.dataDir), employment);
  const categories = categoriesByMajor(realRoles(ctx.taxonomy));
  const aeiGroups = Object.entries(ctx.occupations.usMajorGroups)
    .sort((a, b) => a[0].localeCompare(b[0]))
    .filter(([major]) => theoretical.has(major) && observed.has(major))
    .map(([major, title]) => ({
      group: title,
      socMajor: major,
      theoretical: round((theoretical.get(major) as number) * 100, 1),
      observed: round((observed.get(major) as number) * 100, 1),
      categories: (categories.get(major) ?? []).sort(),
    }));
  return {
    aeiGroups,
    sources: [
      'Observed AI exposure: Anthropic Economic Index, job exposure by SOC 2018 occupation (Massenkoff and McCrory, 2026), CC BY 4.0.',
      'Theoretical exposure: Eloundou, Manning, Mishkin and Rock, "GPTs are GPTs" (Science, 2024), GPT-4-rated beta, MIT licence.',
      'Employment weights: US Bureau of Labor Statistics, Occupational Employment and Wage Statistics, May 2024.',
      'AI occupational exposure percentiles: Felten, Raj and Seamans (2021), AIOE.',
    ],
  };
}
