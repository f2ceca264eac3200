import type { Dataset } from '../../repositories/datasetsRepository.ts';
import type { TitleRecord } from '../../repositories/titlesRepository.ts';

export const presentDataset = (d: Dataset) => ({
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
