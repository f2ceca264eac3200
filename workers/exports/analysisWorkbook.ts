/**
 * The analysis workbook (issue 11): overview, AI exposure, scenarios and programme, roles and categories,
 * offshoring, spans and layers, value chain, titles, people and notes. Built from the stored summary, the pinned
 * reference version, the titles and the rows; never holds a name or an email, and grouping values only when
 * ticked. Pure compute: runs in a Web Worker (workers/export.worker.ts) and under Node for the benchmark.
 */
import ExcelJS from 'exceljs';
import { SCENARIO_KEYS, type ScenarioKey } from '../../schema/reference/index.ts';
import { compileReference, type CompiledReference } from '../reference/compile.ts';
import { wholePeopleByPhase } from '../scoring/lifecycle.ts';
import { hasReportingLines, linkedPeople } from '../scoring/org.ts';
import { summaryCurrency, type DatasetSummary, type ScenarioProgramme } from '../../schema/datasetSummary.ts';
import type { ExportInput } from './input.ts';
import { currencyName, HORIZON_LABELS, marketRate, OFFSHORE_LABELS, REPORTING_LINES_RULE, SCENARIO_LABELS, noReportingLinesText, yesNo } from './labels.ts';
import { scorePeople } from './people.ts';
import { peopleColumns, titleColumns, type OccupationNames } from './tables.ts';
import { addKeyFigureSheet, addTableSheet, appendTable, freezeRows, numberFormatCode, setWorkbookCurrency, workbookBytes, type KeyFigure, type TableColumn } from './xlsxStyle.ts';

/** Which part of the build is running, and how far it is (0–1). */
export interface BuildProgress {
  stage: string;
  fraction: number;
}

export function occupationNames(reference: CompiledReference): OccupationNames {
  const { us, uk } = reference.data.occupations;
  return {
    us: (code) => (code ? (us[code]?.title ?? null) : null),
    uk: (code) => (code ? (uk[code]?.title ?? null) : null),
  };
}

export function referenceFor(input: Pick<ExportInput, 'referenceData' | 'summary'>): CompiledReference {
  return compileReference(input.referenceData, input.summary.referenceVersion);
}

function overview(workbook: ExcelJS.Workbook, input: ExportInput): void {
  const s = input.summary;
  const m = s.scenarios.moderate;
  const figures: KeyFigure[] = [
    { label: 'Headcount', value: s.headcount, format: 'count' },
    { label: 'FTE', value: s.fteTotal, format: 'oneDecimal' },
    { label: 'Total annual cost', value: s.cost.total, format: 'money' },
    { label: 'Average cost per person', value: s.cost.average, format: 'money' },
    { label: 'Median cost per person', value: s.cost.median, format: 'money' },
    { label: 'Average exposure percentile', value: s.exposure.averagePercentile, format: 'percentile' },
    { label: 'Share of work AI could automate', value: s.exposure.automationShare, format: 'percent' },
    { label: 'Share of work AI could augment', value: s.exposure.augmentationShare, format: 'percent' },
    { label: 'Moderate scenario', heading: true },
    { label: 'Annual gross saving', value: m.grossSaving, format: 'money' },
    { label: 'Annual saving net of reinvestment', value: m.netOfReinvestment, format: 'money' },
    { label: 'FTE released', value: m.fteSaved, format: 'oneDecimal' },
    { label: 'Investment', value: m.investment, format: 'money' },
    { label: 'Three-year net saving', value: m.threeYearNetSaving, format: 'money' },
    { label: 'Offshore candidates, share of headcount', value: s.offshore.headcountShare, format: 'percent' },
    { label: 'Dataset', heading: true },
    { label: 'Distinct titles', value: s.stats.titles, format: 'count' },
    { label: 'Rows priced at market rates', value: s.stats.costImputed, format: 'count' },
    { label: 'Reference version', value: s.referenceVersion },
    { label: 'Industry pack', value: s.packId },
    { label: 'Currency of every money figure', value: currencyName(summaryCurrency(s)) },
  ];
  const sheet = addKeyFigureSheet(workbook, 'Overview', input.datasetName, figures);
  freezeRows(sheet, 1);
}

function exposure(workbook: ExcelJS.Workbook, s: DatasetSummary, groupName: (major: string) => string): void {
  const sheet = workbook.addWorksheet('AI exposure');
  type HorizonRow = { label: string; headcount: number; cost: number };
  const horizons: HorizonRow[] = (['now', 'near', 'later'] as const).map((key) => ({ label: HORIZON_LABELS[key], ...s.exposure.byHorizon[key] }));
  appendTable<HorizonRow>(sheet, 'By horizon', [
    { header: 'Horizon', width: 50, value: (r) => r.label },
    { header: 'Headcount', width: 12, format: 'count', value: (r) => r.headcount },
    { header: 'Annual cost', width: 16, format: 'money', value: (r) => r.cost },
  ], horizons);
  appendTable<DatasetSummary['usMajorGroups'][number]>(sheet, 'By US SOC major group', [
    { header: 'Major group', width: 50, value: (g) => `${g.major} ${groupName(g.major)}`.trim() },
    { header: 'Headcount', width: 12, format: 'count', value: (g) => g.headcount },
    { header: 'Share of headcount', width: 20, format: 'percent', value: (g) => g.headcountShare },
    { header: 'Average exposure percentile', width: 16, format: 'percentile', value: (g) => g.averagePercentile },
  ], s.usMajorGroups);
}

