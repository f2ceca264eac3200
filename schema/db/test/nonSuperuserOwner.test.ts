import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, migrate, onPostgresServer, type PostgresTestDatabase } from '../../../test/support/databases.ts';
import { definerRoleOf } from '../migrations/0002-row-security/role.ts';
import type { DB } from '../tables.ts';
import { asMaintenance, asUser } from './asUser.ts';
import { openPostgres } from './connect.ts';
import { addAudit, addEngagement, addMember, addUser } from './fixtures.ts';

/**
 * A managed Postgres rarely hands out a superuser. Here the owner is an ordinary role with
 * CREATEROLE, so FORCE ROW LEVEL SECURITY binds it too: it reaches engagement data only in
 * maintenance mode, and the SECURITY DEFINER helpers still see memberships.
 */
describe('a non-superuser owner', () => {
  const suffix = randomBytes(4).toString('hex');
  const owner = `staff_owner_${suffix}`;
  const appRole = `staff_app_${suffix}`;
  let database: PostgresTestDatabase;
  let db: Kysely<DB>;
  let userId: string;
  let engagementId: string;

  beforeAll(async () => {
    await onPostgresServer(`CREATE ROLE ${owner} LOGIN CREATEROLE`);
    database = await createPostgresTestDatabase({ owner });
    db = openPostgres(database.url);
    await migrate(db, appRole);
    userId = await addUser(db);
    engagementId = await asMaintenance(db, async (trx) => {
      const id = await addEngagement(trx, userId);
      await addMember(trx, id, userId, 'lead', 1);
      return id;
    });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
    for (const role of [appRole, definerRoleOf(appRole), owner]) await onPostgresServer(`DROP ROLE IF EXISTS ${role}`);
  });

  it('migrates and is made a member of the application role', async () => {
    const { rows } = await sql<{ member: boolean }>`SELECT pg_has_role(current_user, ${appRole}, 'MEMBER') AS member`.execute(db);
    expect(rows).toEqual([{ member: true }]);
  });

  it('serves a member their engagement as the application role', async () => {
    const seen = await asUser(db, userId, (trx) => trx.selectFrom('engagements').select('id').execute(), appRole);
    expect(seen).toEqual([{ id: engagementId }]);
  });

  it('sees no engagement rows outside maintenance mode', async () => {
    expect(await db.selectFrom('engagements').select('id').execute()).toEqual([]);
  });

  it('sees and audits everything in maintenance mode, with no actor', async () => {
    const seen = await asMaintenance(db, async (trx) => {
      await addAudit(trx, { actor: null, action: 'engagement_purged', engagement_id: engagementId, details: '{"reason":"retention"}' });
      return {
        engagements: await trx.selectFrom('engagements').select('id').execute(),
        audit: await trx.selectFrom('audit_events').select(['actor', 'action']).execute(),
      };
    });
    expect(seen).toEqual({ engagements: [{ id: engagementId }], audit: [{ actor: null, action: 'engagement_purged' }] });
  });
});
