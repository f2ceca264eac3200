import type { Pack, ReferenceData } from '../../schema/reference/index.ts';

/**
 * Copilot fit (scoring.md §8): the tier of a row from its US major group (the pack's copilotFit first, then
 * copilot.fitBySocMajor, else defaultTier), moved one tier towards the strongest fit for highSubcategories
 * and one away for lowSubcategories, and no tier at all for unclassifiedSubcategories.
 */
export interface CopilotFit {
  tierOf(usMajor: string | null, subcategory: string): string | null;
}

export function compileCopilotFit(data: ReferenceData, pack: Pack): CopilotFit {
  const { copilot } = data;
  const order = copilot.tiers.map((t) => t.key);
  const high = new Set(copilot.highSubcategories);
  const low = new Set(copilot.lowSubcategories);
  const none = new Set(copilot.unclassifiedSubcategories);
  const packFit = pack.copilotFit ?? {};
  return {
    tierOf(usMajor, subcategory) {
      if (none.has(subcategory)) return null;
      const base = (usMajor !== null ? (packFit[usMajor] ?? copilot.fitBySocMajor[usMajor]) : undefined) ?? copilot.defaultTier;
      const at = order.indexOf(base);
      // A tier key the tier list does not define (a validation error) is passed through unmoved.
      if (at < 0) return base;
      const step = high.has(subcategory) ? -1 : low.has(subcategory) ? 1 : 0;
      return order[Math.min(order.length - 1, Math.max(0, at + step))];
    },
  };
}
