/** Validation issues and a small collector the cross-check modules write into. */
import type { ReferenceIssue } from '../../schema/api/reference.ts';

// An issue is what the draft routes answer (schema/api/reference.ts), so the two cannot drift apart.
export type { ReferenceIssue };

export class IssueCollector {
  readonly issues: ReferenceIssue[] = [];

  error(path: string, message: string): void {
    this.issues.push({ severity: 'error', path, message });
  }

  warning(path: string, message: string): void {
    this.issues.push({ severity: 'warning', path, message });
  }
}

/** Tolerance for "sums to 100" and "sums to 1" checks, so rounding in hand-edited figures passes. */
export const PERCENT_SUM_TOLERANCE = 0.01;
export const SHARE_SUM_TOLERANCE = 0.001;
/** Anchor percentiles may differ from the exposure table by less than this (spec). */
export const ANCHOR_DRIFT_LIMIT = 0.05;
