import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_PII_REFUSAL } from '../migrations/0002-row-security/functions.ts';
import { openMigrated, type TestDatabase } from './backends.ts';
import { asSqliteUser } from './connect.ts';
import { REFUSED, refusal, refusalCode } from './errors.ts';
import { addAudit, addDataset, addEngagement, addMember, addRows, addUser } from './fixtures.ts';

// Rules that Postgres gets from its types and privileges, and SQLite from CHECKs and triggers.
describe('SQLite-only guards', () => {
  const refused = REFUSED.sqlite;
  let database: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    database = await openMigrated('sqlite');
    userId = await addUser(database.db);
    await addAudit(database.db, { actor: userId, action: 'user_created' });
  });
  afterAll(() => database?.close());

  it('refuses to update an audit row', async () => {
    const update = database.db.updateTable('audit_events').set({ details: '{"edited":true}' }).execute();
    expect(await refusalCode(update)).toBe(refused.trigger);
  });

  it('refuses to delete an audit row', async () => {
    expect(await refusalCode(database.db.deleteFrom('audit_events').execute())).toBe(refused.trigger);
    const left = await database.db.selectFrom('audit_events').select('action').execute();
    expect(left).toEqual([{ action: 'user_created' }]);
  });

  it('refuses an id that is not a lower-case UUID', async () => {
    expect(await refusalCode(addUser(database.db, { id: crypto.randomUUID().toUpperCase() }))).toBe(refused.check);
    expect(await refusalCode(addUser(database.db, { id: 'user-1' }))).toBe(refused.check);
  });

  it('refuses a timestamp not written as toISOString writes it', async () => {
    expect(await refusalCode(addEngagement(database.db, userId, { created_at: '2025-01-02 03:04:05' }))).toBe(refused.check);
  });

  it('stamps defaults in the same form as toISOString', async () => {
    const id = await addEngagement(database.db, userId);
    const row = await database.db.selectFrom('engagements').select('created_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(row.created_at).toISOString()).toBe(row.created_at);
  });

  it('refuses text in an integer column (STRICT tables)', async () => {
    expect(await refusalCode(addEngagement(database.db, userId, { retention_days: 'ninety' as never }))).toBe('SQLITE_CONSTRAINT_DATATYPE');
  });
});

