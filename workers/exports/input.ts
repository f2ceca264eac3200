/**
 * What an export is built from: the stored summary, the pinned reference version, the titles and the rows as
 * the API returns them. Plain data, so it crosses to a Web Worker by structured clone.
 */
import type { ReferenceData } from '../../schema/reference/index.ts';
import type { DatasetSummary } from '../../schema/datasetSummary.ts';
import type { TitleEntry } from '../classify/titlesList.ts';
import type { ScoringRow, TitleVariantCodes } from '../scoring/types.ts';

/** A row as scoring reads it (its coding context names the row's variant of its title), with its groupings. */
export interface ExportRow extends ScoringRow {
  /** Client groupings; they enter an export only when the user ticks them (personal-data rule 7). */
  attributes?: Record<string, string | number | null> | null;
}

/** A title as the titles list gives it, less what only the page shows (why coded so, alternatives). */
export type ExportTitle = Pick<TitleEntry, 'title' | 'headcount' | 'usSoc2018' | 'ukSoc2020' | 'category' | 'subcategory' | 'confidence' | 'reviewRequired'> & {
  source: string;
  /** The title's readings by context, when they differ: each row is scored by its own. */
  variants?: readonly TitleVariantCodes[] | null;
};

export interface ExportInput {
  datasetName: string;
  /** ISO timestamp printed on the notes sheet. */
  generatedAt: string;
  summary: DatasetSummary;
  /** The data of the reference version the summary was scored with. */
  referenceData: ReferenceData;
  titles: ExportTitle[];
  rows: ExportRow[];
  /** Grouping headings the user ticked for this export; none by default. */
  groupings: string[];
}

/** Every grouping heading found in the rows, in order of first appearance: what the user may tick. */
export function groupingHeadings(rows: readonly ExportRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const heading of Object.keys(row.attributes ?? {})) seen.add(heading);
  return [...seen];
}
