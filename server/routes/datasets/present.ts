import type { Dataset } from '../../repositories/datasetsRepository.ts';
import type { RowsForReply } from '../../repositories/rowsRepository.ts';
import type { TitleRecord } from '../../repositories/titlesRepository.ts';
import { encodeTitlesList } from '../../../workers/classify/titlesList.ts';
import type { DatasetProgress, Dataset as PresentedDataset } from '../../../schema/api/datasets.ts';

export const presentDataset = (d: Omit<Dataset, 'summary'>): PresentedDataset => ({
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
 * GET /datasets/:id as JSON text, the shape of datasetDetailReply: { dataset: { ...presentDataset, summary }, progress, latestReferenceVersion }.
 * The summary (the largest part) goes in as the database's JSON text: parsing it only to serialise it
 * again was a tenth of the read's time.
 */
export function presentDatasetPage(page: { dataset: Omit<Dataset, 'summary'>; summaryJson: string | null; progress: DatasetProgress; latestReferenceVersion: number }): string {
  const dataset = JSON.stringify(presentDataset(page.dataset));
  return `{"dataset":${dataset.slice(0, -1)},"summary":${page.summaryJson ?? 'null'}},"progress":${JSON.stringify(page.progress)},"latestReferenceVersion":${JSON.stringify(page.latestReferenceVersion)}}`;
}

// On SQLite the rows reply is written field by field around each record's stored JSON text:
// the same text JSON.stringify writes for the parsed records, keys in the same order, without parsing it.
const json = JSON.stringify as (value: string | null) => string;
const jsonNumber = (n: number | null) => (n !== null && Number.isFinite(n) ? String(n) : 'null');

/** GET /datasets/:id/titles as JSON text: the compact list of schema/titlesList.ts. */
export const presentTitles = (titles: readonly TitleRecord[]): string => JSON.stringify(encodeTitlesList(titles));

/** GET /datasets/:id/rows as JSON text: { rows: [StoredRow], offset, limit }. */
export function presentRowsPage(reply: RowsForReply, offset: number, limit: number): string {
  if (reply.dialect === 'postgres') return JSON.stringify({ rows: reply.rows, offset, limit });
  let out = '{"rows":[';
  for (let i = 0; i < reply.rows.length; i += 1) {
    const r = reply.rows[i];
    out += `${i ? ',' : ''}{"rowNo":${jsonNumber(r.rowNo)},"employeeId":${json(r.employeeId)},"managerEmployeeId":${json(r.managerEmployeeId)}`
      + `,"title":${json(r.title)},"salary":${jsonNumber(r.salary)},"fte":${jsonNumber(r.fte)},"location":${json(r.location)}`
      + `,"division":${json(r.division)},"organisation":${json(r.organisation)},"grade":${json(r.grade)},"group":${json(r.group)},"attributes":${r.attributesJson}}`;
  }
  return `${out}],"offset":${jsonNumber(offset)},"limit":${jsonNumber(limit)}}`;
}
