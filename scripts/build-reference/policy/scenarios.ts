import type { ReferenceData } from '../../../schema/reference/index.ts';

/**
 * scenarios: how much of the AI-touched work turns into released capacity. Automation realised is the
 * share of automatable work actually taken out; augmentation productivity the time saved on augmented
 * work, set in the range field studies report (about 10–40% on the tasks studied). Rationale per figure
 * in docs/reference-assumptions.md.
 */
export function buildScenarios(): ReferenceData['scenarios'] {
  return {
    conservative: { automationRealised: 0.3, augmentationProductivity: 0.1 },
    moderate: { automationRealised: 0.5, augmentationProductivity: 0.2 },
    aggressive: { automationRealised: 0.7, augmentationProductivity: 0.3 },
  };
}
