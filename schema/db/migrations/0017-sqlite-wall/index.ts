import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';
import { OWN_PII_REFUSAL } from '../0002-row-security/functions.ts';

/**
 * 0017 (SQLite): the rules Postgres's second wall keeps for the application role, where SQLite can know them.
 * The connection says who is asking through app_current_user_id() (schema/db/sqliteSession.ts); NULL is an
 * internal job, which these triggers let through as Postgres lets the owner through. Every trigger answers with
 * RAISE(ABORT), which the server maps to 403 forbidden as it maps Postgres's insufficient_privilege.
 *
 * - Nobody switches on their own PII access (0002's trigger): a member row of the current user with PII access is
 *   refused unless it is the engagement's first (its creator) or keeps access already held.
 * - An audit row carries the current user as its actor (0002's insert policy); 0001's triggers already keep the
 *   trail append-only on SQLite for everyone.
 * - A row the current user creates names them as its creator (the insert policies of engagements, datasets,
 *   overrides and Copilot plans).
 * - What the application role has no privilege to change stays as written: employee rows, upload chunks,
 *   identities and AI usage are never updated; a dataset's AI choice (false is permanent), expected rows and
 *   identities flag never change; no row moves to another engagement, dataset, user or creator; users, clients
 *   and AI usage are never deleted.
 *
 * What only Postgres enforces (schema/db/CONVENTIONS.md): who may read which rows, and which role may write
 * which engagement's rows. SQLite relies on the service layer for those.
 */
const ME = 'app_current_user_id()';
const REQUEST = `${ME} IS NOT NULL`;
const refuse = (message: string) => `BEGIN SELECT RAISE(ABORT, '${message}'); END`;

const OWN_PII = [
  `CREATE TRIGGER engagement_members_no_own_pii_insert BEFORE INSERT ON engagement_members
   WHEN NEW.pii_access = 1 AND NEW.user_id = ${ME}
     AND EXISTS (SELECT 1 FROM engagement_members AS m WHERE m.engagement_id = NEW.engagement_id)
   ${refuse(OWN_PII_REFUSAL)}`,
  `CREATE TRIGGER engagement_members_no_own_pii_update BEFORE UPDATE ON engagement_members
   WHEN NEW.pii_access = 1 AND NEW.user_id = ${ME} AND NOT (OLD.user_id = NEW.user_id AND OLD.pii_access = 1)
   ${refuse(OWN_PII_REFUSAL)}`,
];

const AUDIT_ACTOR = `CREATE TRIGGER audit_events_actor_is_current_user BEFORE INSERT ON audit_events
   WHEN ${REQUEST} AND NEW.actor IS NOT ${ME}
   ${refuse('an audit row carries the current user as its actor')}`;

const CREATED_BY_TABLES = ['engagements', 'datasets', 'overrides', 'copilot_plans'] as const;
const createdByCurrentUser = (table: string) => `CREATE TRIGGER ${table}_created_by_current_user BEFORE INSERT ON ${table}
   WHEN ${REQUEST} AND NEW.created_by IS NOT ${ME}
   ${refuse(`${table} are created by the current user`)}`;

/** Columns the application role may not update (0002's column-listed grants), by table. */
const FIXED_COLUMNS: Record<string, readonly string[]> = {
  engagements: ['created_by'],
  engagement_members: ['engagement_id', 'user_id'],
  datasets: ['engagement_id', 'created_by', 'use_ai', 'expected_rows', 'with_identities'],
  dataset_titles: ['dataset_id', 'engagement_id'],
  overrides: ['engagement_id', 'created_by'],
  ai_outputs: ['dataset_id', 'engagement_id'],
  copilot_plans: ['dataset_id', 'engagement_id', 'created_by'],
  clients: ['created_by'],
};
const fixedColumns = (table: string, columns: readonly string[]) => `CREATE TRIGGER ${table}_fixed_columns BEFORE UPDATE OF ${columns.join(', ')} ON ${table}
   WHEN ${REQUEST} AND (${columns.map((c) => `NEW.${c} IS NOT OLD.${c}`).join(' OR ')})
   ${refuse(`${table}: ${columns.join(', ')} never change`)}`;

const NEVER_UPDATED = ['employee_rows', 'upload_chunks', 'employee_identities', 'ai_usage'] as const;
const neverUpdated = (table: string) => `CREATE TRIGGER ${table}_no_update BEFORE UPDATE ON ${table}
   WHEN ${REQUEST}
   ${refuse(`${table} rows are never updated`)}`;

const NEVER_DELETED = ['users', 'clients', 'ai_usage'] as const;
const neverDeleted = (table: string) => `CREATE TRIGGER ${table}_no_delete BEFORE DELETE ON ${table}
   WHEN ${REQUEST}
   ${refuse(`${table} rows are never deleted`)}`;

export const sqliteWallMigration: Migration = {
  async up(db) {
    await runMigration(db, {
      postgres: [],
      sqlite: [
        ...OWN_PII,
        AUDIT_ACTOR,
        ...CREATED_BY_TABLES.map(createdByCurrentUser),
        ...Object.entries(FIXED_COLUMNS).map(([table, columns]) => fixedColumns(table, columns)),
        ...NEVER_UPDATED.map(neverUpdated),
        ...NEVER_DELETED.map(neverDeleted),
      ],
    });
  },
};
