import { listStructure, type ListContext } from '../../workers/classify/context.ts';
import type { CompiledReference } from '../../workers/reference/index.ts';
import { findClient } from '../repositories/clientsRepository.ts';
import { readCodingContext, storeCodingContext, type Dataset } from '../repositories/datasetsRepository.ts';
import type { Engagement } from '../repositories/engagementsRepository.ts';
import { readTitleContexts, type TitleRowContext } from '../repositories/rowsRepository.ts';
import { listPayScaleOf } from './contextCodingPool.ts';
import type { ServiceContext } from './context.ts';

/** The currency of a dataset's pay: its settings' currency when they name one, else pounds. */
export function datasetCurrency(dataset: Pick<Dataset, 'settings'>): string {
  return typeof dataset.settings.currency === 'string' ? dataset.settings.currency : 'GBP';
}

/**
 * What holds for every row of a dataset when its titles are coded in context (issue 24): the currency of its
 * pay, its pay level against that currency's tables, and the engagement's client sector. Computed at the first classify step (or the first
 * re-resolution of a dataset made before it) under the dataset's reference version, then stored, so every
 * classify step, rescore and finalise reads the same one and a person's pay band never moves.
 */
export async function datasetCodingContext(
  ctx: ServiceContext,
  dataset: Pick<Dataset, 'id' | 'settings'>,
  engagement: Pick<Engagement, 'clientId'>,
  reference: CompiledReference,
): Promise<ListContext> {
  return (await codingContextAndRows(ctx, dataset, engagement, reference)).context;
}

/**
 * datasetCodingContext, with the rows it was computed from when it was computed now (null when it was stored):
 * the first classify step codes some of those rows next, and need not read them again.
 */
export async function codingContextAndRows(
  ctx: ServiceContext,
  dataset: Pick<Dataset, 'id' | 'settings'>,
  engagement: Pick<Engagement, 'clientId'>,
  reference: CompiledReference,
): Promise<{ context: ListContext; rows: TitleRowContext[] | null }> {
  const stored = await readCodingContext(ctx.tx, dataset.id);
  if (stored) return { context: stored, rows: null };
  const currency = datasetCurrency(dataset);
  // The client's sector is read as the organisation is ("Environment", "Transport"); never a person's text.
  const sector = engagement.clientId ? ((await findClient(ctx.tx, engagement.clientId))?.sector ?? null) : null;
  const rows = await readTitleContexts(ctx.tx, dataset.id, null);
  const context: ListContext = { currency, payScale: await listPayScaleOf(reference, rows, currency), sector, ...listStructure(rows) };
  await storeCodingContext(ctx.tx, dataset.id, context);
  return { context, rows };
}
