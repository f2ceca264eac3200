import { GENERIC_LIFECYCLE_ID, type Pack, type ReferenceData, type Role } from '../../schema/reference/index.ts';
import { compareText } from './order.ts';
import { round2, roundMoney } from './round.ts';
import type { LifecycleSummary } from '../../schema/datasetSummary.ts';

/**
 * The report's value chain (scoring.md §7): which lifecycle applies, and each phase's headcount, cost,
 * average exposure and moderate saving, spread from role totals by the lifecycle's phase weights.
 */

/** Totals of one role type over the dataset's rows. */
export interface RoleTotals {
  role: Role;
  headcount: number;
  cost: number;
  /** Sum of the rows' exposure percentiles (for headcount-weighted averages). */
  percentileSum: number;
  moderateSaving: number;
}

export const GENERIC_LIFECYCLE_LABEL = 'Generic value chain';

type Lifecycles = ReferenceData['lifecycles'];
type Defined = Lifecycles['defined'][number];
type Weights = Record<string, number>;

/** A role's phase weights in a defined lifecycle: its roleWeights entry, else its category's, else none. */
function weightsOf(lifecycle: Defined, role: Role, byRole: Map<string, Weights>): Weights | undefined {
  return byRole.get(role.subcategory) ?? lifecycle.categoryWeights?.[role.category];
}

/** Weights limited to the lifecycle's phases and scaled to sum to 1; null when nothing is left. */
function normalised(weights: Weights | undefined, phaseKeys: readonly string[]): number[] | null {
  if (!weights) return null;
  const raw = phaseKeys.map((k) => weights[k] ?? 0);
  const sum = raw.reduce((a, b) => a + b, 0);
  return sum > 0 ? raw.map((w) => w / sum) : null;
}

export function chooseLifecycle(
  lifecycles: Lifecycles,
  pack: Pack,
  roles: readonly RoleTotals[],
): { lifecycle: Defined | null; chosenBy: LifecycleSummary['chosenBy'] } {
  if (pack.lifecycleId !== undefined) {
    return { lifecycle: lifecycles.defined.find((l) => l.id === pack.lifecycleId) ?? null, chosenBy: 'pack' };
  }
  const auto = lifecycles.defined.find((l) => l.id === lifecycles.autoLifecycleId);
  if (auto) {
    const byRole = new Map(auto.roleWeights.map((r) => [r.subcategory, r.weights]));
    const phaseKeys = auto.phases.map((p) => p.key);
    let total = 0;
    let covered = 0;
    for (const r of roles) {
      total += r.headcount;
      if (normalised(weightsOf(auto, r.role, byRole), phaseKeys)) covered += r.headcount;
    }
    if (total > 0 && covered / total >= lifecycles.meaningfulShare) return { lifecycle: auto, chosenBy: 'auto' };
  }
  return { lifecycle: null, chosenBy: 'default' };
}

export function summariseLifecycle(lifecycles: Lifecycles, pack: Pack, roles: readonly RoleTotals[]): LifecycleSummary {
  const { lifecycle, chosenBy } = chooseLifecycle(lifecycles, pack, roles);
  const phases = lifecycle ? lifecycle.phases : lifecycles.generic.phases;
  const phaseKeys = phases.map((p) => p.key);
  const acc = phases.map(() => ({ headcount: 0, cost: 0, percentileSum: 0, moderateSaving: 0 }));
  const spread = (r: RoleTotals, shares: readonly number[]) => {
    shares.forEach((share, i) => {
      if (share === 0) return;
      acc[i].headcount += r.headcount * share;
      acc[i].cost += r.cost * share;
      acc[i].percentileSum += r.percentileSum * share;
      acc[i].moderateSaving += r.moderateSaving * share;
    });
  };

  const unplaced: LifecycleSummary['unplaced'] = [];
  if (lifecycle) {
    const byRole = new Map(lifecycle.roleWeights.map((r) => [r.subcategory, r.weights]));
    const even = phaseKeys.map(() => 1 / phaseKeys.length);
    for (const r of roles) {
      const shares = normalised(weightsOf(lifecycle, r.role, byRole), phaseKeys);
      if (!shares) unplaced.push({ category: r.role.category, subcategory: r.role.subcategory, headcount: r.headcount });
      spread(r, shares ?? even);
    }
  } else {
    const { categoryPhase, defaultPhase } = lifecycles.generic;
    for (const r of roles) {
      const key = categoryPhase[r.role.category] ?? defaultPhase;
      spread(r, phaseKeys.map((k) => (k === key ? 1 : 0)));
    }
  }
  unplaced.sort((a, b) => b.headcount - a.headcount || compareText(a.category, b.category) || compareText(a.subcategory, b.subcategory));

  return {
    id: lifecycle?.id ?? GENERIC_LIFECYCLE_ID,
    label: lifecycle?.label ?? GENERIC_LIFECYCLE_LABEL,
    chosenBy,
    phases: phases.map((p, i) => ({
      key: p.key,
      label: p.label,
      headcount: round2(acc[i].headcount),
      cost: roundMoney(acc[i].cost),
      averagePercentile: acc[i].headcount > 0 ? round2(acc[i].percentileSum / acc[i].headcount) : 0,
      moderateSaving: roundMoney(acc[i].moderateSaving),
    })),
    unplaced,
  };
}

/**
 * Phase headcounts as whole people. A role type's people are spread over the phases by weight, so a phase
 * holds a fraction of people (527.3, stored to two decimals); shown as people, they are rounded by largest
 * remainder, so the phases still add up to the people placed (ties go to the earlier phase).
 */
export function wholePeopleByPhase(headcounts: readonly number[]): number[] {
  const floors = headcounts.map((h) => Math.floor(h + 1e-9));
  let left = Math.round(headcounts.reduce((a, b) => a + b, 0)) - floors.reduce((a, b) => a + b, 0);
  const byRemainder = headcounts.map((h, i) => ({ i, remainder: h - floors[i] })).sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    floors[i]++;
    left--;
  }
  return floors;
}
