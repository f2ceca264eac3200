// A dataset summary built the way the server builds it: workers/scoring's buildDatasetSummary over a small
// staff list, scored against the real seed reference (seeds/reference-v1.json, compiled in the browser).
import { compileReference } from '../../workers/reference/compile.ts';
import { buildDatasetSummary, defaultSettings, type ScoringRow } from '../../workers/scoring/index.ts';
import type { DatasetSummary } from '../../schema/datasetSummary.ts';
import type { DatasetTitle, DatasetWithSummary } from '../api/datasets.ts';
import { NO_IMPORT_STATS } from './engagement-fixtures.ts';
import type { StoredRowReply } from '../../schema/api/rows.ts';

const TITLES = [
  'Finance Director',
  'Accounts Assistant',
  'Payroll Officer',
  'Software Developer',
  'Customer Service Advisor',
  'HR Business Partner',
  'Warehouse Operative',
  'Marketing Manager',
  'Data Analyst',
  'Receptionist',
];

/**
 * 41 people: E1 at the top, E2–E5 reporting to E1, the rest to E2–E5; every seventh on 0.6 FTE, every
 * fifth in Manchester, salaries £25,000 rising by £1,500. E41 has no salary or FTE and reports to X-9,
 * who is not in the list (one missing manager reference).
 */
export function staffList(): ScoringRow[] {
  const rows: ScoringRow[] = Array.from({ length: 40 }, (_, i) => ({
    employeeId: `E${i + 1}`,
    managerEmployeeId: i === 0 ? null : i < 5 ? 'E1' : `E${(i % 4) + 2}`,
    title: TITLES[i % TITLES.length]!,
    salary: 25_000 + i * 1_500,
    fte: i % 7 === 0 ? 0.6 : 1,
    location: i % 5 === 0 ? 'Manchester' : 'London',
    division: null,
  }));
  rows.push({ employeeId: 'E41', managerEmployeeId: 'X-9', title: 'Receptionist', salary: null, fte: null, location: null, division: null });
  return rows;
}

let seed: Promise<ReturnType<typeof compileReference>> | null = null;

/** The seed reference, fetched with the real fetch: call before a test fakes the server. */
function seedReference() {
  seed ??= (async () => {
    const response = await fetch('/seeds/reference-v1.json');
    if (!response.ok) throw new Error(`seed reference not served: ${response.status}`);
    return compileReference(await response.json(), 1);
  })();
  return seed;
}

/** The summary of `rows` as the server would store it, scored against the seed reference. */
export async function summaryOf(rows: ScoringRow[]): Promise<DatasetSummary> {
  const reference = await seedReference();
  return buildDatasetSummary({
    rows,
    classifications: new Map(),
    reference,
    settings: defaultSettings(reference),
    packId: 'general',
    createdAt: '2026-02-10T09:00:00Z',
    stats: { implausibleFte: 1, bySource: { rules: TITLES.length } },
  });
}

let built: Promise<DatasetSummary> | null = null;

/** The summary of staffList(). */
export function seedSummary(): Promise<DatasetSummary> {
  built ??= summaryOf(staffList());
  return built;
}

export const DATASET_ID = '5b0d7a1e-2c3f-4a5b-8c9d-0e1f2a3b4c5d';
export const ENGAGEMENT_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

export function datasetRecord(status: DatasetWithSummary['status'], summary: DatasetSummary | null): DatasetWithSummary {
  return {
    id: DATASET_ID,
    engagementId: ENGAGEMENT_ID,
    name: 'Head office staff list',
    status,
    referenceVersion: 1,
    settings: { employerCostMultiplier: summary?.settings.employerCostMultiplier ?? 1.3 },
    columnMapping: { 'Job title': 'title' },
    expectedRows: 41,
    uploadedRows: status === 'uploading' ? 0 : 41,
    useAi: true,
    withIdentities: false,
    headcount: summary?.headcount ?? null,
    totalCogs: summary?.cost.total ?? null,
    duplicateEmployeeIds: 0,
    importStats: NO_IMPORT_STATS,
    createdAt: '2026-02-10T09:00:00.000Z',
    finalizedAt: summary ? '2026-02-10T09:05:00.000Z' : null,
    summary,
  };
}

/** `count` distinct titles, most people first, every tenth flagged for review. */
export function manyTitles(count: number): DatasetTitle[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `Analyst grade ${i + 1}`,
    normalised: `analyst grade ${i + 1}`,
    headcount: count - i,
    source: i % 3 === 0 ? 'ai' : 'rules',
    usSoc2018: '13-2051',
    ukSoc2020: '2422',
    category: 'Finance',
    subcategory: 'Financial Analyst',
    confidence: 0.8,
    reviewRequired: i % 10 === 0,
    reason: null,
    alternatives: [],
    variants: null,
  }));
}

/** Rows as GET /datasets/:id/rows answers them: numbered in order, every context field present (null when not given). */
export function storedRows(rows: readonly (ScoringRow & { attributes?: StoredRowReply['attributes'] })[]): StoredRowReply[] {
  return rows.map((row, rowNo) => ({ organisation: null, grade: null, group: null, attributes: null, ...row, rowNo }));
}
