// Typed calls for datasets, as server/routes/datasets defines them. Every failure is an ApiError
// carrying the server's message.
import { api } from './http.ts';
import {
  chunkReply,
  classifyReply,
  completeReply,
  datasetDetailReply,
  datasetReply,
  titleContextsReply,
  type ChunkReply,
  type ClassifyProgress,
  type CompleteReply,
  type Dataset,
  type DatasetDetail,
  type DatasetProgress,
  type DatasetStatus,
  type DatasetWithSummary,
  type TitleContextsReply,
} from '../../schema/api/datasets.ts';
import type { ImportStats, PersonIdentity, UploadRow } from '../../workers/import/rows.ts';
import type { ServerColumnMapping } from '../../workers/import/mapping.ts';
import type { TitleVariant } from '../../workers/classify/variants.ts';
import { titlesListSchema, type TitleSource } from '../../schema/titlesList.ts';
import { decodeTitlesList, type TitleEntry } from '../../workers/classify/titlesList.ts';
import type { ClassificationAlternative } from '../../workers/classify/classify.ts';

export type { TitleVariant };

export type { Dataset, DatasetStatus };
export type { TitleSource };

export type { ChunkReply, ClassifyProgress, CompleteReply, DatasetDetail, DatasetProgress, DatasetWithSummary, TitleContextsReply };

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
  return api.get(datasetPath(id), datasetDetailReply);
}

/** The titles, read back from the compact list the server sends (each repeated reason once). */
export async function fetchTitles(id: string): Promise<DatasetTitle[]> {
  return decodeTitlesList(await api.get(`${datasetPath(id)}/titles`, titlesListSchema));
}

/** The units, organisations, grades and professional groups one title's rows hold, with their people (to limit a correction to some). */
export function fetchTitleContexts(id: string, title: string): Promise<TitleContextsReply> {
  return api.get(`${datasetPath(id)}/titles/contexts?${new URLSearchParams({ title })}`, titleContextsReply);
}

/**
 * Sends one chunk; a chunk number the server already holds answers { duplicate: true } and is harmless.
 * Identities go only when the consultant chose to store names and emails.
 */
export function postChunk(id: string, chunk: number, rows: readonly UploadRow[], identities: readonly PersonIdentity[] = []): Promise<ChunkReply> {
  return api.post(`${datasetPath(id)}/rows`, identities.length > 0 ? { chunk, rows, identities } : { chunk, rows }, chunkReply);
}

export function completeUpload(id: string): Promise<CompleteReply> {
  return api.post(`${datasetPath(id)}/complete`, {}, completeReply);
}

/** One bounded classification step; omitting useAi lets the server use the dataset's stored choice. */
export function classifyStep(id: string, useAi?: boolean): Promise<ClassifyProgress> {
  return api.post(`${datasetPath(id)}/classify`, useAi === undefined ? {} : { useAi }, classifyReply);
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
