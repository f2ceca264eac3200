import { randomUUID } from 'node:crypto';
import { warmSealingThreads } from '../crypto/sealingPool.ts';
import { HttpError } from '../http/httpError.ts';
import {
  EMPTY_IMPORT_STATS,
  deleteDataset as removeDataset,
  findDataset,
  insertDataset,
  listDatasets as selectDatasets,
  updateDataset,
  type Dataset,
  type DatasetVersionForReader,
  type ImportStats,
} from '../repositories/datasetsRepository.ts';
import { readRowsPage } from '../repositories/rowsRepository.ts';
import { listTitles } from '../repositories/titlesRepository.ts';
import { recordAudit } from './audit.ts';
import { requireMember, requireRole, requireStatus } from './access.ts';
import type { ServiceContext, TransactionRunner } from './context.ts';
import {
  WRITERS,
  requireDataset,
  requireDatasetForReading,
  requireDatasetPageForReading,
  requireDatasetStatus,
  readableVersion,
} from './datasetAccess.ts';
import type { DatasetSettings } from '../../workers/scoring/index.ts';
import { datasetSettings } from './datasetSettings.ts';
import { finaliseDataset } from './finalise.ts';
import { compiledReference, currentReference, noPublishedReference } from './reference.ts';
import { rescoreDataset } from './rescore.ts';

export interface NewDatasetInput {
  name: string;
  expectedRows: number;
  useAi: boolean;
  withIdentities: boolean;
  settings: Partial<Pick<DatasetSettings, 'employerCostMultiplier' | 'region'>>;
  columnMapping: Record<string, string> | null;
  importStats: Partial<ImportStats>;
}

/** Pinned to the live reference version; settings default from it. */
export async function createDataset(ctx: ServiceContext, engagementId: string, input: NewDatasetInput, identityStorageConfigured: boolean): Promise<Dataset> {
  const { engagement, membership } = await requireRole(ctx, engagementId, WRITERS);
  requireStatus(engagement, ['active'], 'adding a dataset');
  if (input.withIdentities) {
    if (!membership.piiAccess) throw new HttpError(403, 'forbidden', 'Storing names and emails needs PII access on this engagement.');
    if (!identityStorageConfigured) throw new HttpError(503, 'pii_unconfigured', 'Storing names and emails is not configured on this server.');
    if (!engagement.hasDataKey) throw new HttpError(409, 'pii_unavailable', "This engagement's data key is not available; names and emails cannot be stored.");
  }
  const { version } = await currentReference(ctx.tx);
  const reference = await compiledReference(ctx.tx, version);
  const id = randomUUID();
  await insertDataset(ctx.tx, {
    id,
    engagementId,
    name: input.name,
    referenceVersion: version,
    settings: datasetSettings({ settings: input.settings }, reference) as unknown as Record<string, unknown>,
    columnMapping: input.columnMapping,
    expectedRows: input.expectedRows,
    useAi: input.useAi,
    withIdentities: input.withIdentities,
    importStats: { ...EMPTY_IMPORT_STATS, ...input.importStats },
    createdBy: ctx.actor.id,
  });
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'dataset_created',
    engagementId,
    datasetId: id,
    details: { expectedRows: input.expectedRows, useAi: input.useAi, withIdentities: input.withIdentities, referenceVersion: version },
  });
  // Its chunks will be sealed: the threads start loading now rather than when the first chunks wait on them.
  if (input.withIdentities) warmSealingThreads();
  return (await findDataset(ctx.tx, id))!;
}

export async function listDatasets(ctx: ServiceContext, engagementId: string): Promise<Dataset[]> {
  await requireMember(ctx, engagementId);
  return selectDatasets(ctx.tx, engagementId);
}

/** What a reader's copy of a dataset reply is checked against: the dataset's version and the newest published reference version. */
export interface DatasetVersion {
  version: number;
  latestReferenceVersion: number | null;
}

/** Says, from the version, that a reply need not be read: the reader holds that version's copy, or it is built already. */
export type SkipRead = (version: DatasetVersion) => boolean;

/**
 * A read whose reply may not be needed: when `skipRead` says so for the version read, only the version is read
 * (and access checked) and `reply` is null; otherwise the reply is read. The version is read first, so a reply
 * is never older than the version it is sent with.
 */
async function byVersion<T>(
  reads: VersionedReads,
  datasetId: string,
  skipRead: SkipRead,
  read: (ctx: ServiceContext) => Promise<{ version: DatasetVersion; reply: T }>,
): Promise<{ version: DatasetVersion; reply: T | null }> {
  const { version, latestReferenceVersion } = readableVersion(await reads.version(datasetId));
  if (skipRead({ version, latestReferenceVersion })) return { version: { version, latestReferenceVersion }, reply: null };
  return reads.read(read);
}

