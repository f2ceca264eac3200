/** The titles and people CSV files: the same columns as the workbook's Titles and People sheets. */
import { occupationNames, referenceFor } from './analysisWorkbook.ts';
import { hasReportingLines } from '../scoring/org.ts';
import type { ExportInput } from './input.ts';
import { scorePeople } from './people.ts';
import { summaryCurrency } from '../../schema/datasetSummary.ts';
import { peopleColumns, tableCsv, titleColumns } from './tables.ts';

export function buildTitlesCsv(input: Pick<ExportInput, 'referenceData' | 'summary' | 'titles'>): string {
  return tableCsv(titleColumns(occupationNames(referenceFor(input))), input.titles);
}

export function buildPeopleCsv(input: ExportInput): string {
  const reference = referenceFor(input);
  const people = scorePeople(input.rows, input.titles, reference, input.summary, input.groupings);
  return tableCsv(peopleColumns(occupationNames(reference), input.groupings, summaryCurrency(input.summary), hasReportingLines(input.summary.organisation)), people);
}