function scenarios(workbook: ExcelJS.Workbook, s: DatasetSummary): void {
  const sheet = workbook.addWorksheet('Scenarios');
  type Measure = { label: string; format: TableColumn<unknown>['format']; value: (p: ScenarioProgramme) => number | string | null };
  const measures: Measure[] = [
    { label: 'Annual gross saving', format: 'money', value: (p) => p.grossSaving },
    { label: 'FTE released', format: 'oneDecimal', value: (p) => p.fteSaved },
    { label: 'Reinvestment (share of gross)', format: 'percent', value: (p) => p.reinvestmentPercent / 100 },
    { label: 'Annual saving net of reinvestment', format: 'money', value: (p) => p.netOfReinvestment },
    { label: 'Three-year net saving', format: 'money', value: (p) => p.threeYearNetSaving },
    { label: 'Investment', format: 'money', value: (p) => p.investment },
    { label: 'Return on investment (×)', format: 'decimal', value: (p) => p.roi ?? 'Not applicable' },
    { label: 'Payback (months)', format: 'count', value: (p) => p.paybackMonths ?? 'Not within 10 years' },
    { label: `Payback later than ${s.programme.paybackLimitMonths} months`, value: (p) => yesNo(p.paybackFlagged), format: undefined },
  ];
  const byScenario = (key: ScenarioKey): TableColumn<Measure> => ({ header: SCENARIO_LABELS[key], width: 16, value: (m) => m.value(s.scenarios[key]) });
  appendTable<Measure>(sheet, 'Scenarios side by side', [{ header: 'Measure', width: 40, value: (m) => m.label }, ...SCENARIO_KEYS.map(byScenario)], measures);
  // Each measure row takes its own number format across the three scenario columns (rows 3 on: title, header, data).
  measures.forEach((measure, i) => {
    if (measure.format) for (let c = 2; c <= 4; c++) sheet.getRow(3 + i).getCell(c).numFmt = numberFormatCode(measure.format, workbook);
  });

  type Period = { index: number; label: string };
  const periods: Period[] = s.programme.periodLabels.map((label, index) => ({ index, label }));
  const periodColumns: TableColumn<Period>[] = [{ header: 'Half-year', width: 40, value: (p) => p.label }];
  for (const key of SCENARIO_KEYS) {
    const at = (p: Period) => s.scenarios[key].periods[p.index];
    periodColumns.push(
      { header: `${SCENARIO_LABELS[key]}: net saving`, width: 16, format: 'money', value: (p) => at(p)?.netSaving ?? null },
      { header: `${SCENARIO_LABELS[key]}: investment`, width: 16, format: 'money', value: (p) => at(p)?.investment ?? null },
      { header: `${SCENARIO_LABELS[key]}: cumulative net saving`, width: 16, format: 'money', value: (p) => at(p)?.cumulativeNetSaving ?? null },
    );
  }
  appendTable(sheet, 'Programme by half-year', periodColumns, periods);
}

function rolesAndCategories(workbook: ExcelJS.Workbook, s: DatasetSummary): void {
  const sheet = workbook.addWorksheet('Roles and categories');
  appendTable<DatasetSummary['categories'][number]>(sheet, 'Categories', [
    { header: 'Category', width: 30, value: (c) => c.category },
    { header: 'Headcount', width: 12, format: 'count', value: (c) => c.headcount },
    { header: 'Annual cost', width: 16, format: 'money', value: (c) => c.cost },
    { header: 'Average exposure percentile', width: 14, format: 'percentile', value: (c) => c.averagePercentile },
    { header: 'Moderate saving', width: 16, format: 'money', value: (c) => c.moderateSaving },
    { header: 'Automation share', width: 12, format: 'percent', value: (c) => c.automationShare },
    { header: 'Augmentation share', width: 12, format: 'percent', value: (c) => c.augmentationShare },
  ], s.categories);
  appendTable<DatasetSummary['topRoles'][number]>(sheet, 'Largest roles', [
    { header: 'Category', width: 30, value: (r) => r.category },
    { header: 'Role', width: 30, value: (r) => r.subcategory },
    { header: 'Headcount', width: 12, format: 'count', value: (r) => r.headcount },
    { header: 'Annual cost', width: 16, format: 'money', value: (r) => r.cost },
    { header: 'Average exposure percentile', width: 14, format: 'percentile', value: (r) => r.averagePercentile },
    { header: 'Moderate saving', width: 16, format: 'money', value: (r) => r.moderateSaving },
  ], s.topRoles);
}

