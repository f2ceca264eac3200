// Typed calls for datasets, as server/routes/datasets defines them. Every failure is an ApiError
// carrying the server's message.
import { api } from './http.ts';
import { datasetReply, type Dataset, type DatasetStatus } from '../../schema/api/datasets.ts';
import type { DatasetSummary } from '../../workers/scoring/summary.ts';
import type { ImportStats, PersonIdentity, UploadRow } from '../../workers/import/rows.ts';
import type { ServerColumnMapping } from '../../workers/import/mapping.ts';
import type { TitleVariant } from '../../workers/classify/variants.ts';
import type { TitleSource, TitlesList } from '../../schema/titlesList.ts';
import { decodeTitlesList, type TitleEntry } from '../../workers/classify/titlesList.ts';
import type { ClassificationAlternative } from '../../workers/classify/classify.ts';

export type { TitleVariant };

export type { Dataset, DatasetStatus };
export type { TitleSource };

export interface DatasetWithSummary extends Dataset {
  summary: DatasetSummary | null;
}

/** Title counts by classification source; `pending` counts titles not yet classified. */
export type SourceCounts = Partial<Record<TitleSource, number>>;

export interface DatasetProgress {
  total: number;
  pending: number;
  bySource: SourceCounts;
}

export interface DatasetDetail {
  dataset: DatasetWithSummary;
  progress: DatasetProgress;
  latestReferenceVersion: number;
}

export interface ClassifyProgress extends DatasetProgress {
  status: DatasetStatus;
  classifiedThisCall: number;
  aiUsed: boolean;
  aiUnavailableReason: string | null;
}

export interface CompleteResult {
  titles: number;
  duplicateEmployeeIds: number;
}

export interface ChunkResult {
  duplicate: boolean;
  uploadedRows?: number;
}

/** A title as the titles list gives it (workers/classify/titlesList.ts reads the list into these). */
export type DatasetTitle = TitleEntry;
export type TitleAlternative = ClassificationAlternative;

export interface NewDataset {
  name: string;
  expectedRows: number;
  useAi?: boolean;
  /** Names and emails will be sent with the rows (needs PII access and identity storage on the server). */
  withIdentities?: boolean;
  settings?: { employerCostMultiplier?: number; region?: string };
  columnMapping?: ServerColumnMapping | null;
  importStats?: Partial<ImportStats>;
}

const datasetPath = (id: string) => `/datasets/${encodeURIComponent(id)}`;

export async function createDataset(engagementId: string, body: NewDataset): Promise<Dataset> {
  const reply = await api.post(`/engagements/${encodeURIComponent(engagementId)}/datasets`, body, datasetReply);
  return reply.dataset;
}

export function fetchDataset(id: string): Promise<DatasetDetail> {
  return api.get<DatasetDetail>(datasetPath(id));
}

/** The titles, read back from the compact list the server sends (each repeated reason once). */
export async function fetchTitles(id: string): Promise<DatasetTitle[]> {
  return decodeTitlesList(await api.get<TitlesList>(`${datasetPath(id)}/titles`));
}

/**
 * Sends one chunk; a chunk number the server already holds answers { duplicate: true } and is harmless.
 * Identities go only when the consultant chose to store names and emails.
 */
export function postChunk(id: string, chunk: number, rows: readonly UploadRow[], identities: readonly PersonIdentity[] = []): Promise<ChunkResult> {
  return api.post<ChunkResult>(`${datasetPath(id)}/rows`, identities.length > 0 ? { chunk, rows, identities } : { chunk, rows });
}

export function completeUpload(id: string): Promise<CompleteResult> {
  return api.post<CompleteResult>(`${datasetPath(id)}/complete`, {});
}

/** One bounded classification step; omitting useAi lets the server use the dataset's stored choice. */
export function classifyStep(id: string, useAi?: boolean): Promise<ClassifyProgress> {
  return api.post<ClassifyProgress>(`${datasetPath(id)}/classify`, useAi === undefined ? {} : { useAi });
}

export async function renameDataset(id: string, name: string): Promise<Dataset> {
  const reply = await api.patch(datasetPath(id), { name }, datasetReply);
  return reply.dataset;
}

/** Saving settings rescores the dataset on the server. */
export async function saveDatasetSettings(id: string, settings: { employerCostMultiplier: number; region?: string }): Promise<Dataset> {
  const reply = await api.patch(datasetPath(id), { settings }, datasetReply);
  return reply.dataset;
}

/** Leads and analysts; the rows, titles and plans go with it. */
export function deleteDataset(id: string): Promise<void> {
  return api.delete<void>(datasetPath(id));
}
