/**
 * Column fragments for migration 0001, mostly SQLite. They are part of that migration: never change
 * what they produce (a database migrated earlier would then differ); add new helpers instead.
 *
 * SQLite has no uuid, boolean, timestamp or JSON types, so CHECKs hold the same shapes the
 * Postgres types enforce. Tables are STRICT, so a value of the wrong storage class is refused.
 */

/** The app's timestamp form: exactly what Date.prototype.toISOString() returns, so text order is time order. */
const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
const isoShape = (col: string) =>
  `${col} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'`;

/** A lower-case hyphenated UUID, the form Postgres prints, so ids compare equal on both backends. */
export const uuidShape = (col: string) =>
  `${col} GLOB '????????-????-????-????-????????????' AND ${col} NOT GLOB '*[^0-9a-f-]*'`;

/** A text primary key holding a UUID. */
export const idColumn = (col = 'id') => `${col} TEXT NOT NULL PRIMARY KEY CHECK (${uuidShape(col)})`;

/** A UUID column without a foreign key (the parent may be gone, or there is none). */
export const uuidColumn = (col: string, nullable: boolean) =>
  `${col} TEXT${nullable ? '' : ' NOT NULL'} CHECK (${uuidShape(col)})`;

/** A boolean stored as 0/1. */
export const flagColumn = (col: string, defaultValue?: 0 | 1) =>
  `${col} INTEGER NOT NULL${defaultValue === undefined ? '' : ` DEFAULT ${defaultValue}`} CHECK (${col} IN (0, 1))`;

/** A timestamp: 'now' (NOT NULL, defaults to now), 'required' (NOT NULL, no default) or 'nullable'. */
export const timeColumn = (col: string, kind: 'now' | 'required' | 'nullable' = 'now') => {
  const definition = { now: ` NOT NULL DEFAULT ${NOW}`, required: ' NOT NULL', nullable: '' }[kind];
  return `${col} TEXT${definition} CHECK (${isoShape(col)})`;
};

/** A JSON object stored as text. A null passes a CHECK, so only nullable columns may hold one. */
export const jsonObjectColumn = (col: string, options: { nullable?: boolean; defaultValue?: string } = {}) => {
  const isObject = `CASE WHEN json_valid(${col}) THEN json_type(${col}) = 'object' ELSE 0 END`;
  const nullability = options.nullable ? '' : ' NOT NULL';
  const fallback = options.defaultValue === undefined ? '' : ` DEFAULT '${options.defaultValue}'`;
  return `${col} TEXT${nullability}${fallback} CHECK (${options.nullable ? `${col} IS NULL OR ` : ''}${isObject})`;
};

/** US SOC-2018 detailed code (NN-NNNN) and UK SOC-2020 unit group (NNNN). */
export const sqliteUsSoc = (col: string) => `${col} GLOB '[0-9][0-9]-[0-9][0-9][0-9][0-9]'`;
export const sqliteUkSoc = (col: string) => `${col} GLOB '[0-9][0-9][0-9][0-9]'`;
export const postgresUsSoc = (col: string) => `${col} ~ '^[0-9]{2}-[0-9]{4}$'`;
export const postgresUkSoc = (col: string) => `${col} ~ '^[0-9]{4}$'`;

/** Every character NFKC folds to @ (the server refuses these after NFKC; the database holds the line too). */
const AT_SIGNS = ['@', '\uFF20', '\uFE6B'] as const;
export const sqliteNoAtSign = (col: string) => AT_SIGNS.map((sign) => `instr(${col}, '${sign}') = 0`).join(' AND ');
export const postgresNoAtSign = (col: string) => AT_SIGNS.map((sign) => `strpos(${col}, '${sign}') = 0`).join(' AND ');

/** One table's DDL for each dialect, kept side by side; indexes read the same on both. */
export interface TableDdl {
  postgres: string;
  sqlite: string;
  indexes: string[];
}
