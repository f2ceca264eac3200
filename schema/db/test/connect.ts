import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from '../tables.ts';

// The server's parsers (server/db/connection.ts): timestamps as ISO strings, int8 as numbers.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function openPostgres(url: string): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, types, max: 4 }) }) });
}

/** Foreign keys are off by default in SQLite; the server turns them on, and so do the tests. */
export function openSqlite(file: string): Kysely<DB> {
  const database = new SqliteDatabase(file);
  database.pragma('foreign_keys = ON');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}
