import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_APP_ROLE } from '../index.ts';
import type { DB } from '../tables.ts';

/**
 * Runs fn as the server does for a request on Postgres (BEGIN; SET LOCAL ROLE <app role>;
 * set_config('app.user_id', <uuid>, true)), then always rolls back, so tests never leave data.
 */
export async function asUser<T>(db: Kysely<DB>, userId: string, fn: (trx: Transaction<DB>) => Promise<T>, appRole = DEFAULT_APP_ROLE): Promise<T> {
  const trx = await db.startTransaction().execute();
  try {
    await sql`SET LOCAL ROLE ${sql.id(appRole)}`.execute(trx);
    await sql`SELECT set_config('app.user_id', ${userId}, true)`.execute(trx);
    return await fn(trx);
  } finally {
    await trx.rollback().execute();
  }
}

/** Runs fn as the owner in maintenance mode (internal jobs of a non-superuser owner), then commits. */
export async function asMaintenance<T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('app.maintenance', 'on', true)`.execute(trx);
    return fn(trx);
  });
}
