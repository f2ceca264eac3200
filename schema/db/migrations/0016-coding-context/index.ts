import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';
import { postgresNoAtSign, sqliteNoAtSign, sqliteUkSoc, sqliteUsSoc, timeColumn } from '../0001-core/fragments.ts';

/**
 * 0016: what a row's job is coded in (issue 24): the organisation, grade and professional group of a person
 * beside the division already stored, read by the coder with the title. Like the IDs, they never hold an @ in
 * any NFKC form, and they are at most 120 characters (the server normalises them first). `group` is an SQL
 * keyword, so the professional group's column is professional_group.
 *
 * A dataset keeps the list's coding context (currency and pay level, computed once) so that every classify
 * step, rescore and finalise reads the same one; a title keeps its variants, the readings of its rows in
 * contexts that code it differently. An override may apply to rows of one context only: `scope` holds
 * { kind, values } and `scope_key` a digest of it ('' for an override of the title everywhere), so a title
 * may have one override everywhere and one per scope; the primary key takes the key.
 *
 * Postgres adds the columns and swaps the primary key; employee_rows and the insert of overrides are granted
 * whole tables already, so only the column-listed UPDATE grants grow. SQLite cannot change a primary key in
 * place: overrides is rebuilt with the same columns and checks plus the new ones, its rows copied over (no
 * index, trigger or view names it).
 */
const CONTEXT_COLUMNS = ['organisation', 'grade', 'professional_group'] as const;

const postgresContext = (col: string) => `ALTER TABLE employee_rows ADD COLUMN ${col} text CHECK (char_length(${col}) BETWEEN 1 AND 120 AND ${postgresNoAtSign(col)})`;
const sqliteContext = (col: string) => `ALTER TABLE employee_rows ADD COLUMN ${col} TEXT CHECK (${col} IS NULL OR (length(${col}) BETWEEN 1 AND 120 AND ${sqliteNoAtSign(col)}))`;

const SCOPE_PAIRED = "CHECK ((scope IS NULL) = (scope_key = ''))";

const POSTGRES = [
  ...CONTEXT_COLUMNS.map(postgresContext),
  `ALTER TABLE datasets ADD COLUMN coding_context jsonb CHECK (coding_context IS NULL OR jsonb_typeof(coding_context) = 'object')`,
  `ALTER TABLE dataset_titles ADD COLUMN variants jsonb CHECK (variants IS NULL OR jsonb_typeof(variants) = 'array')`,
  `ALTER TABLE overrides ADD COLUMN scope jsonb CHECK (scope IS NULL OR jsonb_typeof(scope) = 'object')`,
  `ALTER TABLE overrides ADD COLUMN scope_key text NOT NULL DEFAULT ''`,
  `ALTER TABLE overrides ADD CONSTRAINT overrides_scope_paired ${SCOPE_PAIRED}`,
  'ALTER TABLE overrides DROP CONSTRAINT overrides_pkey',
  'ALTER TABLE overrides ADD PRIMARY KEY (engagement_id, normalised_title, scope_key)',
];

const grants = (appRole: string) => [
  `GRANT UPDATE (coding_context) ON datasets TO ${appRole}`,
  `GRANT UPDATE (variants) ON dataset_titles TO ${appRole}`,
];

const OVERRIDE_COLUMNS = 'engagement_id, normalised_title, title, us_soc2018, uk_soc2020, category, subcategory, created_by, created_at, updated_at';

const SQLITE = [
  ...CONTEXT_COLUMNS.map(sqliteContext),
  `ALTER TABLE datasets ADD COLUMN coding_context TEXT CHECK (coding_context IS NULL OR (json_valid(coding_context) AND json_type(coding_context) = 'object'))`,
  `ALTER TABLE dataset_titles ADD COLUMN variants TEXT CHECK (variants IS NULL OR (json_valid(variants) AND json_type(variants) = 'array'))`,
  `CREATE TABLE overrides_0015 (
    engagement_id TEXT NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
    normalised_title TEXT NOT NULL CHECK (normalised_title <> ''),
    title TEXT NOT NULL CHECK (trim(title) <> ''),
    us_soc2018 TEXT NOT NULL CHECK (${sqliteUsSoc('us_soc2018')}),
    uk_soc2020 TEXT NOT NULL CHECK (${sqliteUkSoc('uk_soc2020')}),
    category TEXT NOT NULL CHECK (category <> ''),
    subcategory TEXT NOT NULL CHECK (subcategory <> ''),
    created_by TEXT NOT NULL REFERENCES users (id),
    ${timeColumn('created_at')},
    ${timeColumn('updated_at')},
    scope TEXT CHECK (scope IS NULL OR (json_valid(scope) AND json_type(scope) = 'object')),
    scope_key TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (engagement_id, normalised_title, scope_key),
    ${SCOPE_PAIRED}
  ) STRICT`,
  `INSERT INTO overrides_0015 (${OVERRIDE_COLUMNS}) SELECT ${OVERRIDE_COLUMNS} FROM overrides`,
  'DROP TABLE overrides',
  'ALTER TABLE overrides_0015 RENAME TO overrides',
];

export function codingContextMigration(appRole: string): Migration {
  return {
    async up(db) {
      await runMigration(db, { postgres: [...POSTGRES, ...grants(appRole)], sqlite: SQLITE });
    },
  };
}