function offshoring(workbook: ExcelJS.Workbook, s: DatasetSummary): void {
  const o = s.offshore;
  addKeyFigureSheet(workbook, 'Offshoring', 'Offshoring', [
    { label: 'Migratable roles: headcount', value: o.migratable.headcount, format: 'count' },
    { label: 'Migratable roles: annual cost', value: o.migratable.cost, format: 'money' },
    ...(['candidates', 'hybrid', 'onshore'] as const).flatMap((key): KeyFigure[] => [
      { label: `${OFFSHORE_LABELS[key]}: headcount`, value: o[key].headcount, format: 'count' },
      { label: `${OFFSHORE_LABELS[key]}: annual cost`, value: o[key].cost, format: 'money' },
    ]),
    { label: 'Offshore candidates, share of headcount', value: o.headcountShare, format: 'percent' },
    { label: 'Offshore candidates, share of cost', value: o.costShare, format: 'percent' },
    { label: 'Annual saving from moving the candidates', value: o.saving, format: 'money' },
  ]);
}

function spansAndLayers(workbook: ExcelJS.Workbook, s: DatasetSummary): void {
  const o = s.organisation;
  const references: KeyFigure[] = [
    { label: 'Manager reference names nobody in the list (unresolved)', value: o.unresolved, format: 'count' },
    { label: 'Disconnected (chain ends at an unresolved reference or a cycle)', value: o.disconnected, format: 'count' },
    { label: 'Distinct missing manager references', value: o.missingManagerReferences, format: 'count' },
  ];
  if (!hasReportingLines(o)) {
    // The statement, not a sheet of zeros: a list without reporting lines has no layers or spans.
    addKeyFigureSheet(workbook, 'Spans and layers', 'Spans and layers', [
      { label: 'Reporting lines', value: noReportingLinesText(o) },
      { label: 'When layers and spans are shown', value: REPORTING_LINES_RULE },
      { label: 'People in the list', value: o.people, format: 'count' },
      { label: 'People linked to the top through managers in the list', value: linkedPeople(o), format: 'count' },
      ...(o.unresolved > 0 ? references : []),
    ], [58, 80]);
    return;
  }
  const sheet = addKeyFigureSheet(workbook, 'Spans and layers', 'Spans and layers', [
    { label: 'People in the structure', value: o.people, format: 'count' },
    { label: 'People linked to the top through managers in the list', value: linkedPeople(o), format: 'count' },
    { label: 'Top of the organisation (no manager)', value: o.roots, format: 'count' },
    { label: 'Layers', value: o.layerCount, format: 'count' },
    { label: 'Managers', value: o.managers, format: 'count' },
    { label: 'Average span of control', value: o.averageSpan, format: 'oneDecimal' },
    { label: 'Median span of control', value: o.medianSpan, format: 'oneDecimal' },
    { label: `Managers with fewer than ${o.narrowSpan} reports`, value: o.narrowManagers, format: 'count' },
    { label: `Managers with more than ${o.wideSpan} reports`, value: o.wideManagers, format: 'count' },
    { label: 'Managers with a single report', value: o.singleReportManagers, format: 'count' },
    ...references,
  ], [58, 16]);
  appendTable<{ layer: number; headcount: number }>(sheet, 'Headcount per layer', [
    { header: 'Layer', width: 58, value: (r) => `Layer ${r.layer}` },
    { header: 'Headcount', width: 16, format: 'count', value: (r) => r.headcount },
  ], o.headcountByLayer.map((headcount, i) => ({ layer: i + 1, headcount })));
}

function valueChain(workbook: ExcelJS.Workbook, s: DatasetSummary): void {
  const l = s.lifecycle;
  const sheet = workbook.addWorksheet('Value chain');
  const people = wholePeopleByPhase(l.phases.map((p) => p.headcount));
  type Phase = DatasetSummary['lifecycle']['phases'][number] & { people: number };
  appendTable<Phase>(sheet, `${l.label} (chosen by ${l.chosenBy})`, [
    { header: 'Phase', width: 34, value: (p) => p.label },
    { header: 'Headcount', width: 12, format: 'count', value: (p) => p.people },
    { header: 'Annual cost', width: 16, format: 'money', value: (p) => p.cost },
    { header: 'Average exposure percentile', width: 14, format: 'percentile', value: (p) => p.averagePercentile },
    { header: 'Moderate saving', width: 16, format: 'money', value: (p) => p.moderateSaving },
  ], l.phases.map((p, i) => ({ ...p, people: people[i]! })));
  if (l.unplaced.length > 0) {
    appendTable<DatasetSummary['lifecycle']['unplaced'][number]>(sheet, 'Roles not placed in a phase', [
      { header: 'Category', width: 34, value: (u) => u.category },
      { header: 'Role', width: 30, value: (u) => u.subcategory },
      { header: 'Headcount', width: 12, format: 'count', value: (u) => u.headcount },
    ], l.unplaced);
  }
}

