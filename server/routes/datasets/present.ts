import type { Dataset } from '../../repositories/datasetsRepository.ts';
import type { TitleRecord } from '../../repositories/titlesRepository.ts';

export const presentDataset = (d: Omit<Dataset, 'summary'>) => ({
  id: d.id,
  engagementId: d.engagementId,
  name: d.name,
  status: d.status,
  referenceVersion: d.referenceVersion,
  settings: d.settings,
  columnMapping: d.columnMapping,
  expectedRows: d.expectedRows,
  uploadedRows: d.uploadedRows,
  useAi: d.useAi,
  withIdentities: d.withIdentities,
  headcount: d.headcount,
  totalCogs: d.totalCogs,
  duplicateEmployeeIds: d.duplicateEmployeeIds,
  importStats: d.importStats,
  createdAt: d.createdAt,
  finalizedAt: d.finalizedAt,
});

/**
 * GET /datasets/:id as JSON text: { dataset: { ...presentDataset, summary }, progress, latestReferenceVersion }.
 * The summary (the largest part) goes in as the database's JSON text: parsing it only to serialise it
 * again was a tenth of the read's time.
 */
export function presentDatasetPage(page: { dataset: Omit<Dataset, 'summary'>; summaryJson: string | null; progress: unknown; latestReferenceVersion: number }): string {
  const dataset = JSON.stringify(presentDataset(page.dataset));
  return `{"dataset":${dataset.slice(0, -1)},"summary":${page.summaryJson ?? 'null'}},"progress":${JSON.stringify(page.progress)},"latestReferenceVersion":${JSON.stringify(page.latestReferenceVersion)}}`;
}

export const presentTitle = (t: TitleRecord) => ({
  title: t.title,
  normalised: t.normalised,
  headcount: t.headcount,
  source: t.source,
  usSoc2018: t.usSoc2018,
  ukSoc2020: t.ukSoc2020,
  category: t.category,
  subcategory: t.subcategory,
  confidence: t.confidence,
  reviewRequired: t.reviewRequired,
  reason: t.reason,
  alternatives: t.alternatives,
});
