import type { EngagementRole } from '../../schema/roles.ts';
import type { ReportNotes } from '../../schema/reportNotes.ts';
import type { EngagementSettings } from '../../schema/api/engagements.ts';
import type { Tx } from '../db/connection.ts';
import { bindBool, bindJson, nowIso, readBool, readIso, readIsoOrNull, readJson } from '../db/convert.ts';

export type EngagementStatus = 'active' | 'closed' | 'purged';

export interface Engagement {
  id: string;
  clientId: string | null;
  name: string;
  status: EngagementStatus;
  pack: string;
  region: string | null;
  shareClassificationCache: boolean;
  benchmarkParticipation: boolean;
  retentionDays: number;
  reportNotes: ReportNotes | null;
  /** Whether the engagement holds a wrapped data key (identity storage possible). */
  hasDataKey: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  purgedAt: string | null;
}

const columns = [
  'e.id', 'e.client_id', 'e.name', 'e.status', 'e.pack', 'e.region', 'e.share_classification_cache',
  'e.benchmark_participation', 'e.retention_days', 'e.report_notes', 'e.dek_wrapped', 'e.created_by',
  'e.created_at', 'e.updated_at', 'e.closed_at', 'e.purged_at',
] as const;

type Row = Record<(typeof columns)[number] extends `e.${infer C}` ? C : never, unknown>;

function toEngagement(row: Row): Engagement {
  return {
    id: row.id as string,
    clientId: (row.client_id as string | null) ?? null,
    name: row.name as string,
    status: row.status as EngagementStatus,
    pack: row.pack as string,
    region: (row.region as string | null) ?? null,
    shareClassificationCache: readBool(row.share_classification_cache),
    benchmarkParticipation: readBool(row.benchmark_participation),
    retentionDays: Number(row.retention_days),
    reportNotes: row.report_notes === null || row.report_notes === undefined ? null : readJson<ReportNotes>(row.report_notes),
    hasDataKey: row.dek_wrapped !== null && row.dek_wrapped !== undefined,
    createdBy: row.created_by as string,
    createdAt: readIso(row.created_at),
    updatedAt: readIso(row.updated_at),
    closedAt: readIsoOrNull(row.closed_at),
    purgedAt: readIsoOrNull(row.purged_at),
  };
}

/**
 * SQL text selecting the engagement's columns as `e_<column>`, for a query joining `engagements e` beside
 * like-named columns (a dataset's own engagement_id among them, hence not `engagement_`).
 */
export const JOINED_ENGAGEMENT_COLUMNS = columns.map((c) => `${c} as ${c.replace('.', '_')}`).join(', ');

/** The engagement from a row selected with JOINED_ENGAGEMENT_COLUMNS; null when the join found none. */
export function readJoinedEngagement(row: Record<string, unknown>): Engagement | null {
  if (row.e_id === null || row.e_id === undefined) return null;
  return toEngagement(Object.fromEntries(columns.map((c) => [c.slice(2), row[c.replace('.', '_')]])) as Row);
}

export interface NewEngagement {
  id: string;
  clientId: string | null;
  name: string;
  pack: string;
  region: string | null;
  shareClassificationCache: boolean;
  benchmarkParticipation: boolean;
  retentionDays: number;
  dekWrapped: string | null;
  createdBy: string;
}

export async function insertEngagement(tx: Tx, e: NewEngagement): Promise<void> {
  const now = nowIso();
  await tx
    .insertInto('engagements')
    .values({
      id: e.id,
      client_id: e.clientId,
      name: e.name,
      status: 'active',
      pack: e.pack,
      region: e.region,
      share_classification_cache: bindBool(e.shareClassificationCache),
      benchmark_participation: bindBool(e.benchmarkParticipation),
      retention_days: e.retentionDays,
      report_notes: null,
      dek_wrapped: e.dekWrapped,
      created_by: e.createdBy,
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
}

export async function findEngagement(tx: Tx, id: string, options: { forUpdate?: boolean; dialect?: 'sqlite' | 'postgres' } = {}): Promise<Engagement | null> {
  let query = tx.selectFrom('engagements as e').select(columns).where('e.id', '=', id);
  if (options.forUpdate && options.dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toEngagement(row as unknown as Row) : null;
}

export async function listEngagementsOfUser(tx: Tx, userId: string): Promise<(Engagement & { role: EngagementRole; piiAccess: boolean })[]> {
  const rows = await tx
    .selectFrom('engagements as e')
    .innerJoin('engagement_members as m', 'm.engagement_id', 'e.id')
    .select([...columns, 'm.role as member_role', 'm.pii_access as member_pii'])
    .where('m.user_id', '=', userId)
    .orderBy('e.created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    ...toEngagement(row as unknown as Row),
    role: row.member_role as EngagementRole,
    piiAccess: readBool(row.member_pii),
  }));
}

export interface EngagementPatch extends Partial<EngagementSettings> {
  reportNotes?: ReportNotes | null;
  status?: EngagementStatus;
  closedAt?: string | null;
  purgedAt?: string | null;
  dekWrapped?: null;
}

const patchColumns: Record<keyof EngagementPatch, string> = {
  name: 'name',
  pack: 'pack',
  region: 'region',
  shareClassificationCache: 'share_classification_cache',
  benchmarkParticipation: 'benchmark_participation',
  retentionDays: 'retention_days',
  reportNotes: 'report_notes',
  status: 'status',
  closedAt: 'closed_at',
  purgedAt: 'purged_at',
  dekWrapped: 'dek_wrapped',
};

export async function updateEngagement(tx: Tx, id: string, patch: EngagementPatch): Promise<void> {
  const values: Record<string, unknown> = { updated_at: nowIso() };
  for (const [key, value] of Object.entries(patch) as [keyof EngagementPatch, unknown][]) {
    if (value === undefined) continue;
    if (typeof value === 'boolean') values[patchColumns[key]] = bindBool(value);
    else if (key === 'reportNotes') values[patchColumns[key]] = value === null ? null : bindJson(value);
    else values[patchColumns[key]] = value;
  }
  await tx.updateTable('engagements').set(values as never).where('id', '=', id).execute();
}

export async function deleteEngagement(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('engagements').where('id', '=', id).execute();
}

/** Closed engagements with their retention clock; the caller decides which are due. */
export async function listClosedEngagements(tx: Tx): Promise<{ id: string; closedAt: string; retentionDays: number }[]> {
  const rows = await tx.selectFrom('engagements').select(['id', 'closed_at', 'retention_days']).where('status', '=', 'closed').execute();
  return rows.map((r) => ({ id: r.id as string, closedAt: readIso(r.closed_at), retentionDays: Number(r.retention_days) }));
}
