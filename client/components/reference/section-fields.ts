// The single-figure settings of the reference document, as labelled number fields per section: what the
// structured form of exposure, review, costs, scenarios, offshoring and spans shows. Ranges are stated in
// hints, not enforced by the inputs: the server's shape check judges, and its refusal is shown in place.

export interface NumberField {
  /** Path within the section. */
  path: string[];
  label: string;
  hint?: string;
  step: string;
}

const scenario = (key: string, label: string): NumberField[] => [
  { path: [key, 'automationRealised'], label: `${label}: automation realised`, hint: 'Share of automatable work actually removed (0 to 1).', step: '0.01' },
  { path: [key, 'augmentationProductivity'], label: `${label}: augmentation productivity`, hint: 'Productivity gain on augmented work (0 to 1).', step: '0.01' },
];

export const NUMBER_SECTIONS: Record<string, { title: string; fields: NumberField[] }> = {
  scenarios: { title: 'Scenarios', fields: [...scenario('conservative', 'Conservative'), ...scenario('moderate', 'Moderate'), ...scenario('aggressive', 'Aggressive')] },
  classification: {
    title: 'Review threshold',
    fields: [{ path: ['reviewThreshold'], label: 'Review threshold', hint: 'Titles coded with a lower confidence go to Needs review (0 to 1).', step: '0.01' }],
  },
  exposure: {
    title: 'Exposure thresholds',
    fields: [
      { path: ['augFloor'], label: 'Augmentation floor (%)', step: '0.1' },
      { path: ['augCeil'], label: 'Augmentation ceiling (%)', step: '0.1' },
      { path: ['aeiAutoShare'], label: 'Automated share of exposed work', hint: '0 to 1.', step: '0.01' },
      { path: ['horizonNowFrom'], label: '"Now" horizon from percentile', step: '1' },
      { path: ['horizonNearFrom'], label: '"Near" horizon from percentile', step: '1' },
    ],
  },
  costs: {
    title: 'Costs',
    fields: [{ path: ['employerCostMultiplier'], label: 'Employer cost multiplier', hint: 'Default for new datasets (1 to 3).', step: '0.01' }],
  },
  org: {
    title: 'Span thresholds',
    fields: [
      { path: ['narrowSpan'], label: 'Narrow span (direct reports, at most)', step: '1' },
      { path: ['wideSpan'], label: 'Wide span (direct reports, at least)', step: '1' },
    ],
  },
  gcc: {
    title: 'Offshoring thresholds',
    fields: [
      { path: ['offshoreBelow'], label: 'Offshore candidate below percentile', step: '1' },
      { path: ['onshoreFrom'], label: 'Onshore from percentile', step: '1' },
      { path: ['defaultOffshoreFactor'], label: 'Default offshore cost factor', step: '0.01' },
    ],
  },
};
