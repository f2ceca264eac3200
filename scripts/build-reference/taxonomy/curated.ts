/**
 * Hand-written rules placed before the induced ones: modern office titles that the public title lists code
 * poorly or not at all (the O*NET and ONS lists lean towards older and industrial titles), and
 * division-restricted readings of bare titles. Each names a (US SOC 2018, UK SOC 2020) pair; the UK code
 * must have ASHE pay. Patterns run against the cleaned, normalised title.
 */

export interface CuratedRule {
  pattern: string;
  us: string;
  uk: string;
  /** The rule applies only to rows whose division equals this text exactly. */
  division?: string;
}

export const CURATED_RULES: readonly CuratedRule[] = [];
