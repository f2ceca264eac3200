// A dataset's way from queued rows to ready: send the queued chunks (three at a time, each retried under
// the retry rules), complete the upload, then call the classification step until nothing is pending.
// Every step is safe to repeat, so the same function resumes after a reload from whatever is left.
import { ApiError } from '../api/http.ts';
import { classifyStep, completeUpload, postChunk, type ClassifyProgress, type CompleteReply, type DatasetStatus } from '../api/datasets.ts';
import type { UploadRow } from '../../workers/import/rows.ts';
import { CHUNK_ROWS, PARALLEL_CHUNKS, runLimited } from './chunks.ts';
import { identitiesForChunk, releaseIdentities } from './identity-memory.ts';
import type { UploadQueue } from './queue-store.ts';
import { withRetries, type RetryOptions } from './retry.ts';

/** The server calls the pipeline makes; the real ones are in datasets-api.ts, tests pass fakes. */
export interface PipelineTransport {
  postChunk(datasetId: string, chunk: number, rows: readonly UploadRow[]): Promise<unknown>;
  complete(datasetId: string): Promise<CompleteReply>;
  classify(datasetId: string): Promise<ClassifyProgress>;
}

export const serverTransport: PipelineTransport = {
  postChunk: (datasetId, chunk, rows) => postChunk(datasetId, chunk, rows, identitiesForChunk(datasetId, rows)),
  complete: async (datasetId) => {
    const result = await completeUpload(datasetId);
    releaseIdentities(datasetId);
    return result;
  },
  classify: (datasetId) => classifyStep(datasetId),
};

export interface UploadFigures {
  sentRows: number;
  totalRows: number;
  sentChunks: number;
  totalChunks: number;
}

export type PipelineProgress =
  | { phase: 'uploading'; upload: UploadFigures; retrying: { chunk: number; retry: number; delayMs: number } | null }
  | { phase: 'completing' }
  | { phase: 'classifying'; classify: ClassifyProgress | null; retrying: { retry: number; delayMs: number } | null }
  | { phase: 'ready'; classify: ClassifyProgress };

export interface PipelineOptions extends Pick<RetryOptions, 'sleep' | 'random'> {
  queue: UploadQueue;
  transport: PipelineTransport;
  onProgress?: (progress: PipelineProgress) => void;
}

/** Steps in a row that leave the same number of titles pending before the loop gives up. */
export const STALLED_STEPS = 3;

export class PipelineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PipelineError';
  }
}

const rowsInChunk = (chunk: number, totalRows: number) => Math.max(0, Math.min(CHUNK_ROWS, totalRows - chunk * CHUNK_ROWS));

/**
 * Sends what the queue still holds for the dataset. Chunks already stored stay counted as sent; a chunk the
 * server reports as a duplicate counts as sent too. Throws the first chunk error that retries did not cure.
 */
export async function sendQueuedChunks(datasetId: string, options: PipelineOptions): Promise<void> {
  const { queue, transport, onProgress } = options;
  const upload = await queue.upload(datasetId);
  if (!upload) throw new PipelineError(
      'The rows of this upload are not queued in this browser: it was started in another browser, or this browser’s storage was cleared. Delete the dataset and upload the file again.',
    );
  const pending = await queue.pendingChunks(datasetId);
  const figures: UploadFigures = {
    totalRows: upload.totalRows,
    totalChunks: upload.totalChunks,
    sentChunks: upload.totalChunks - pending.length,
    sentRows: upload.totalRows - pending.reduce((sum, chunk) => sum + rowsInChunk(chunk, upload.totalRows), 0),
  };
  const report = (retrying: { chunk: number; retry: number; delayMs: number } | null) =>
    onProgress?.({ phase: 'uploading', upload: { ...figures }, retrying });
  report(null);

  await runLimited(pending, PARALLEL_CHUNKS, async (chunk) => {
    const rows = await queue.chunkRows(datasetId, chunk);
    if (rows === undefined) return; // Sent by another tab meanwhile.
    await withRetries(() => transport.postChunk(datasetId, chunk, rows), {
      ...options,
      onRetry: ({ retry, delayMs }) => report({ chunk, retry, delayMs }),
    });
    await queue.markSent(datasetId, chunk);
    figures.sentChunks += 1;
    figures.sentRows += rows.length;
    report(null);
  });
}

/**
 * Completes the upload. A 409 means the server has already moved the dataset on (an earlier complete whose
 * answer was lost): the classification step that follows says so if that is not the case.
 */
export async function completeQueuedUpload(datasetId: string, options: PipelineOptions): Promise<void> {
  options.onProgress?.({ phase: 'completing' });
  try {
    await withRetries(() => options.transport.complete(datasetId), options);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  }
  await options.queue.remove(datasetId);
}

/** Calls the classification step until the dataset is ready (the last call finalises it). */
export async function classifyUntilReady(datasetId: string, options: PipelineOptions): Promise<ClassifyProgress> {
  const { transport, onProgress } = options;
  let latest: ClassifyProgress | null = null;
  let stalled = 0;
  onProgress?.({ phase: 'classifying', classify: null, retrying: null });
  for (;;) {
    const step: ClassifyProgress = await withRetries(() => transport.classify(datasetId), {
      ...options,
      onRetry: ({ retry, delayMs }) => onProgress?.({ phase: 'classifying', classify: latest, retrying: { retry, delayMs } }),
    });
    if (step.status === 'ready') {
      onProgress?.({ phase: 'ready', classify: step });
      return step;
    }
    stalled = latest !== null && step.pending >= latest.pending ? stalled + 1 : 0;
    if (stalled >= STALLED_STEPS) {
      throw new PipelineError(`Classification stopped making progress with ${step.pending} titles still pending. Try again later.`);
    }
    latest = step;
    onProgress?.({ phase: 'classifying', classify: step, retrying: null });
  }
}

/**
 * Takes a dataset from its server status to ready: uploading resumes the queued chunks and completes,
 * classifying runs the classification loop; ready and purged have nothing left to do.
 */
export async function runDatasetPipeline(datasetId: string, status: DatasetStatus, options: PipelineOptions): Promise<ClassifyProgress | null> {
  if (status === 'ready' || status === 'purged') return null;
  if (status === 'uploading') {
    await sendQueuedChunks(datasetId, options);
    await completeQueuedUpload(datasetId, options);
  }
  return classifyUntilReady(datasetId, options);
}
