import type { ChunkReply, CompleteReply } from '../../schema/api/datasets.ts';
import { normaliseTitle } from '../../workers/classify/normalise.ts';
import { groupingIdentifiesPeople, MAX_GROUPINGS } from '../../workers/guards/personalValues.ts';
import { yieldToRequests, type Dialect } from '../db/connection.ts';
import { HttpError, invalid } from '../http/httpError.ts';
import { addUploadedRows, updateDataset, type Dataset } from '../repositories/datasetsRepository.ts';
import { forEachAttributes, insertRows, registerChunk, titleHeadcountsAndDuplicates, type EmployeeRowInput } from '../repositories/rowsRepository.ts';
import { insertPendingTitles } from '../repositories/titlesRepository.ts';
import { recordAudit } from './audit.ts';
import type { ServiceContext, TransactionRunner } from './context.ts';
import { datasetCurrency } from './codingContext.ts';
import { codeTitlesAhead, codeTitlesAlone, OFF_THREAD_ROWS, warmCodingThreads } from './contextCodingPool.ts';
import { requireDataset, requireDatasetStatus, requireDatasetWithWrappedKey, type DatasetAccess, type DatasetAccessWithKey } from './datasetAccess.ts';
import { compiledReference } from './reference.ts';
import { identityKeysForUpload, requireIdentityUpload, sealChunkIdentities, storeIdentities, type IdentityInput, type SealedChunk } from './identities.ts';

/** Names and emails sent with a chunk, and the master secret they are encrypted under (null when unconfigured). */
export interface ChunkIdentities {
  entries: IdentityInput[];
  masterKey: Buffer | null;
}

/** A chunk's transactions: `read` for units that only read (on SQLite beside the one writer), `write` for the chunk's own. */
export interface ChunkRunners {
  dialect: Dialect;
  read: TransactionRunner;
  write: TransactionRunner;
}

/**
 * Stores one chunk in one transaction: the chunk number once, its rows at chunk × 2000 + index,
 * and the uploaded count, which may never pass expected_rows. A repeat is harmless. Identities,
 * when sent, are checked before anything is stored and go only to the identities store.
 */
export async function appendChunk(
  runners: ChunkRunners,
  datasetId: string,
  chunk: number,
  rows: EmployeeRowInput[],
  identities: ChunkIdentities | null = null,
): Promise<ChunkReply> {
  // SQLite stores one chunk at a time: checked and started in a read beside its one writer, the sealing of the
  // chunks queued behind it runs meanwhile. Postgres stores them side by side, and there such a read only added
  // round trips before each chunk's transaction, which starts the sealing itself after its first read.
  const early =
    identities && runners.dialect === 'sqlite'
      ? await runners.read(async (ctx) => startSealing(stillUploading(await requireDatasetWithWrappedKey(ctx, datasetId, { write: true })), identities))
      : null;
  const { reply, stored } = await runners.write(async (ctx) => {
    const { access, sealing } = await checkedChunk(ctx, datasetId, identities, early);
    const { dataset } = access;
    if (!(await registerChunk(ctx.tx, datasetId, dataset.engagementId, chunk, rows.length))) {
      return { reply: { duplicate: true, uploadedRows: dataset.uploadedRows }, stored: null };
    }
    await insertRows(ctx.tx, ctx.dialect, datasetId, dataset.engagementId, chunk, rows);
    if (sealing) await storeIdentities(ctx, dataset, chunk, await sealing.sealed);
    // Counted last: on Postgres the count's update holds the dataset row until commit, so the chunks sent
    // together store their rows side by side and queue only for this.
    const uploadedRows = await addUploadedRows(ctx.tx, datasetId, rows.length);
    if (uploadedRows === null) {
      throw new HttpError(400, 'bad_request', `This chunk would take the dataset past its expected ${dataset.expectedRows} rows; nothing was stored.`);
    }
    return { reply: { duplicate: false, uploadedRows }, stored: dataset };
  });
  if (stored) codeChunkTitlesAhead(runners, stored, rows);
  return reply;
}

/**
 * On SQLite a large list's titles are coded alone on the coding threads as its chunks arrive (codeTitlesAlone),
 * after each chunk's transaction: compiling the reference, once per process, does not hold the writer. SQLite
 * stores the rows on the server's thread, leaving the other cores idle; PostgreSQL stores them in its own
 * processes, which keep them busy, and there the coding only slowed the upload (bench:pipeline: 2.0 to 2.6-2.9
 * times the floor, against 3) while the first step gained little. Nothing waits for it; a reference that
 * fails to load fails again, and is answered, when the upload completes.
 */
function codeChunkTitlesAhead(runners: ChunkRunners, dataset: Pick<Dataset, 'expectedRows' | 'referenceVersion'>, rows: readonly EmployeeRowInput[]): void {
  if (runners.dialect !== 'sqlite' || dataset.expectedRows < OFF_THREAD_ROWS) return;
  runners
    .read(async (ctx) => codeTitlesAlone(await compiledReference(ctx.tx, dataset.referenceVersion), rows.map((r) => r.title)))
    .catch(() => undefined);
}

