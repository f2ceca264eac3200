import { z } from 'zod';

/**
 * The stored dataset summary (scoring.md §9): aggregates only. It holds no employee ID, manager
 * reference, title, name, email, location, division or grouping value; role and category names come from
 * the reference taxonomy. The server validates what it stores with datasetSummarySchema; the browser
 * renders DatasetSummary.
 */

const money = z.number();
const count = z.number().int().min(0);
const share = z.number().min(0).max(1);
const percentile = z.number().min(0).max(100);

const headcountAndCost = z.object({ headcount: count, cost: money });

export const programmePeriodSchema = z.object({
  /** Half-year, e.g. 2026-H2. */
  label: z.string(),
  grossSaving: money,
  netSaving: money,
  cumulativeNetSaving: money,
  investment: money,
  cumulativeInvestment: money,
});

export const scenarioProgrammeSchema = z.object({
  /** Annual run-rate gross saving once every horizon is fully realised. */
  grossSaving: money,
  fteSaved: z.number().min(0),
  reinvestmentPercent: z.number(),
  /** Annual run-rate saving after reinvestment. */
  netOfReinvestment: money,
  threeYearNetSaving: money,
  investment: money,
  investmentSplit: z.array(z.object({ key: z.string(), label: z.string(), amount: money })),
  investmentPhases: z.array(z.object({ key: z.string(), label: z.string(), fromMonth: count, toMonth: count, amount: money })),
  /** Three-year net saving ÷ investment; null when there is nothing to invest in. */
  roi: z.number().nullable(),
  /** First month from which cumulative net saving stays at or above cumulative investment; null when not within ten years. */
  paybackMonths: z.number().int().min(1).nullable(),
  /** Payback later than the reference's paybackMonths, or never. */
  paybackFlagged: z.boolean(),
  periods: z.array(programmePeriodSchema),
});

const roleFigures = {
  headcount: count,
  cost: money,
  averagePercentile: percentile,
  moderateSaving: money,
};

export const lifecycleSummarySchema = z.object({
  id: z.string(),
  label: z.string(),
  chosenBy: z.enum(['pack', 'auto', 'default']),
  phases: z.array(
    z.object({ key: z.string(), label: z.string(), headcount: z.number().min(0), cost: money, averagePercentile: percentile, moderateSaving: money }),
  ),
  unplaced: z.array(z.object({ category: z.string(), subcategory: z.string(), headcount: count })),
});

export const organisationSummarySchema = z.object({
  /**
   * False when fewer than half of the people report through managers in the list to the top (scoring.md §6):
   * the layer, manager and span figures are then zero and are not shown. Absent from summaries stored before
   * it existed: read it through hasReportingLines.
   */
  reportingLines: z.boolean().optional(),
  people: count,
  /** People below the top linked to it through managers in the list; absent before reportingLines (see linkedPeople). */
  linked: count.optional(),
  roots: count,
  layerCount: count,
  headcountByLayer: z.array(count),
  managers: count,
  averageSpan: z.number().min(0),
  medianSpan: z.number().min(0),
  narrowSpan: count,
  wideSpan: count,
  narrowManagers: count,
  wideManagers: count,
  singleReportManagers: count,
  unresolved: count,
  disconnected: count,
  /** Distinct manager references naming nobody in the list (the references themselves are not stored). */
  missingManagerReferences: count,
});

export const datasetSummarySchema = z.object({
  headcount: count,
  /** Sum of FTE, an unknown FTE counting as 1. */
  fteTotal: z.number().min(0),
  cost: z.object({ total: money, average: money, median: money }),
  exposure: z.object({
    averagePercentile: percentile,
    byHorizon: z.object({ now: headcountAndCost, near: headcountAndCost, later: headcountAndCost }),
    /** Headcount-weighted mean share of work that AI could automate. */
    automationShare: z.number().min(0),
    augmentationShare: z.number().min(0),
  }),
  programme: z.object({
    /** Half-year containing the dataset's creation: the programme's first period. */
    horizonStart: z.string(),
    periodLabels: z.array(z.string()),
    /** Payback later than this many months is flagged. */
    paybackLimitMonths: count,
  }),
  scenarios: z.object({
    conservative: scenarioProgrammeSchema,
    moderate: scenarioProgrammeSchema,
    aggressive: scenarioProgrammeSchema,
  }),
  topRoles: z.array(z.object({ category: z.string(), subcategory: z.string(), ...roleFigures })),
  categories: z.array(
    z.object({ category: z.string(), ...roleFigures, automationShare: z.number().min(0), augmentationShare: z.number().min(0) }),
  ),
  /** Per US SOC major group with classified rows: headcount, its share of all rows, average exposure. */
  usMajorGroups: z.array(z.object({ major: z.string(), headcount: count, headcountShare: share, averagePercentile: percentile })),
  offshore: z.object({
    migratable: headcountAndCost,
    candidates: headcountAndCost,
    hybrid: headcountAndCost,
    onshore: headcountAndCost,
    /** Offshore candidates' share of all headcount and of all cost. */
    headcountShare: share,
    costShare: share,
    /** Annual saving from moving every candidate to the capability centre. */
    saving: money,
  }),
  organisation: organisationSummarySchema,
  lifecycle: lifecycleSummarySchema,
  copilot: z.object({
    byTier: z.array(z.object({ key: z.string(), label: z.string(), headcount: count })),
    /** Rows in role types that get no tier. */
    noTier: count,
  }),
  stats: z.object({
    rows: count,
    titles: count,
    duplicateEmployeeIds: count,
    exposureImputed: count,
    costImputed: count,
    implausibleFte: count,
    /** Titles per classification source. */
    bySource: z.record(z.string(), count),
  }),
  referenceVersion: z.number().int().min(1),
  /** The pack the dataset was scored with (an unknown pack id reads as general). */
  packId: z.string(),
  /** Home region and currency are absent from summaries stored before lists had them: the baseline, in pounds. */
  settings: z.object({ employerCostMultiplier: z.number(), region: z.string().optional(), currency: z.string().regex(/^[A-Z]{3}$/).optional() }),
  /**
   * The list's currency and pay level its titles were coded in context with (issue 24): the browser needs them to
   * find each row's variant when it scores people. Absent on summaries made before.
   */
  codingContext: z.object({ currency: z.string().nullable(), payScale: z.number().positive() }).optional(),
});

/** The currency of a summary's money figures: pounds for summaries stored before lists had a currency. */
export const summaryCurrency = (summary: Pick<DatasetSummary, 'settings'>): string => summary.settings.currency ?? 'GBP';

export type DatasetSummary = z.infer<typeof datasetSummarySchema>;
export type ScenarioProgramme = z.infer<typeof scenarioProgrammeSchema>;
export type ProgrammePeriod = z.infer<typeof programmePeriodSchema>;
export type LifecycleSummary = z.infer<typeof lifecycleSummarySchema>;
export type OrganisationSummary = z.infer<typeof organisationSummarySchema>;
