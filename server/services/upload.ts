import { normaliseTitle } from '../../workers/classify/normalise.ts';
import { HttpError } from '../http/httpError.ts';
import { addUploadedRows, updateDataset } from '../repositories/datasetsRepository.ts';
import { duplicateEmployeeIdCount, insertRows, readAttributes, registerChunk, titleHeadcounts, type EmployeeRowInput } from '../repositories/rowsRepository.ts';
import { insertPendingTitles } from '../repositories/titlesRepository.ts';
import { recordAudit } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { requireDataset, requireDatasetStatus } from './datasetAccess.ts';
import { identityKeysForUpload, sealIdentities, storeIdentities, type IdentityInput } from './identities.ts';

/** A grouping with more distinct values than this, that are also more than a quarter of the rows, identifies people. */
export const MAX_GROUPING_VARIETY = 100;

/** Names and emails sent with a chunk, and the master secret they are encrypted under (null when unconfigured). */
export interface ChunkIdentities {
  entries: IdentityInput[];
  masterKey: Buffer | null;
}

/**
 * Stores one chunk in one transaction: the chunk number once, its rows at chunk × 2000 + index,
 * and the uploaded count, which may never pass expected_rows. A repeat is harmless. Identities,
 * when sent, are checked before anything is stored and go only to the identities store.
 */
export async function appendChunk(
  ctx: ServiceContext,
  datasetId: string,
  chunk: number,
  rows: EmployeeRowInput[],
  identities: ChunkIdentities | null = null,
): Promise<{ duplicate: boolean; uploadedRows: number }> {
  const access = await requireDataset(ctx, datasetId, { write: true });
  const { dataset } = access;
  requireDatasetStatus(dataset, ['uploading'], 'uploading rows');
  const identityKeys = identities ? await identityKeysForUpload(ctx, access, identities.masterKey) : null;
  if (!(await registerChunk(ctx.tx, datasetId, dataset.engagementId, chunk, rows.length))) {
    return { duplicate: true, uploadedRows: dataset.uploadedRows };
  }
  const uploadedRows = await addUploadedRows(ctx.tx, datasetId, rows.length);
  if (uploadedRows === null) {
    throw new HttpError(400, 'bad_request', `This chunk would take the dataset past its expected ${dataset.expectedRows} rows; nothing was stored.`);
  }
  // Names and emails are encrypted while the database stores the rows.
  const [, sealed] = await Promise.all([
    insertRows(ctx.tx, ctx.dialect, datasetId, dataset.engagementId, chunk, rows),
    identities && identityKeys ? sealIdentities(dataset, identities.entries, identityKeys) : null,
  ]);
  if (sealed) await storeIdentities(ctx, dataset, chunk, sealed);
  return { duplicate: false, uploadedRows };
}

/** The grouping headings whose values would single people out. */
export function identifyingGroupings(attributeRows: Record<string, unknown>[], rowCount: number): string[] {
  const distinct = new Map<string, Set<string>>();
  for (const groups of attributeRows) {
    for (const [heading, value] of Object.entries(groups)) {
      if (value === null || value === undefined || value === '') continue;
      let values = distinct.get(heading);
      if (!values) distinct.set(heading, (values = new Set()));
      values.add(String(value));
    }
  }
  return [...distinct]
    .filter(([, values]) => values.size > MAX_GROUPING_VARIETY && values.size > rowCount / 4)
    .map(([heading]) => heading)
    .sort();
}

/**
 * All expected rows present and no grouping identifying people: the exact titles become the
 * pending title list, duplicate IDs are counted, and the dataset moves on to classifying.
 */
export async function completeUpload(ctx: ServiceContext, datasetId: string): Promise<{ titles: number; duplicateEmployeeIds: number }> {
  const { dataset } = await requireDataset(ctx, datasetId, { write: true });
  requireDatasetStatus(dataset, ['uploading'], 'completing the upload');
  if (dataset.uploadedRows !== dataset.expectedRows) {
    throw new HttpError(400, 'bad_request', `${dataset.uploadedRows} of ${dataset.expectedRows} expected rows have arrived; upload the rest first.`);
  }
  const identifying = identifyingGroupings(await readAttributes(ctx.tx, datasetId), dataset.expectedRows);
  if (identifying.length > 0) {
    throw new HttpError(
      400,
      'attribute_identifies_people',
      `The grouping ${identifying.map((h) => `"${h}"`).join(', ')} has so many distinct values that it identifies people. Delete this dataset and upload again without that column.`,
    );
  }
  const titles = (await titleHeadcounts(ctx.tx, datasetId)).map((t) => ({ ...t, normalised: normaliseTitle(t.title) }));
  await insertPendingTitles(ctx.tx, datasetId, dataset.engagementId, titles);
  const duplicateEmployeeIds = await duplicateEmployeeIdCount(ctx.tx, datasetId);
  await updateDataset(ctx.tx, datasetId, { status: 'classifying', duplicateEmployeeIds });
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'dataset_uploaded',
    engagementId: dataset.engagementId,
    datasetId,
    details: { rows: dataset.expectedRows, titles: titles.length, duplicateEmployeeIds },
  });
  return { titles: titles.length, duplicateEmployeeIds };
}