/** The dataset checked in the chunk's transaction, and the sealing of its identities (null without them) started. */
async function checkedChunk(
  ctx: ServiceContext,
  datasetId: string,
  identities: ChunkIdentities | null,
  early: Sealing | null,
): Promise<{ access: DatasetAccess; sealing: Sealing | null }> {
  if (early) {
    const access = stillUploading(await requireDataset(ctx, datasetId, { write: true }));
    requireIdentityUpload(access);
    return { access, sealing: early };
  }
  if (!identities) return { access: stillUploading(await requireDataset(ctx, datasetId, { write: true })), sealing: null };
  const access = stillUploading(await requireDatasetWithWrappedKey(ctx, datasetId, { write: true }));
  return { access, sealing: startSealing(access, identities) };
}

/** The dataset (read for writing) must still be taking rows. */
function stillUploading<T extends DatasetAccess>(access: T): T {
  requireDatasetStatus(access.dataset, ['uploading'], 'uploading rows');
  return access;
}

/** A chunk's identities being sealed on the worker threads. */
interface Sealing {
  sealed: Promise<SealedChunk>;
}

/** Checks a chunk's names and emails, unwraps the engagement's keys and starts sealing on the worker threads. */
function startSealing(access: DatasetAccessWithKey, identities: ChunkIdentities): Sealing {
  const keys = identityKeysForUpload(access, identities.masterKey);
  const sealed = sealChunkIdentities(access.dataset, identities.entries, keys);
  // A repeated or refused chunk never waits for its sealing, whose failure must then not go unhandled.
  sealed.catch(() => undefined);
  // Wrapped: an async function returning the promise itself would make its caller wait for the sealing.
  return { sealed };
}

/** Each grouping heading of the dataset's rows, over every chunk, with its distinct non-blank values. */
async function groupingValues(ctx: ServiceContext, datasetId: string): Promise<Map<string, Set<string>>> {
  const distinct = new Map<string, Set<string>>();
  await forEachAttributes(ctx.tx, datasetId, (groups) => {
    for (const [heading, value] of Object.entries(groups)) {
      let values = distinct.get(heading);
      if (!values) distinct.set(heading, (values = new Set()));
      if (value !== null && value !== undefined && value !== '') values.add(String(value));
    }
  });
  return distinct;
}

/**
 * The groupings rules the specification counts per dataset (Upload rules 2), checked over every chunk: at most
 * five groupings (a chunk checks only its own rows, so chunks with different headings could add up to more), and
 * none with so much variety that it identifies people.
 */
async function checkGroupings(ctx: ServiceContext, datasetId: string, rowCount: number): Promise<void> {
  const groupings = await groupingValues(ctx, datasetId);
  if (groupings.size > MAX_GROUPINGS) {
    throw invalid([{
      path: 'rows.attributes',
      message: `The rows carry ${groupings.size} different client groupings; a dataset holds at most ${MAX_GROUPINGS}. Delete this dataset and upload again with at most ${MAX_GROUPINGS} ticked.`,
    }]);
  }
  const identifying = [...groupings].filter(([, values]) => groupingIdentifiesPeople(values.size, rowCount)).map(([heading]) => heading).sort();
  if (identifying.length > 0) {
    throw new HttpError(
      400,
      'attribute_identifies_people',
      `The grouping ${identifying.map((h) => `"${h}"`).join(', ')} has so many distinct values that it identifies people. Delete this dataset and upload again without that column.`,
    );
  }
}

/**
 * All expected rows present and no grouping identifying people: the exact titles become the
 * pending title list, duplicate IDs are counted, and the dataset moves on to classifying.
 */
export async function completeUpload(ctx: ServiceContext, datasetId: string): Promise<CompleteReply> {
  const { dataset } = await requireDataset(ctx, datasetId, { write: true });
  requireDatasetStatus(dataset, ['uploading'], 'completing the upload');
  if (dataset.uploadedRows !== dataset.expectedRows) {
    throw new HttpError(400, 'bad_request', `${dataset.uploadedRows} of ${dataset.expectedRows} expected rows have arrived; upload the rest first.`);
  }
  // The list's titles are coded in context on the coding threads next (classifyStep): they load and compile its
  // reference, then code the titles alone, while the counts and checks below run, rather than while the first
  // classify step waits for them. The titles are counted first for that.
  const reference = dataset.expectedRows >= OFF_THREAD_ROWS ? await compiledReference(ctx.tx, dataset.referenceVersion) : null;
  if (reference) warmCodingThreads(reference);
  // Each step below reads or writes up to 50,000 rows (on SQLite the reads a page at a time); reads waiting meanwhile run between them.
  const counted = await titleHeadcountsAndDuplicates(ctx.tx, ctx.dialect, datasetId);
  if (reference) codeTitlesAhead(reference, counted.titles.map((t) => t.title), datasetCurrency(dataset));
  await yieldToRequests();
  await checkGroupings(ctx, datasetId, dataset.expectedRows);
  const titles = counted.titles.map((t) => ({ ...t, normalised: normaliseTitle(t.title) }));
  const { duplicateEmployeeIds } = counted;
  await yieldToRequests();
  await insertPendingTitles(ctx.tx, datasetId, dataset.engagementId, titles);
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
