import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import pg from 'pg';
import { buildMigrations, DEFAULT_APP_ROLE } from '../../schema/db/index.ts';

/** A superuser connection to the test cluster (trust auth); TEST_POSTGRES_URL overrides it. */
const SERVER_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface PostgresTestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates a throwaway database with a random name and returns its URL. With owner, the
 * database belongs to that (existing) role and the URL signs in as it; otherwise as the
 * cluster's superuser. drop() ends every connection to it and drops it.
 */
export async function createPostgresTestDatabase(options: { owner?: string } = {}): Promise<PostgresTestDatabase> {
  const name = `staff_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}${options.owner ? ` OWNER ${options.owner}` : ''}`));
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  if (options.owner) url.username = options.owner;
  return {
    url: url.toString(),
    drop: () => onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Runs a statement as the cluster's superuser (roles are cluster-wide; tests create and drop some). */
export async function onPostgresServer(statement: string): Promise<void> {
  await onServer((client) => client.query(statement));
}

/** A SQLite file path in a fresh temporary directory; remove() deletes the directory. */
export function createSqliteTestFile(): { path: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-sqlite-'));
  return { path: path.join(dir, 'test.sqlite'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Brings the database to the latest schema with kysely's Migrator; throws on the first failure. */
export async function migrate(db: Kysely<any>, appRole: string = DEFAULT_APP_ROLE): Promise<MigrationResult[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => buildMigrations({ appRole }) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results ?? [];
}