// Migration 0017: what Postgres's policies and privileges refuse the application role, refused by SQLite's
// triggers for a request (the connection names its user) and let through for internal jobs (no user).
describe('SQLite triggers for the rules of the Postgres wall', () => {
  const refused = REFUSED.sqlite;
  let database: TestDatabase;
  let lead: string;
  let analyst: string;
  let engagementId: string;
  let datasetId: string;
  const db = () => database.db;
  const member = (userId: string) => db().selectFrom('engagement_members').select('pii_access').where('engagement_id', '=', engagementId).where('user_id', '=', userId).executeTakeFirstOrThrow();
  const setPii = (userId: string, on: 0 | 1) => db().updateTable('engagement_members').set({ pii_access: on }).where('engagement_id', '=', engagementId).where('user_id', '=', userId).execute();

  beforeAll(async () => {
    database = await openMigrated('sqlite');
    [lead, analyst] = [await addUser(db()), await addUser(db())];
    engagementId = await addEngagement(db(), lead);
    await addMember(db(), engagementId, lead, 'lead', 0);
    await addMember(db(), engagementId, analyst, 'analyst', 0);
    datasetId = await addDataset(db(), engagementId, lead, { use_ai: 0 });
    await addRows(db(), datasetId, engagementId, 1);
  });
  afterAll(() => database?.close());

  it('refuses a lead turning on their own PII access', async () => {
    expect(await refusal(asSqliteUser(db(), lead, () => setPii(lead, 1)))).toEqual({ code: refused.trigger, message: OWN_PII_REFUSAL });
    expect(await member(lead)).toEqual({ pii_access: 0 });
  });

  it('refuses a member adding themselves with PII access to a staffed engagement', async () => {
    const outsider = await addUser(db());
    const joining = asSqliteUser(db(), outsider, () => addMember(db(), engagementId, outsider, 'lead', 1));
    expect(await refusal(joining)).toEqual({ code: refused.trigger, message: OWN_PII_REFUSAL });
  });

  it('lets a lead turn on someone else’s PII access, and keep access they already hold', async () => {
    await asSqliteUser(db(), lead, () => setPii(analyst, 1));
    expect(await member(analyst)).toEqual({ pii_access: 1 });
    await asSqliteUser(db(), analyst, () => db().updateTable('engagement_members').set({ pii_access: 1, role: 'lead' }).where('user_id', '=', analyst).execute());
    expect(await member(analyst)).toEqual({ pii_access: 1 });
  });

  it('lets the creator of a new engagement become its first member, lead with PII access', async () => {
    const created = await asSqliteUser(db(), analyst, async () => {
      const id = await addEngagement(db(), analyst);
      await addMember(db(), id, analyst, 'lead', 1);
      return id;
    });
    expect(await db().selectFrom('engagement_members').select('pii_access').where('engagement_id', '=', created).execute()).toEqual([{ pii_access: 1 }]);
  });

  it('lets an internal job, acting for no user, set PII access', async () => {
    await setPii(lead, 1);
    expect(await member(lead)).toEqual({ pii_access: 1 });
    await setPii(lead, 0);
  });

  it('refuses an audit row whose actor is not the current user, or has none, during a request', async () => {
    expect(await refusalCode(asSqliteUser(db(), analyst, () => addAudit(db(), { actor: lead, action: 'export_generated' })))).toBe(refused.trigger);
    expect(await refusalCode(asSqliteUser(db(), analyst, () => addAudit(db(), { actor: null, action: 'export_generated' })))).toBe(refused.trigger);
    await asSqliteUser(db(), analyst, () => addAudit(db(), { actor: analyst, action: 'export_generated' }));
    await addAudit(db(), { actor: null, action: 'engagement_purged' });
    const actions = await db().selectFrom('audit_events').select(['actor', 'action']).where('action', 'in', ['export_generated', 'engagement_purged']).orderBy('id').execute();
    expect(actions).toEqual([{ actor: analyst, action: 'export_generated' }, { actor: null, action: 'engagement_purged' }]);
  });

  it('refuses an engagement or dataset created on someone else’s behalf during a request', async () => {
    expect(await refusalCode(asSqliteUser(db(), analyst, () => addDataset(db(), engagementId, lead)))).toBe(refused.trigger);
    expect(await refusalCode(asSqliteUser(db(), analyst, () => addEngagement(db(), lead)))).toBe(refused.trigger);
  });

  it('refuses switching on a dataset’s AI, changing its expected rows or moving it to another engagement during a request', async () => {
    const other = await addEngagement(db(), lead);
    for (const change of [{ use_ai: 1 }, { expected_rows: 20 }, { engagement_id: other }, { with_identities: 1 }] as const) {
      const update = asSqliteUser(db(), lead, () => db().updateTable('datasets').set(change).where('id', '=', datasetId).execute());
      expect(await refusalCode(update), JSON.stringify(change)).toBe(refused.trigger);
    }
    await asSqliteUser(db(), lead, () => db().updateTable('datasets').set({ name: 'Renamed', use_ai: 0 }).where('id', '=', datasetId).execute());
    expect(await db().selectFrom('datasets').select(['name', 'use_ai', 'expected_rows']).where('id', '=', datasetId).executeTakeFirstOrThrow()).toEqual({ name: 'Renamed', use_ai: 0, expected_rows: 10 });
  });

  it('refuses updating an employee row, and deleting a user, during a request', async () => {
    expect(await refusalCode(asSqliteUser(db(), lead, () => db().updateTable('employee_rows').set({ salary: 1 }).where('dataset_id', '=', datasetId).execute()))).toBe(refused.trigger);
    expect(await refusalCode(asSqliteUser(db(), lead, () => db().deleteFrom('users').where('id', '=', analyst).execute()))).toBe(refused.trigger);
  });
});
