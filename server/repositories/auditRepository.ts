import { sql } from 'kysely';
import type { AuditAction } from '../../schema/auditActions.ts';
import type { Tx } from '../db/connection.ts';
import { readIso, readJson } from '../db/convert.ts';

export interface AuditRow {
  id: number;
  at: string;
  actor: string | null;
  actorName: string | null;
  action: AuditAction;
  engagementId: string | null;
  engagementName: string | null;
  datasetId: string | null;
  details: Record<string, unknown>;
}

export interface AuditQuery {
  offset: number;
  limit: number;
  action?: AuditAction;
  engagementId?: string;
  /** UTC calendar days (YYYY-MM-DD), both inclusive. */
  from?: string;
  to?: string;
}

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** Newest first, with the engagement's and actor's display names joined in for the reader. */
export async function listAudit(tx: Tx, query: AuditQuery): Promise<{ events: AuditRow[]; total: number }> {
  let base = tx.selectFrom('audit_events as a');
  if (query.action) base = base.where('a.action', '=', query.action);
  if (query.engagementId) base = base.where('a.engagement_id', '=', query.engagementId);
  if (query.from) base = base.where('a.at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to) base = base.where('a.at', '<', dayAfter(query.to));
  const rows = await base
    .leftJoin('engagements as e', 'e.id', 'a.engagement_id')
    .leftJoin('users as u', 'u.id', 'a.actor')
    .select(['a.id', 'a.at', 'a.actor', 'u.name as actor_name', 'a.action', 'a.engagement_id', 'e.name as engagement_name', 'a.dataset_id', 'a.details'])
    .orderBy('a.id', 'desc')
    .offset(query.offset)
    .limit(query.limit)
    .execute();
  const { n } = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return {
    total: Number(n),
    events: rows.map((r) => ({
      id: Number(r.id),
      at: readIso(r.at),
      actor: r.actor ?? null,
      actorName: r.actor_name ?? null,
      action: r.action as AuditAction,
      engagementId: r.engagement_id ?? null,
      engagementName: r.engagement_name ?? null,
      datasetId: r.dataset_id ?? null,
      details: readJson<Record<string, unknown>>(r.details),
    })),
  };
}
