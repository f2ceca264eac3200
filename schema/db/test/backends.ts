import { Migrator, type Kysely } from 'kysely';
import { buildMigrations, DEFAULT_APP_ROLE } from '../index.ts';
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

/**
 * A fresh database of the backend migrated up to `before` (inclusive), to be given rows of an earlier form;
 * `migrateTo` then runs the migrations after it, up to the one named, and returns their names.
 */
export async function openAt(backend: Backend, before: string): Promise<Omit<TestDatabase, 'applied'> & { migrateTo(name: string): Promise<string[]> }> {
  let db: Kysely<DB>;
  let close: () => Promise<void>;
  if (backend === 'sqlite') {
    const file = createSqliteTestFile();
    db = openSqlite(file.path);
    close = async () => (await db.destroy(), file.remove());
  } else {
    const database = await createPostgresTestDatabase();
    db = openPostgres(database.url);
    close = async () => (await db.destroy(), await database.drop());
  }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => buildMigrations({ appRole: DEFAULT_APP_ROLE }) } });
  const migrateTo = async (name: string) => {
    const { error, results } = await migrator.migrateTo(name);
    if (error) throw error;
    return (results ?? []).map((r) => r.migrationName);
  };
  await migrateTo(before);
  return { db, close, migrateTo };
}
