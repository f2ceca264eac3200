/**
 * Per-person figures for the people sheet and CSV, scored exactly as the server scored the summary (same
 * scoreRow, same reference, settings and pack), so the people add up to the summary's totals. Names and emails
 * are never among the inputs; grouping values are carried only for headings the user ticked.
 */
import { SCENARIO_KEYS, type ScenarioKey } from '../../schema/reference/index.ts';
import { classifyWithoutAi } from '../classify/classify.ts';
import type { CompiledReference } from '../reference/compile.ts';
import { createScoringContext, hasReportingLines, rowLayers, scoreRow, summarySettings, type Horizon, type OffshoreStatus, type RowScore, type TitleClassification } from '../scoring/index.ts';
import type { DatasetSummary } from '../../schema/datasetSummary.ts';
import type { ExportRow, ExportTitle } from './input.ts';

export interface PersonFigures {
  employeeId: string;
  title: string;
  usSoc2018: string | null;
  ukSoc2020: string | null;
  category: string;
  subcategory: string;
  /** Annual employer cost. */
  cost: number;
  /** Priced at the market: no usable salary, or a region whose salaries are not native. */
  costImputed: boolean;
  percentile: number;
  horizon: Horizon;
  savings: Record<ScenarioKey, number>;
  offshore: OffshoreStatus | null;
  /**
   * 1 for the top of the organisation; null when disconnected (the chain ends at a missing manager or a cycle)
   * and for everyone in a list without reporting lines.
   */
  layer: number | null;
  /** Values of the ticked groupings only. */
  groupings: Record<string, string | number | null>;
}

const SOURCES = new Set<TitleClassification['source']>(['override', 'pack', 'cache', 'ai', 'rules']);

/**
 * Each title's stored classification, looked up by exact title; a title not classified yet reads as the
 * service reads it with AI off.
 */
function titleClassifications(titles: readonly ExportTitle[], reference: CompiledReference, packId: string): (title: string) => TitleClassification {
  const known = new Map<string, TitleClassification>();
  for (const t of titles) {
    if (!SOURCES.has(t.source as TitleClassification['source']) || t.category === null || t.subcategory === null) continue;
    known.set(t.title, {
      usSoc2018: t.usSoc2018,
      ukSoc2020: t.ukSoc2020,
      category: t.category,
      subcategory: t.subcategory,
      confidence: t.confidence ?? 0,
      source: t.source as TitleClassification['source'],
      variants: t.variants ?? null,
    });
  }
  return (title) => {
    let c = known.get(title);
    if (!c) {
      c = classifyWithoutAi(reference, title, { packId });
      known.set(title, c);
    }
    return c;
  };
}

/**
 * Every row scored as the server scored the summary (same scoreRow, pinned reference, settings and pack), with its
 * layer in the organisation, handed to `pick`. Shared by every per-person export (people sheet, Copilot allocation).
 */
export function mapScoredRows<T>(
  rows: readonly ExportRow[],
  titles: readonly ExportTitle[],
  reference: CompiledReference,
  summary: DatasetSummary,
  pick: (row: ExportRow, score: RowScore, layer: number | null) => T,
): T[] {
  const context = createScoringContext(reference, summarySettings(reference, summary.settings), summary.packId, summary.codingContext);
  const classificationOf = titleClassifications(titles, reference, context.pack.id);
  // Without reporting lines nobody has a layer: one flat layer of everybody would say otherwise.
  const layers = hasReportingLines(summary.organisation) ? rowLayers(rows) : rows.map(() => null);
  return rows.map((row, i) => pick(row, scoreRow(row, classificationOf(row.title), context), layers[i]));
}

export function scorePeople(
  rows: readonly ExportRow[],
  titles: readonly ExportTitle[],
  reference: CompiledReference,
  summary: DatasetSummary,
  groupings: readonly string[],
): PersonFigures[] {
  return mapScoredRows(rows, titles, reference, summary, (row, s, layer) => {
    const savings = {} as Record<ScenarioKey, number>;
    for (const key of SCENARIO_KEYS) savings[key] = s.scenarios[key].grossSaving;
    const picked: Record<string, string | number | null> = {};
    for (const heading of groupings) picked[heading] = row.attributes?.[heading] ?? null;
    return {
      employeeId: row.employeeId,
      title: row.title,
      usSoc2018: s.usSoc2018,
      ukSoc2020: s.ukSoc2020,
      category: s.role.category,
      subcategory: s.role.subcategory,
      cost: s.cost,
      costImputed: s.costImputed,
      percentile: s.percentile,
      horizon: s.horizon,
      savings,
      offshore: s.offshore,
      layer,
      groupings: picked,
    };
  });
}
