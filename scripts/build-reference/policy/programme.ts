import type { ReferenceData } from '../../../schema/reference/index.ts';

/**
 * programme: realisation curve, reinvestment, investment and payback assumptions (scoring.md §4).
 * Every figure is a modelling assumption written down with its rationale in docs/reference-assumptions.md.
 */
export function buildProgramme(): ReferenceData['programme'] {
  return {
    // Cumulative share of run-rate saving per half-year: an adoption S-curve reaching full run rate in year 3.
    curve: [0.15, 0.35, 0.6, 0.8, 0.95, 1],
    reinvestment: {
      components: [
        { key: 'ai-licences-platform', label: 'AI licences and platform running costs', low: 8, high: 15 },
        { key: 'change-training', label: 'Change management and training', low: 5, high: 10 },
        { key: 'governance-assurance', label: 'AI governance, risk and quality assurance', low: 2, high: 5 },
        { key: 'reskilling-redeployment', label: 'Reskilling and redeployment', low: 5, high: 10 },
      ],
      totals: { low: 20, high: 40 },
    },
    investmentSplit: [
      { key: 'technology', label: 'Technology, data and integration', percent: 40 },
      { key: 'process-redesign', label: 'Process redesign', percent: 25 },
      { key: 'people-change', label: 'People, change and training', percent: 20 },
      { key: 'programme-governance', label: 'Programme management and governance', percent: 15 },
    ],
    roiBands: {
      conservative: { low: 1.5, high: 2.5 },
      moderate: { low: 2.5, high: 3.5 },
      aggressive: { low: 3.5, high: 5 },
    },
    investmentPhases: [
      { key: 'mobilise', label: 'Mobilise and prioritise', share: 10, fromMonth: 0, toMonth: 3 },
      { key: 'pilot', label: 'Pilot and prove value', share: 25, fromMonth: 3, toMonth: 9 },
      { key: 'scale', label: 'Scale across functions', share: 45, fromMonth: 9, toMonth: 24 },
      { key: 'embed', label: 'Embed and optimise', share: 20, fromMonth: 24, toMonth: 36 },
    ],
    paybackMonths: 24,
  };
}
