import type { ReferenceData, Role } from '../../../schema/reference/index.ts';
import { OTHER_SUBCATEGORY } from '../../../schema/reference/index.ts';
import { eloundouBeta, realRoles, usEmployment, weightedByMajor, type PolicyContext } from './context.ts';

/**
 * copilot: fit of a Microsoft 365 Copilot-style assistant by occupation (scoring.md §8). A group's tier
 * follows the share of its work language models can speed up (Eloundou et al. beta, employment-weighted
 * over the group); a role is raised or lowered one tier when its own anchor occupation's beta falls in a
 * different tier from its group's. Price and licensed tiers are assumptions (docs/reference-assumptions.md).
 */

export const TIERS = [
  { key: 'core', label: 'Core daily user', note: 'Most of the work is drafting, analysing, summarising or corresponding at a screen; expect daily use.' },
  { key: 'regular', label: 'Regular user', note: 'A good share of the work is documents, email and meetings; expect several uses a week.' },
  { key: 'occasional', label: 'Occasional user', note: 'Some desk work alongside practical or face-to-face duties; expect occasional use.' },
  { key: 'limited', label: 'Limited fit', note: 'Mostly hands-on, site or customer-facing work with little screen time; licences rarely pay back.' },
];

/** Lower bounds of beta for core, regular and occasional; below the last is limited. */
export const TIER_FLOORS = [0.5, 0.35, 0.2];

export function tierIndexForBeta(beta: number): number {
  const index = TIER_FLOORS.findIndex((floor) => beta >= floor);
  return index < 0 ? TIER_FLOORS.length : index;
}

export function buildCopilot(ctx: PolicyContext): ReferenceData['copilot'] {
  const beta = eloundouBeta(ctx.dataDir);
  const byMajor = weightedByMajor(beta, usEmployment(ctx.dataDir));
  const fitBySocMajor: Record<string, string> = {};
  for (const major of Object.keys(ctx.occupations.usMajorGroups).sort()) {
    const b = byMajor.get(major);
    if (b !== undefined) fitBySocMajor[major] = TIERS[tierIndexForBeta(b)].key;
  }

  const high = new Set<string>();
  const low = new Set<string>();
  const place = (role: Role) => {
    const code = role.anchor?.usSoc2018;
    const own = code ? beta.get(code) : undefined;
    const group = code ? byMajor.get(code.slice(0, 2)) : undefined;
    if (own === undefined || group === undefined) return;
    const diff = tierIndexForBeta(own) - tierIndexForBeta(group);
    if (diff < 0) high.add(role.subcategory);
    else if (diff > 0) low.add(role.subcategory);
  };
  realRoles(ctx.taxonomy).forEach(place);

  return {
    defaults: { licencePricePerMonth: 24.75, currency: 'GBP', licenceCount: null, licensedTiers: ['core', 'regular'] },
    tiers: TIERS,
    fitBySocMajor,
    defaultTier: 'occasional',
    highSubcategories: [...high].filter((s) => !low.has(s)).sort(),
    lowSubcategories: [...low].filter((s) => !high.has(s)).sort(),
    unclassifiedSubcategories: [OTHER_SUBCATEGORY],
  };
}
