import { Migrator, type MigrationProvider } from 'kysely';
import { buildMigrations } from '../../schema/db/index.ts';
import type { Database } from './connection.ts';

function migrator(database: Database): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => buildMigrations({ appRole: database.appRole }) };
  return new Migrator({ db: database.db, provider });
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  const { error, results } = await migrator(database).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations the code knows but the database has not run. */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const migrations = await migrator(database).getMigrations();
  return migrations.filter((m) => !m.executedAt).map((m) => m.name);
}
