/** Scoring: per-row figures, spans and layers, the programme and the anonymised dataset summary. */
export type { ScoringRow, TitleClassification, DatasetSettings, SummaryInput } from './types.ts';
export { defaultSettings, homeSettings, homeRegionOf, resolveSettings, summarySettings } from './settings.ts';
export { createScoringContext, type ScoringContext } from './context.ts';
export { scoreRow, fteOrOne, horizonOf, type RowScore, type ScenarioFigures, type Horizon, type OffshoreStatus } from './row.ts';
export {
  spansAndLayers,
  rowLayers,
  summariseOrganisation,
  hasReportingLines,
  linkedPeople,
  isUnprintableReference,
  MIN_LINKED_SHARE,
  type OrgRow,
  type SpansAndLayers,
  type MissingManager,
} from './org.ts';
export { buildProgramme, halfYearOf, halfYearLabel, reinvestmentPercent, HORIZON_START_PERIOD, PERIODS_REPORTED } from './programme.ts';
export { summariseLifecycle, chooseLifecycle, wholePeopleByPhase, GENERIC_LIFECYCLE_LABEL, type RoleTotals } from './lifecycle.ts';
export { compileCopilotFit, type CopilotFit } from './copilot.ts';
export { buildDatasetSummary, TOP_ROLES } from './build.ts';
export {
  datasetSummarySchema,
  summaryCurrency,
  type DatasetSummary,
  type ScenarioProgramme,
  type ProgrammePeriod,
  type LifecycleSummary,
  type OrganisationSummary,
} from '../../schema/datasetSummary.ts';
