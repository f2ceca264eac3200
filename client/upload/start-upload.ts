// Starting an upload from an import: create the dataset, then queue its rows in IndexedDB. The dataset
// page (/datasets/:id) sends the queue, completes and classifies, and resumes after a reload.
import { appDatabase } from '../storage/db.ts';
import { createDataset, type Dataset } from '../api/datasets.ts';
import type { ImportResult } from '../../workers/import/rows.ts';
import { holdIdentities } from './identity-memory.ts';
import { DexieUploadQueue } from './queue-store.ts';

export interface StartUploadInput {
  engagementId: string;
  name: string;
  /** False is permanent for the dataset: its titles are never sent to a model. */
  useAi: boolean;
  importResult: ImportResult;
  employerCostMultiplier?: number;
  /** The list's home region (its currency follows); the server's baseline when absent. */
  region?: string;
  /** Send the import's names and emails with the rows (the ticked store-names-and-emails option). */
  storeIdentities?: boolean;
}

/** The address of a dataset's page. */
export const datasetPath = (datasetId: string) => `/datasets/${datasetId}`;

/**
 * Creates the dataset and queues every row; resolves with the dataset once the queue is safely stored.
 * Names and emails, when stored, are held in memory for the chunks, never queued with the rows.
 */
export async function startUpload(input: StartUploadInput): Promise<Dataset> {
  const { rows, stats, columnMapping } = input.importResult;
  const dataset = await createDataset(input.engagementId, {
    name: input.name,
    expectedRows: rows.length,
    useAi: input.useAi,
    ...(input.storeIdentities ? { withIdentities: true } : {}),
    columnMapping,
    // The server records the counts it knows; the import's other counts (pay bands, posts) are shown in the browser.
    importStats: {
      rowsRead: stats.rowsRead,
      skippedNoTitle: stats.skippedNoTitle,
      implausibleFte: stats.implausibleFte,
      generatedIds: stats.generatedIds,
      unresolvedManagers: stats.unresolvedManagers,
      unmatchedManagers: stats.unmatchedManagers,
      sharedEmails: stats.sharedEmails,
      unreadableCells: stats.unreadableCells,
    },
    settings: {
      ...(input.employerCostMultiplier === undefined ? {} : { employerCostMultiplier: input.employerCostMultiplier }),
      ...(input.region === undefined ? {} : { region: input.region }),
    },
  });
  if (input.storeIdentities) holdIdentities(dataset.id, input.importResult.identities);
  await new DexieUploadQueue(appDatabase()).enqueue({ datasetId: dataset.id, engagementId: input.engagementId, datasetName: dataset.name }, rows);
  return dataset;
}
