import { PostgresAdapter, sql, type Kysely } from 'kysely';

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Runs DDL statements in order. Each statement goes alone because the Postgres driver sends
 * parameterised (extended-protocol) queries, which refuse several commands in one string.
 */
async function runStatements(db: Kysely<any>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * Kysely's Migrator wraps each migration in a transaction only where DDL is transactional by its
 * reckoning (Postgres). SQLite DDL is transactional too, so a migration there runs in its own
 * transaction and a failure cannot leave half a schema behind.
 */
export async function runMigration(db: Kysely<any>, statements: { postgres: readonly string[]; sqlite: readonly string[] }): Promise<void> {
  if (isPostgres(db)) return runStatements(db, statements.postgres);
  await db.transaction().execute((trx) => runStatements(trx, statements.sqlite));
}