function notes(workbook: ExcelJS.Workbook, input: ExportInput, reference: CompiledReference): void {
  const data = reference.data;
  const s = input.summary;
  const figures: KeyFigure[] = [
    { label: 'Generated', value: input.generatedAt },
    { label: 'Reference version', value: s.referenceVersion },
    { label: 'Industry pack', value: s.packId },
    { label: 'Employer cost multiplier', value: s.settings.employerCostMultiplier, format: 'decimal' },
    { label: 'Currency', value: currencyName(summaryCurrency(s)) },
    { label: 'Salaries not given, or not in the list’s currency', value: `Priced at ${marketRate(summaryCurrency(s))}.` },
    { label: 'Personal data', value: 'No names or emails. Client groupings only when ticked for this export.' },
    { label: 'Assumptions', heading: true },
    ...SCENARIO_KEYS.flatMap((key): KeyFigure[] => [
      { label: `${SCENARIO_LABELS[key]}: automation realised`, value: data.scenarios[key].automationRealised, format: 'percent' },
      { label: `${SCENARIO_LABELS[key]}: augmentation productivity`, value: data.scenarios[key].augmentationProductivity, format: 'percent' },
    ]),
    { label: 'Horizon now from exposure percentile', value: data.exposure.horizonNowFrom, format: 'percentile' },
    { label: 'Horizon near from exposure percentile', value: data.exposure.horizonNearFrom, format: 'percentile' },
    { label: 'Offshore candidates below exposure percentile', value: data.gcc.offshoreBelow, format: 'percentile' },
    { label: 'Automate in place from exposure percentile', value: data.gcc.onshoreFrom, format: 'percentile' },
    { label: 'Capability-centre cost factor', value: data.gcc.defaultOffshoreFactor, format: 'decimal' },
    { label: 'Narrow span below', value: data.org.narrowSpan, format: 'count' },
    { label: 'Wide span above', value: data.org.wideSpan, format: 'count' },
    { label: 'Payback flagged after (months)', value: data.programme.paybackMonths, format: 'count' },
    { label: 'Sources', heading: true },
    ...data.benchmark.sources.map((line, i): KeyFigure => ({ label: `Source ${i + 1}`, value: line })),
    ...Object.values(data.sources).map((src): KeyFigure => ({ label: src.id, value: `${src.publisher}, ${src.title} (${src.year}). ${src.url}` })),
  ];
  addKeyFigureSheet(workbook, 'Notes', 'Notes, sources and assumptions', figures, [44, 100]);
}

/**
 * Builds the workbook. Progress goes to `onProgress` (stage and 0–1); scoring and writing the people dominate
 * the time, so they carry most of the bar.
 */
export async function buildAnalysisWorkbook(input: ExportInput, onProgress: (progress: BuildProgress) => void = () => {}): Promise<ArrayBuffer> {
  onProgress({ stage: 'Preparing', fraction: 0 });
  const reference = referenceFor(input);
  const names = occupationNames(reference);
  const groupName = (major: string) => reference.data.occupations.usMajorGroups[major] ?? '';
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Staff-list analysis';
  workbook.created = new Date(input.generatedAt);
  const s = input.summary;
  setWorkbookCurrency(workbook, summaryCurrency(s));

  overview(workbook, input);
  exposure(workbook, s, groupName);
  scenarios(workbook, s);
  rolesAndCategories(workbook, s);
  offshoring(workbook, s);
  spansAndLayers(workbook, s);
  valueChain(workbook, s);
  addTableSheet(workbook, 'Titles', titleColumns(names), input.titles);
  onProgress({ stage: 'Scoring people', fraction: 0.1 });
  const people = scorePeople(input.rows, input.titles, reference, s, input.groupings);
  onProgress({ stage: 'Writing people', fraction: 0.3 });
  const total = Math.max(1, people.length);
  addTableSheet(workbook, 'People', peopleColumns(names, input.groupings, summaryCurrency(s), hasReportingLines(s.organisation)), people, {
    onProgress: (written) => onProgress({ stage: 'Writing people', fraction: 0.3 + (0.3 * written) / total }),
  });
  notes(workbook, input, reference);
  onProgress({ stage: 'Compressing', fraction: 0.6 });
  const bytes = await workbookBytes(workbook);
  onProgress({ stage: 'Done', fraction: 1 });
  return bytes;
}
