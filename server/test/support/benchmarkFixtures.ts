import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { asOwner, type Database } from '../../db/connection.ts';
import { bindBool, bindJson } from '../../db/convert.ts';

export interface ContributionFigures {
  costPerHead?: number;
  averagePercentile?: number;
  automationShare?: number;
  augmentationShare?: number;
  /** Moderate gross saving as a percent of total cost. */
  savingPercent?: number;
  offshoreShare?: number;
  managers?: number;
  averageSpan?: number;
  layerCount?: number;
  groups?: { major: string; headcountShare: number; averagePercentile: number }[];
  /** The currency of the money figures, in the summary's settings; summaries made before currencies have none. */
  currency?: string;
}

/** A dataset summary carrying the figures benchmarks read, for a staff list of 100 people. */
export function contributionSummary(f: ContributionFigures = {}): Record<string, unknown> {
  const headcount = 100;
  const costPerHead = f.costPerHead ?? 40_000;
  const total = costPerHead * headcount;
  return {
    headcount,
    cost: { total, average: costPerHead, median: costPerHead },
    exposure: { averagePercentile: f.averagePercentile ?? 50, automationShare: f.automationShare ?? 0.1, augmentationShare: f.augmentationShare ?? 0.2, byHorizon: {} },
    scenarios: { moderate: { grossSaving: (total * (f.savingPercent ?? 10)) / 100 } },
    offshore: { headcountShare: f.offshoreShare ?? 0.05 },
    organisation: { managers: f.managers ?? 10, averageSpan: f.averageSpan ?? 4, layerCount: f.layerCount ?? 5 },
    ...(f.currency ? { settings: { employerCostMultiplier: 1.24, currency: f.currency } } : {}),
    usMajorGroups: (f.groups ?? [{ major: '43', headcountShare: 1, averagePercentile: 60 }]).map((g) => ({
      ...g,
      headcount: Math.round(g.headcountShare * headcount),
    })),
  };
}

/**
 * A dataset written straight in as the owner, as finalise leaves it: the benchmark reads only the
 * stored summary, and building hundreds through the upload pipeline would test that pipeline instead.
 */
export async function insertFinishedDataset(
  database: Database,
  engagementId: string,
  createdBy: string,
  summary: Record<string, unknown> | null,
  options: { status?: 'ready' | 'classifying'; createdAt?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const status = options.status ?? 'ready';
  const createdAt = options.createdAt ?? new Date().toISOString();
  const finalizedAt = status === 'ready' ? new Date().toISOString() : null;
  await asOwner(database, (tx) =>
    sql`insert into datasets (id, engagement_id, name, status, reference_version, settings, expected_rows, uploaded_rows, use_ai, with_identities, headcount, total_cogs, summary, created_by, created_at, updated_at, finalized_at)
      values (${id}, ${engagementId}, ${'Staff list'}, ${status}, ${1}, ${bindJson({})}, ${100}, ${100}, ${bindBool(true)}, ${bindBool(false)}, ${100}, ${null},
              ${summary === null ? null : bindJson(summary)}, ${createdBy}, ${createdAt}, ${createdAt}, ${finalizedAt})`.execute(tx),
  );
  return id;
}

/** Takes every engagement out of the benchmark, so a test counts only the contributors it makes. */
export async function withdrawAllFromBenchmarks(database: Database): Promise<void> {
  await asOwner(database, (tx) => sql`update engagements set benchmark_participation = ${bindBool(false)}`.execute(tx));
}
