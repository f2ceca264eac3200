import { buildMigrations } from '../index.ts';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, migrate, onPostgresServer, type PostgresTestDatabase } from '../../../test/support/databases.ts';
import { definerRoleOf, roleStatements } from '../migrations/0002-row-security/role.ts';
import type { DB } from '../tables.ts';
import { openPostgres } from './connect.ts';

/** Roles are cluster-wide, so databases of one cluster race to create the application role. */
describe('application role creation', () => {
  const roles: string[] = [];
  const databases: PostgresTestDatabase[] = [];
  const freshRole = () => {
    const role = `staff_app_race_${randomBytes(4).toString('hex')}`;
    roles.push(role);
    return role;
  };

  beforeAll(async () => {
    databases.push(...(await Promise.all([createPostgresTestDatabase(), createPostgresTestDatabase()])));
  });
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()));
    for (const role of roles.flatMap((appRole) => [appRole, definerRoleOf(appRole)])) await onPostgresServer(`DROP ROLE IF EXISTS ${role}`);
  });

  it('lets the second of two overlapping creations wait for the first and carry on', async () => {
    const role = freshRole();
    const [createRole] = roleStatements(role);
    const [first, second] = await Promise.all(databases.map((database) => connected(database.url)));
    try {
      const secondPid = (await second.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      await first.query('BEGIN');
      await first.query(createRole);
      await second.query('BEGIN');
      const secondCreation = second.query(createRole);
      await waitUntilBlocked(first, secondPid);
      await first.query('COMMIT');
      await expect(secondCreation).resolves.toBeDefined();
      await second.query('COMMIT');
      const { rows } = await first.query(`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = $1`, [role]);
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it('migrates two databases at once with one new role and grants in both', async () => {
    const role = freshRole();
    const fresh = await Promise.all([createPostgresTestDatabase(), createPostgresTestDatabase()]);
    databases.push(...fresh);
    const dbs: Kysely<DB>[] = fresh.map((database) => openPostgres(database.url));
    try {
      const results = await Promise.all(dbs.map((db) => migrate(db, role)));
      const everyMigration = Object.keys(buildMigrations({ appRole: role })).map(() => 'Success');
      expect(results.map((run) => run.map((r) => r.status))).toEqual([everyMigration, everyMigration]);
      const grants = await Promise.all(
        dbs.map(async (db) => (await sql<{ ok: boolean }>`SELECT has_table_privilege(${role}, 'engagements', 'SELECT') AS ok`.execute(db)).rows[0].ok),
      );
      expect(grants).toEqual([true, true]);
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
    }
  });
});

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Polls until the connection with that backend pid is waiting on a lock (held by the other). */
async function waitUntilBlocked(observer: pg.Client, pid: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await observer.query(`SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1`, [pid]);
    if (rows[0]?.wait_event_type === 'Lock') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the second role creation never waited for the first');
}
