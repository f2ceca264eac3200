import type { Dataset } from '../../repositories/datasetsRepository.ts';
import type { RowForReply } from '../../repositories/rowsRepository.ts';
import type { TitleForReply } from '../../repositories/titlesRepository.ts';

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

// The titles and rows replies are written field by field: one JSON.stringify per record, or of the whole
// reply with each record's JSON parsed back into it, cost more than the database read. The text is what
// JSON.stringify writes for the same objects, keys in the same order.
const json = JSON.stringify as (value: string | null) => string;
const jsonNumber = (n: number | null) => (n !== null && Number.isFinite(n) ? String(n) : 'null');

/**
 * GET /datasets/:id/titles as JSON text: { titles: [{ title, normalised, headcount, source, usSoc2018, ukSoc2020,
 * category, subcategory, confidence, reviewRequired, reason, alternatives }] }, each title's alternatives going
 * in as the JSON text they were read as.
 */
export function presentTitles(titles: TitleForReply[]): string {
  let out = '{"titles":[';
  for (let i = 0; i < titles.length; i += 1) {
    const t = titles[i];
    out += `${i ? ',' : ''}{"title":${json(t.title)},"normalised":${json(t.normalised)},"headcount":${jsonNumber(t.headcount)},"source":${json(t.source)}`
      + `,"usSoc2018":${json(t.usSoc2018)},"ukSoc2020":${json(t.ukSoc2020)},"category":${json(t.category)},"subcategory":${json(t.subcategory)}`
      + `,"confidence":${jsonNumber(t.confidence)},"reviewRequired":${t.reviewRequired},"reason":${json(t.reason)},"alternatives":${t.alternativesJson}}`;
  }
  return `${out}]}`;
}

/** GET /datasets/:id/rows as JSON text: { rows: [{ rowNo, employeeId, ..., division, attributes }], offset, limit }. */
export function presentRowsPage(rows: RowForReply[], offset: number, limit: number): string {
  let out = '{"rows":[';
  for (let i = 0; i < rows.length; i += 1) {
    const r = rows[i];
    out += `${i ? ',' : ''}{"rowNo":${jsonNumber(r.rowNo)},"employeeId":${json(r.employeeId)},"managerEmployeeId":${json(r.managerEmployeeId)}`
      + `,"title":${json(r.title)},"salary":${jsonNumber(r.salary)},"fte":${jsonNumber(r.fte)},"location":${json(r.location)}`
      + `,"division":${json(r.division)},"attributes":${r.attributesJson}}`;
  }
  return `${out}],"offset":${jsonNumber(offset)},"limit":${jsonNumber(limit)}}`;
}
