import type { EngagementRole } from '../../schema/roles.ts';
import {
  findDatasetForReader,
  findDatasetWithWrappedKey,
  findDatasetPageForReader,
  type Dataset,
  type DatasetForReader,
  type DatasetPageForReader,
  type DatasetStatus,
  type DatasetVersionForReader,
} from '../repositories/datasetsRepository.ts';
import { readJson } from '../db/convert.ts';
import { HttpError, notFound } from '../http/httpError.ts';
import { requireMemberRole, requireStatus, type EngagementAccess } from './access.ts';
import type { ServiceContext } from './context.ts';

export interface DatasetAccess extends EngagementAccess {
  dataset: Dataset;
}

/** DatasetAccess with the engagement's wrapped data key (null once destroyed), read in the same statement. */
export type DatasetAccessWithKey = DatasetAccess & { wrappedDataKey: string | null };

export const WRITERS: EngagementRole[] = ['lead', 'analyst'];

/**
 * A dataset through its engagement's access rules: a non-member gets 404 as for the engagement.
 * With `write`, the caller must be lead or analyst and the engagement active.
 */
export async function requireDataset(ctx: ServiceContext, datasetId: string, options: { write?: boolean } = {}): Promise<DatasetAccess> {
  return accessible(await requireDatasetForReading(ctx, datasetId), options);
}

/** requireDataset, with the engagement's wrapped data key read in the same statement (null once destroyed). */
export async function requireDatasetWithWrappedKey(
  ctx: ServiceContext,
  datasetId: string,
  options: { write?: boolean } = {},
): Promise<DatasetAccessWithKey> {
  const found = readable(await findDatasetWithWrappedKey(ctx.tx, datasetId, ctx.actor.id, ctx.dialect));
  return { ...accessible(found, options), wrappedDataKey: found.wrappedDataKey };
}

function accessible({ dataset, summaryJson, engagement, membership }: DatasetForReader & EngagementAccess, options: { write?: boolean }): DatasetAccess {
  if (options.write) {
    requireMemberRole(membership, WRITERS);
    requireStatus(engagement, ['active'], 'changing its datasets');
  }
  return { engagement, membership, dataset: { ...dataset, summary: summaryJson === null ? null : readJson(summaryJson) } };
}

/** requireDataset's one query and refusals, with the summary left as the stored JSON text (the dataset page passes it through). */
export async function requireDatasetForReading(ctx: ServiceContext, datasetId: string): Promise<DatasetForReader & EngagementAccess> {
  return readable(await findDatasetForReader(ctx.tx, datasetId, ctx.actor.id, ctx.dialect));
}

/** requireDatasetForReading for the dataset page: the same refusals, and the page's counts from the same statement. */
export async function requireDatasetPageForReading(ctx: ServiceContext, datasetId: string): Promise<DatasetPageForReader & EngagementAccess> {
  return readable(await findDatasetPageForReader(ctx.tx, datasetId, ctx.actor.id, ctx.dialect));
}

/** requireDatasetForReading's refusals, having read only the dataset's version (a revalidation). */
export function readableVersion(found: DatasetVersionForReader | null): DatasetVersionForReader {
  if (!found) throw notFound('Dataset');
  if (!found.member) throw notFound('Engagement');
  return found;
}

function readable<T extends DatasetForReader>(found: T | null): T & EngagementAccess {
  if (!found) throw notFound('Dataset');
  const { engagement, membership } = found;
  if (!membership || !engagement) throw notFound('Engagement');
  return { ...found, engagement, membership };
}

export function requireDatasetStatus(dataset: Dataset, allowed: DatasetStatus[], action: string): void {
  if (!allowed.includes(dataset.status)) {
    throw new HttpError(409, 'conflict', `The dataset is ${dataset.status}; ${action} needs it to be ${allowed.join(' or ')}.`);
  }
}
