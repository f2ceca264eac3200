import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../tables.ts';
import { asUser } from './asUser.ts';
import { openMigrated, type TestDatabase } from './backends.ts';
import { INSUFFICIENT_PRIVILEGE, refusalCode } from './errors.ts';
import { addDataset, addEngagement, addMember, addUser } from './fixtures.ts';

/**
 * Migration 0007: as the application role, identity rows follow the specification exactly. Reading
 * needs PII access (admins and leads are not exempt); a lead deletes them only through
 * app_purge_identities while purging a closed engagement.
 */
describe('identity policies for the application role on Postgres', () => {
  let database: TestDatabase;
  const ids = {} as Record<'admin' | 'lead' | 'piiAnalyst' | 'analyst' | 'engagement' | 'closed' | 'dataset' | 'plainDataset' | 'closedDataset', string>;
  const db = () => database.db;
  const identity = (datasetId: string, engagementId: string, employeeId: string) => ({
    dataset_id: datasetId, engagement_id: engagementId, employee_id: employeeId, name_enc: 'n', email_enc: 'e', email_hash: `h-${employeeId}`,
  });
  const visibleTo = (userId: string) =>
    asUser(db(), userId, async (trx) => (await trx.selectFrom('employee_identities').select('employee_id').execute()).length);
  const purgeAs = (trx: Transaction<DB>, engagementId: string) =>
    sql<{ removed: number }>`SELECT app_purge_identities(${engagementId})::int AS removed`.execute(trx);

  beforeAll(async () => {
    database = await openMigrated('postgres');
    const seed = db();
    ids.admin = await addUser(seed, { role: 'admin' });
    for (const name of ['lead', 'piiAnalyst', 'analyst'] as const) ids[name] = await addUser(seed);
    ids.engagement = await addEngagement(seed, ids.lead);
    ids.closed = await addEngagement(seed, ids.lead, { status: 'closed', closed_at: new Date().toISOString() });
    for (const engagement of [ids.engagement, ids.closed]) {
      await addMember(seed, engagement, ids.lead, 'lead');
      await addMember(seed, engagement, ids.piiAnalyst, 'analyst', 1);
      await addMember(seed, engagement, ids.analyst, 'analyst');
      await addMember(seed, engagement, ids.admin, 'lead');
    }
    ids.dataset = await addDataset(seed, ids.engagement, ids.lead, { with_identities: 1 });
    ids.plainDataset = await addDataset(seed, ids.engagement, ids.lead);
    ids.closedDataset = await addDataset(seed, ids.closed, ids.lead, { with_identities: 1 });
    await seed.insertInto('employee_identities').values([identity(ids.dataset, ids.engagement, 'E1'), identity(ids.closedDataset, ids.closed, 'E1')]).execute();
  });
  afterAll(() => database?.close());

  it('shows identities to a member with PII access', async () => {
    expect(await visibleTo(ids.piiAnalyst)).toBe(2);
  });

  it('shows no identities to a lead without PII access', async () => {
    expect(await visibleTo(ids.lead)).toBe(0);
  });

  it('shows no identities to an administrator without PII access, even as a lead', async () => {
    expect(await visibleTo(ids.admin)).toBe(0);
  });

  it('lets a lead without PII access delete no identity directly', async () => {
    const deleted = await asUser(db(), ids.lead, (trx) => trx.deleteFrom('employee_identities').where('engagement_id', '=', ids.closed).executeTakeFirst());
    expect(Number(deleted.numDeletedRows)).toBe(0);
  });

  it('refuses identities from a member without PII access', async () => {
    const insert = asUser(db(), ids.analyst, (trx) => trx.insertInto('employee_identities').values(identity(ids.dataset, ids.engagement, 'E2')).execute());
    expect(await refusalCode(insert)).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('refuses identities into a dataset created without identities', async () => {
    const insert = asUser(db(), ids.piiAnalyst, (trx) => trx.insertInto('employee_identities').values(identity(ids.plainDataset, ids.engagement, 'E2')).execute());
    expect(await refusalCode(insert)).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('lets a lead without PII access purge a closed engagement’s identities through app_purge_identities', async () => {
    const left = await asUser(db(), ids.lead, async (trx) => {
      const { rows } = await purgeAs(trx, ids.closed);
      expect(rows).toEqual([{ removed: 1 }]);
      await sql`SELECT set_config('app.user_id', ${ids.piiAnalyst}, true)`.execute(trx);
      return (await trx.selectFrom('employee_identities').select('employee_id').where('engagement_id', '=', ids.closed).execute()).length;
    });
    expect(left).toBe(0);
  });

  it('refuses app_purge_identities on an engagement that is not closed', async () => {
    expect(await refusalCode(asUser(db(), ids.lead, (trx) => purgeAs(trx, ids.engagement)))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('refuses app_purge_identities to an analyst, even with PII access', async () => {
    expect(await refusalCode(asUser(db(), ids.piiAnalyst, (trx) => purgeAs(trx, ids.closed)))).toBe(INSUFFICIENT_PRIVILEGE);
  });
});
