import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrated, type TestDatabase } from './backends.ts';
import { REFUSED, refusalCode } from './errors.ts';
import { addAudit, addEngagement, addUser } from './fixtures.ts';

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
