import { buildDatasetSummary, datasetSummarySchema, type TitleClassification } from '../../workers/scoring/index.ts';
import type { Dataset } from '../repositories/datasetsRepository.ts';
import { deleteAiOutputs, updateDataset } from '../repositories/datasetsRepository.ts';
import type { Engagement } from '../repositories/engagementsRepository.ts';
import { readScoringRows } from '../repositories/rowsRepository.ts';
import { countTitlesBySource, listTitles } from '../repositories/titlesRepository.ts';
import { recordAudit } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { datasetCodingContext } from './codingContext.ts';
import { datasetSettings } from './datasetSettings.ts';
import { compiledReference } from './reference.ts';

/**
 * Scores every row against the dataset's pinned reference with the pure engine the browser also
 * runs, stores the anonymised summary, marks the dataset ready and audits dataset_finalised. Cached
 * AI outputs describe the old figures, so they go. Runs in the caller's transaction.
 */
export async function finaliseDataset(ctx: ServiceContext, dataset: Dataset, engagement: Engagement, referenceVersion = dataset.referenceVersion): Promise<Dataset['summary']> {
  const reference = await compiledReference(ctx.tx, referenceVersion);
  const codingContext = await datasetCodingContext(ctx, dataset, engagement, reference);
  const [rows, titles, bySource] = await Promise.all([readScoringRows(ctx.tx, dataset.id), listTitles(ctx.tx, dataset.id), countTitlesBySource(ctx.tx, dataset.id)]);
  const classifications = new Map<string, TitleClassification>();
  for (const t of titles) {
    if (t.source === 'pending' || !t.category || !t.subcategory) continue;
    classifications.set(t.title, {
      usSoc2018: t.usSoc2018, ukSoc2020: t.ukSoc2020, category: t.category, subcategory: t.subcategory,
      confidence: t.confidence ?? 0, source: t.source, variants: t.variants,
    });
  }
  // The stored summary must keep its anonymised shape: a builder regression fails here, not in a report.
  const summary = datasetSummarySchema.parse(buildDatasetSummary({
    rows,
    classifications,
    reference,
    settings: datasetSettings(dataset, reference),
    packId: engagement.pack,
    createdAt: dataset.createdAt,
    stats: { implausibleFte: dataset.importStats.implausibleFte, bySource },
    codingContext,
  }));
  const finalizedAt = new Date().toISOString();
  await updateDataset(ctx.tx, dataset.id, {
    status: 'ready', summary: summary as unknown as Record<string, unknown>, headcount: summary.headcount, totalCogs: summary.cost.total,
    referenceVersion, finalizedAt,
  });
  await deleteAiOutputs(ctx.tx, dataset.id);
  await recordAudit(ctx.tx, {
    actor: ctx.actor.id,
    action: 'dataset_finalised',
    engagementId: dataset.engagementId,
    datasetId: dataset.id,
    details: { headcount: summary.headcount, titles: titles.length, referenceVersion },
  });
  return summary as unknown as Dataset['summary'];
}
