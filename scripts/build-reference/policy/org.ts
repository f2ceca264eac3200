import type { ReferenceData } from '../../../schema/reference/index.ts';

/**
 * org spans: a manager with fewer than 4 direct reports is narrow and one with more than 15 is wide.
 * Orgvue notes the common consulting rule of thumb (at least eight reports) but that the right span
 * depends on the work; we flag only the tails that span guidance agrees on (under 4, over 15).
 */
export function buildOrg(): ReferenceData['org'] {
  return { narrowSpan: 4, wideSpan: 15 };
}