/**
 * Where a reply read by version runs: `version` reads the dataset's version as the caller may see it (null
 * when there is no such dataset) in one statement, which needs no transaction of its own (on Postgres one
 * round trip, where most reads under load end: a 304 or a reply built already); `read` reads the reply in one
 * transaction, after the version, so the reply is never older than it.
 */
export interface VersionedReads {
  version: (datasetId: string) => Promise<DatasetVersionForReader | null>;
  read: TransactionRunner;
}

/** The dataset page, in one statement after the version: the summary stays the stored JSON text, which the route passes through unparsed. */
export function datasetDetail(reads: VersionedReads, datasetId: string, skipRead: SkipRead) {
  return byVersion(reads, datasetId, skipRead, async (ctx) => {
    const { dataset, summaryJson, titlesBySource: bySource, latestReferenceVersion } = await requireDatasetPageForReading(ctx, datasetId);
    if (latestReferenceVersion === null) throw noPublishedReference();
    const total = Object.values(bySource).reduce((a, b) => a + b, 0);
    return {
      version: { version: dataset.version, latestReferenceVersion },
      reply: { dataset, summaryJson, progress: { total, pending: bySource.pending ?? 0, bySource }, latestReferenceVersion },
    };
  });
}

export async function renameDataset(ctx: ServiceContext, datasetId: string, name: string): Promise<Dataset> {
  const { dataset } = await requireDataset(ctx, datasetId, { write: true });
  await updateDataset(ctx.tx, datasetId, { name });
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'dataset_renamed', engagementId: dataset.engagementId, datasetId });
  return (await findDataset(ctx.tx, datasetId))!;
}

/**
 * Saved assumptions rescore the dataset at once with the new settings. A new home region brings its currency
 * (and the list is priced with that currency's pay); a region left out keeps the saved one.
 */
export async function saveDatasetSettings(ctx: ServiceContext, datasetId: string, changes: NewDatasetInput['settings'] & { employerCostMultiplier: number }): Promise<Dataset> {
  const { dataset, engagement } = await requireDataset(ctx, datasetId, { write: true });
  requireDatasetStatus(dataset, ['ready'], 'saving assumptions');
  const saved = dataset.settings as Partial<DatasetSettings>;
  const settings = datasetSettings({ settings: { region: saved.region, ...changes } }, await compiledReference(ctx.tx, dataset.referenceVersion));
  await updateDataset(ctx.tx, datasetId, { settings: settings as unknown as Record<string, unknown> });
  await finaliseDataset(ctx, { ...dataset, settings: settings as unknown as Record<string, unknown> }, engagement);
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'dataset_rescored',
    engagementId: dataset.engagementId,
    datasetId,
    details: { employerCostMultiplier: settings.employerCostMultiplier, region: settings.region, currency: settings.currency },
  });
  return (await findDataset(ctx.tx, datasetId))!;
}

export async function deleteDataset(ctx: ServiceContext, datasetId: string): Promise<void> {
  const { dataset } = await requireDataset(ctx, datasetId, { write: true });
  await removeDataset(ctx.tx, datasetId);
  await recordAudit(ctx.tx, { actor: ctx.actor.id, action: 'dataset_deleted', engagementId: dataset.engagementId, datasetId, details: { status: dataset.status } });
}

export function datasetRows(reads: VersionedReads, datasetId: string, offset: number, limit: number, skipRead: SkipRead) {
  return byVersion(reads, datasetId, skipRead, async (ctx) => {
    const { dataset } = await requireDatasetForReading(ctx, datasetId);
    return { version: { version: dataset.version, latestReferenceVersion: null }, reply: await readRowsPage(ctx.tx, ctx.dialect, datasetId, offset, limit) };
  });
}

export function datasetTitles(reads: VersionedReads, datasetId: string, skipRead: SkipRead) {
  return byVersion(reads, datasetId, skipRead, async (ctx) => {
    const { dataset } = await requireDatasetForReading(ctx, datasetId);
    return { version: { version: dataset.version, latestReferenceVersion: null }, reply: await listTitles(ctx.tx, datasetId) };
  });
}

/** Rescores a ready dataset onto a published version (the newest by default), deterministically. */
export async function changeReferenceVersion(ctx: ServiceContext, datasetId: string, version?: number): Promise<Dataset> {
  const { dataset, engagement } = await requireDataset(ctx, datasetId, { write: true });
  requireDatasetStatus(dataset, ['ready'], 'changing its reference version');
  const target = version ?? (await currentReference(ctx.tx)).version;
  // The target version must price the list in its currency, or its figures would change currency silently.
  datasetSettings(dataset, await compiledReference(ctx.tx, target));
  await rescoreDataset(ctx, dataset, engagement, target);
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'dataset_reference_changed',
    engagementId: dataset.engagementId,
    datasetId,
    details: { from: dataset.referenceVersion, to: target },
  });
  return (await findDataset(ctx.tx, datasetId))!;
}
