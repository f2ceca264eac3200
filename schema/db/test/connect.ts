import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { defineSessionUser, type SqliteSession } from '../sqliteSession.ts';
import type { DB } from '../tables.ts';

// The server's parsers (server/db/connection.ts): timestamps as ISO strings, int8 as numbers.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** Postgres's code for a connection ended by an administrator: here, the teardown's DROP DATABASE ... WITH (FORCE). */
const ENDED_BY_ADMINISTRATOR = '57P01';

export function openPostgres(url: string): Kysely<DB> {
  const pool = new pg.Pool({ connectionString: url, types, max: 4 });
  // pg-pool's end() resolves before its connections have finished closing, so a test that drops its database
  // right after destroy() can end one still closing; the pool then emits 'error', which unheard ends the run.
  // That is the teardown itself; any other error on an idle connection is still thrown.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== ENDED_BY_ADMINISTRATOR) throw error;
  });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

const sessions = new WeakMap<Kysely<DB>, SqliteSession>();

/**
 * Foreign keys are off by default in SQLite; the server turns them on, and so do the tests. The connection
 * defines the session's user as the server's does, null (maintenance) until a test names one.
 */
export function openSqlite(file: string): Kysely<DB> {
  const database = new SqliteDatabase(file);
  database.pragma('foreign_keys = ON');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  sessions.set(db, defineSessionUser(database));
  return db;
}

/** Runs fn with the SQLite connection acting for a user, as the server's requests do (migration 0017's triggers read it). */
export async function asSqliteUser<T>(db: Kysely<DB>, userId: string, fn: () => Promise<T>): Promise<T> {
  const session = sessions.get(db)!;
  session.userId = userId;
  try {
    return await fn();
  } finally {
    session.userId = null;
  }
}
