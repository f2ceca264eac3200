import type { ReferenceData } from '../../../schema/reference/index.ts';

/**
 * classification.reviewThreshold: a rule hit carries confidence 0.6 (scoring.md §2), and an AI reply
 * without a confidence defaults to 0.5. An AI pick less sure than a rule hit goes to a reviewer.
 */
export const RULE_CONFIDENCE = 0.6;

export function buildClassification(): ReferenceData['classification'] {
  return { reviewThreshold: RULE_CONFIDENCE };
}
