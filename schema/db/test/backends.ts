import type { Kysely } from 'kysely';
import { createPostgresTestDatabase, createSqliteTestFile, migrate } from '../../../test/support/databases.ts';
import type { DB } from '../tables.ts';
import { openPostgres, openSqlite } from './connect.ts';

export type Backend = 'sqlite' | 'postgres';
export const BACKENDS: Backend[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  db: Kysely<DB>;
  /** Names of the migrations the first migrate() applied. */
  applied: string[];
  close(): Promise<void>;
}

/** A fresh, migrated database of the backend; close() destroys the connection and the database. */
export async function openMigrated(backend: Backend): Promise<TestDatabase> {
  if (backend === 'sqlite') {
    const file = createSqliteTestFile();
    const db = openSqlite(file.path);
    const applied = (await migrate(db)).map((r) => r.migrationName);
    return { db, applied, close: async () => (await db.destroy(), file.remove()) };
  }
  const database = await createPostgresTestDatabase();
  const db = openPostgres(database.url);
  const applied = (await migrate(db)).map((r) => r.migrationName);
  return { db, applied, close: async () => (await db.destroy(), await database.drop()) };
}
