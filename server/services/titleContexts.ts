import { notFound } from '../http/httpError.ts';
import { readTitleContexts } from '../repositories/rowsRepository.ts';
import type { TitleContextsReply } from '../../schema/api/datasets.ts';
import { scopeChoices } from '../../workers/classify/variants.ts';
import type { ServiceContext } from './context.ts';
import { requireDatasetForReading } from './datasetAccess.ts';

/**
 * The units, organisations, grades and professional groups one title's rows hold, with their people: what a
 * consultant limits a correction to when the unit decides the job and the coder read the title alike
 * everywhere ("Laborer" in a city's solid waste and parks divisions). Any member may read them, as the rows.
 */
export async function titleContexts(ctx: ServiceContext, datasetId: string, title: string): Promise<TitleContextsReply> {
  await requireDatasetForReading(ctx, datasetId);
  const rows = await readTitleContexts(ctx.tx, datasetId, [title]);
  if (rows.length === 0) throw notFound('Title');
  return { title, headcount: rows.length, choices: scopeChoices(rows) };
}
