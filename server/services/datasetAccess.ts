import type { EngagementRole } from '../repositories/engagementsRepository.ts';
import { findDataset, findDatasetForReader, type Dataset, type DatasetForReader, type DatasetStatus } from '../repositories/datasetsRepository.ts';
import { HttpError, notFound } from '../http/httpError.ts';
import { requireMember, requireRole, requireStatus, type EngagementAccess } from './access.ts';
import type { ServiceContext } from './context.ts';

export interface DatasetAccess extends EngagementAccess {
  dataset: Dataset;
}

export const WRITERS: EngagementRole[] = ['lead', 'analyst'];

/**
 * A dataset through its engagement's access rules: a non-member gets 404 as for the engagement.
 * With `write`, the caller must be lead or analyst and the engagement active.
 */
export async function requireDataset(ctx: ServiceContext, datasetId: string, options: { write?: boolean } = {}): Promise<DatasetAccess> {
  const dataset = await findDataset(ctx.tx, datasetId);
  if (!dataset) throw notFound('Dataset');
  const access = options.write ? await requireRole(ctx, dataset.engagementId, WRITERS) : await requireMember(ctx, dataset.engagementId);
  if (options.write) requireStatus(access.engagement, ['active'], 'changing its datasets');
  return { ...access, dataset };
}

/** requireDataset for reading, in one query, with the summary left as stored JSON text; the same refusals. */
export async function requireDatasetForReading(ctx: ServiceContext, datasetId: string): Promise<DatasetForReader> {
  const found = await findDatasetForReader(ctx.tx, datasetId, ctx.actor.id, ctx.dialect);
  if (!found) throw notFound('Dataset');
  if (!found.membership) throw notFound('Engagement');
  return found;
}

export function requireDatasetStatus(dataset: Dataset, allowed: DatasetStatus[], action: string): void {
  if (!allowed.includes(dataset.status)) {
    throw new HttpError(409, 'conflict', `The dataset is ${dataset.status}; ${action} needs it to be ${allowed.join(' or ')}.`);
  }
}
