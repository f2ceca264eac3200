/**
 * The titles and people tables, described once: the workbook's sheets and the CSV files take their headers and
 * values from these columns, so the two always agree.
 */
import { SCENARIO_KEYS } from '../../schema/reference/index.ts';
import { roundMoney } from '../scoring/round.ts';
import { toCsv } from './csv.ts';
import type { ExportTitle } from './input.ts';
import { HORIZON_LABELS, OFFSHORE_STATUS_LABELS, SCENARIO_LABELS, SOURCE_LABELS, yesNo } from './labels.ts';
import type { PersonFigures } from './people.ts';
import type { TableColumn } from './xlsxStyle.ts';

/** Occupation names of the pinned reference version by code. */
export interface OccupationNames {
  us(code: string | null): string | null;
  uk(code: string | null): string | null;
}

export function titleColumns(names: OccupationNames): TableColumn<ExportTitle>[] {
  return [
    { header: 'Title', width: 40, value: (t) => t.title },
    { header: 'Headcount', width: 11, format: 'count', value: (t) => t.headcount },
    { header: 'US SOC 2018', width: 12, format: 'text', value: (t) => t.usSoc2018 },
    { header: 'US occupation', width: 40, value: (t) => names.us(t.usSoc2018) },
    { header: 'UK SOC 2020', width: 12, format: 'text', value: (t) => t.ukSoc2020 },
    { header: 'UK occupation', width: 40, value: (t) => names.uk(t.ukSoc2020) },
    { header: 'Category', width: 22, value: (t) => t.category },
    { header: 'Role', width: 30, value: (t) => t.subcategory },
    { header: 'Source', width: 18, value: (t) => SOURCE_LABELS[t.source] ?? t.source },
    { header: 'Confidence', width: 11, format: 'percent', value: (t) => t.confidence },
    { header: 'Needs review', width: 13, value: (t) => yesNo(t.reviewRequired) },
  ];
}

/**
 * People columns; the ticked groupings come last, under their own headings. Money headings name the list's
 * currency, since a CSV cell carries no sign. A list without reporting lines (`reportingLines` false) has no
 * Layer column: nobody in it has a layer.
 */
export function peopleColumns(names: OccupationNames, groupings: readonly string[], currency: string, reportingLines: boolean): TableColumn<PersonFigures>[] {
  return [
    { header: 'Employee ID', width: 16, format: 'text', value: (p) => p.employeeId },
    { header: 'Title', width: 36, value: (p) => p.title },
    { header: 'US SOC 2018', width: 12, format: 'text', value: (p) => p.usSoc2018 },
    { header: 'US occupation', width: 36, value: (p) => names.us(p.usSoc2018) },
    { header: 'UK SOC 2020', width: 12, format: 'text', value: (p) => p.ukSoc2020 },
    { header: 'UK occupation', width: 36, value: (p) => names.uk(p.ukSoc2020) },
    { header: 'Category', width: 22, value: (p) => p.category },
    { header: 'Role', width: 28, value: (p) => p.subcategory },
    { header: `Annual cost (${currency})`, width: 13, format: 'money', value: (p) => roundMoney(p.cost) },
    { header: 'Cost at market rate', width: 12, value: (p) => yesNo(p.costImputed) },
    { header: 'Exposure percentile', width: 12, format: 'percentile', value: (p) => p.percentile },
    { header: 'Horizon', width: 30, value: (p) => HORIZON_LABELS[p.horizon] },
    ...SCENARIO_KEYS.map((key): TableColumn<PersonFigures> => ({
      header: `Saving: ${SCENARIO_LABELS[key].toLowerCase()} (${currency})`,
      width: 14,
      format: 'money',
      value: (p) => roundMoney(p.savings[key]),
    })),
    { header: 'Offshoring', width: 20, value: (p) => (p.offshore ? OFFSHORE_STATUS_LABELS[p.offshore] : 'Not migratable') },
    ...(reportingLines ? [{ header: 'Layer', width: 13, format: 'count', value: (p) => p.layer ?? 'Disconnected' } satisfies TableColumn<PersonFigures>] : []),
    ...groupings.map((heading): TableColumn<PersonFigures> => ({ header: heading, width: 20, value: (p) => p.groupings[heading] ?? null })),
  ];
}

/** A CSV of any described table. */
export function tableCsv<T>(columns: readonly TableColumn<T>[], rows: readonly T[]): string {
  return toCsv(
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => c.value(row))),
  );
}
