/**
 * The Copilot allocation workbook (XLSX), built in the browser: the plan's figures and assumptions, the
 * licensed people by employee ID in rank order, the waiting list, and the breakdowns. Names and emails are
 * columns only when the caller passes identities, which the page has only after an authorised reveal
 * (spec: personal-data rule 8); without them the workbook holds employee IDs alone.
 */
import ExcelJS from 'exceljs';
import { addKeyFigureSheet, addTableSheet, appendTable, setWorkbookCurrency, workbookBytes, type KeyFigure, type TableColumn } from '../exports/xlsxStyle.ts';
import type { AllocationBreakdown, CopilotAllocation, LicensedPerson } from './allocation.ts';

export interface AllocationWorkbookInput {
  planName: string;
  datasetName: string;
  /** ISO timestamp printed on the summary sheet. */
  generatedAt: string;
  referenceVersion: number;
  /** ISO 4217 code of the list's money: the employer cost of the hours released is in it. */
  currency: string;
  allocation: CopilotAllocation;
  /** Revealed names and emails by employee ID; absent for the unnamed workbook. */
  identities?: ReadonlyMap<string, { name: string | null; email: string | null }>;
}

export const ALLOCATION_SHEETS = ['Plan', 'Allocation', 'Waiting list', 'Breakdowns'] as const;

function personColumns(identities: AllocationWorkbookInput['identities'], tierLabels: Map<string, string>): TableColumn<LicensedPerson>[] {
  const named: TableColumn<LicensedPerson>[] = identities
    ? [
        { header: 'Name', width: 28, value: (l) => identities.get(l.person.employeeId)?.name ?? null },
        { header: 'Email', width: 34, value: (l) => identities.get(l.person.employeeId)?.email ?? null },
      ]
    : [];
  return [
    { header: 'Rank', width: 8, format: 'count', value: (l) => l.rank },
    { header: 'Employee ID', width: 16, format: 'text', value: (l) => l.person.employeeId },
    ...named,
    { header: 'Copilot tier', width: 16, value: (l) => tierLabels.get(l.person.tier!) ?? l.person.tier },
    { header: 'Category', width: 24, value: (l) => l.person.category },
    { header: 'Role type', width: 28, value: (l) => l.person.subcategory },
    { header: 'Layer', width: 8, value: (l) => l.person.layer },
    { header: 'Location', width: 18, value: (l) => l.person.location },
    { header: 'Exposure percentile', width: 12, format: 'percentile', value: (l) => l.person.percentile },
    { header: 'Horizon', width: 10, value: (l) => l.person.horizon },
    { header: 'FTE', width: 8, format: 'oneDecimal', value: (l) => l.person.fte },
    { header: 'Hours released a month', width: 14, format: 'oneDecimal', value: (l) => l.hoursPerMonth },
  ];
}

const BREAKDOWN_COLUMNS: TableColumn<AllocationBreakdown>[] = [
  { header: 'Group', width: 32, value: (r) => r.label },
  { header: 'Eligible', width: 12, format: 'count', value: (r) => r.eligible },
  { header: 'Licensed', width: 12, format: 'count', value: (r) => r.licensed },
];

export async function buildAllocationWorkbook(input: AllocationWorkbookInput): Promise<ArrayBuffer> {
  const a = input.allocation;
  // Money cells show the list's sign; licence prices in another currency are plain amounts under their code.
  const money = a.cost.currency === input.currency ? 'money' : 'decimal';
  const workbook = new ExcelJS.Workbook();
  setWorkbookCurrency(workbook, input.currency);
  workbook.created = new Date(input.generatedAt);
  const figures: KeyFigure[] = [
    { label: 'Dataset', value: input.datasetName },
    { label: 'Generated', value: input.generatedAt },
    { label: 'Reference version', value: input.referenceVersion },
    { label: 'Names and emails', value: input.identities ? 'Included after an authorised reveal' : 'Not included (employee IDs only)' },
    { label: 'Licences', heading: true },
    { label: 'People in the dataset', value: a.people, format: 'count' },
    { label: 'Eligible people', value: a.eligible, format: 'count' },
    { label: 'Licences bought', value: a.licencesBought, format: 'count' },
    { label: 'People licensed', value: a.licensed, format: 'count' },
    { label: 'Unused licences', value: a.unusedLicences, format: 'count' },
    { label: `Cost (${a.cost.currency})`, heading: true },
    { label: 'A month', value: a.cost.perMonth, format: money },
    { label: 'A year', value: a.cost.perYear, format: money },
    { label: `Over the term (${a.cost.termMonths} months)`, value: a.cost.overTerm, format: money },
    { label: 'Expected hours released', heading: true },
    { label: 'A month', value: a.hours.perMonth, format: 'count' },
    { label: 'A year', value: a.hours.perYear, format: 'count' },
    { label: `Employer cost of those hours a year (${input.currency})`, value: a.valueOfHoursPerYear, format: 'money' },
    { label: 'Assumptions', heading: true },
    ...a.assumptions.map((text, i) => ({ label: `${i + 1}.`, value: text })),
  ];
  const plan = addKeyFigureSheet(workbook, ALLOCATION_SHEETS[0], `Copilot licence plan: ${input.planName}`, figures, [40, 90]);
  plan.getColumn(2).alignment = { wrapText: true, vertical: 'top' };

  const tierLabels = new Map(a.byTier.map((t) => [t.key, t.label]));
  const columns = personColumns(input.identities, tierLabels);
  addTableSheet(workbook, ALLOCATION_SHEETS[1], columns, a.allocation);
  addTableSheet(workbook, ALLOCATION_SHEETS[2], columns, a.waiting);

  const breakdowns = workbook.addWorksheet(ALLOCATION_SHEETS[3]);
  appendTable(breakdowns, 'By Copilot tier', BREAKDOWN_COLUMNS, a.byTier);
  appendTable(breakdowns, 'By category', BREAKDOWN_COLUMNS, a.byCategory);
  appendTable(breakdowns, 'By layer', BREAKDOWN_COLUMNS, a.byLayer);
  appendTable(breakdowns, 'By location', BREAKDOWN_COLUMNS, a.byLocation);
  return workbookBytes(workbook);
}
