import { sql } from 'kysely';
import type { Dialect, Tx } from '../db/connection.ts';
import { bindBool, nowIso, readBool } from '../db/convert.ts';
import type { EngagementRole } from '../../schema/roles.ts';

export interface Member {
  userId: string;
  email: string;
  name: string;
  active: boolean;
  role: EngagementRole;
  piiAccess: boolean;
}

export interface Membership {
  role: EngagementRole;
  piiAccess: boolean;
}

export async function findMembership(tx: Tx, engagementId: string, userId: string): Promise<Membership | null> {
  const row = await tx
    .selectFrom('engagement_members')
    .select(['role', 'pii_access'])
    .where('engagement_id', '=', engagementId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { role: row.role as EngagementRole, piiAccess: readBool(row.pii_access) } : null;
}

export async function listMembers(tx: Tx, engagementId: string): Promise<Member[]> {
  const rows = await tx
    .selectFrom('engagement_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'u.name', 'u.active', 'm.role', 'm.pii_access'])
    .where('m.engagement_id', '=', engagementId)
    .orderBy('u.name')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id as string,
    email: r.email as string,
    name: r.name as string,
    active: readBool(r.active),
    role: r.role as EngagementRole,
    piiAccess: readBool(r.pii_access),
  }));
}

export async function insertMember(tx: Tx, engagementId: string, userId: string, membership: Membership): Promise<void> {
  const now = nowIso();
  await tx
    .insertInto('engagement_members')
    .values({ engagement_id: engagementId, user_id: userId, role: membership.role, pii_access: bindBool(membership.piiAccess), created_at: now, updated_at: now } as never)
    .execute();
}

export async function updateMember(tx: Tx, engagementId: string, userId: string, membership: Membership): Promise<void> {
  await tx
    .updateTable('engagement_members')
    .set({ role: membership.role, pii_access: bindBool(membership.piiAccess), updated_at: nowIso() } as never)
    .where('engagement_id', '=', engagementId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(tx: Tx, engagementId: string, userId: string): Promise<void> {
  await tx.deleteFrom('engagement_members').where('engagement_id', '=', engagementId).where('user_id', '=', userId).execute();
}

/** Lead user ids; on Postgres the rows are locked so two concurrent demotions cannot both keep "another lead". */
export async function lockLeadIds(tx: Tx, dialect: Dialect, engagementId: string): Promise<string[]> {
  const query = tx.selectFrom('engagement_members').select('user_id').where('engagement_id', '=', engagementId).where('role', '=', 'lead');
  const rows = dialect === 'postgres' ? await query.forUpdate().execute() : await query.execute();
  return rows.map((r) => r.user_id as string);
}

/** Whether the user leads any engagement of the client (brand rights). */
export async function leadsAnEngagementOfClient(tx: Tx, clientId: string, userId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('engagement_members as m')
    .innerJoin('engagements as e', 'e.id', 'm.engagement_id')
    .select(sql<number>`1`.as('found'))
    .where('e.client_id', '=', clientId)
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'lead')
    .executeTakeFirst();
  return row !== undefined;
}
