import { sql, type Kysely, type SelectType } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APP_ROLE } from '../index.ts';
import type { DB } from '../tables.ts';
import { openMigrated, type TestDatabase } from './backends.ts';

/**
 * tables.ts as a checked list: the compiler makes this object name every column of every
 * table with the nullability its type declares, and the tests hold both databases to it.
 */
type Nullability<T> = null extends SelectType<T> ? 'null' : 'not null';
type Shape = { [T in keyof DB]: { [C in keyof DB[T]]-?: Nullability<DB[T][C]> } };
const N = 'null' as const;
const R = 'not null' as const;

const DECLARED: Shape = {
  users: { id: R, email: R, name: R, role: R, active: R, created_at: R, updated_at: R },
  dev_sessions: { token_hash: R, user_id: R, created_at: R, expires_at: R },
  clients: { id: R, name: R, sector: N, notes: N, archived: R, created_by: R, brand: N, created_at: R, updated_at: R },
  engagements: {
    id: R, client_id: N, name: R, status: R, pack: R, region: N, share_classification_cache: R, benchmark_participation: R,
    retention_days: R, report_notes: N, dek_wrapped: N, created_by: R, created_at: R, updated_at: R, closed_at: N, purged_at: N,
  },
  engagement_members: { engagement_id: R, user_id: R, role: R, pii_access: R, created_at: R, updated_at: R },
  datasets: {
    id: R, engagement_id: R, name: R, status: R, reference_version: N, settings: R, column_mapping: N, expected_rows: R,
    uploaded_rows: R, use_ai: R, with_identities: R, headcount: N, total_cogs: N, summary: N, duplicate_employee_ids: R, import_stats: N, benchmark_summary: N, coding_context: N,
    created_by: R, created_at: R, updated_at: R, finalized_at: N, version: R,
  },
  upload_chunks: { dataset_id: R, engagement_id: R, chunk: R, row_count: R, created_at: R },
  employee_rows: {
    dataset_id: R, engagement_id: R, row_no: R, employee_id: R, manager_employee_id: N, title: R, salary: N, fte: N,
    location: N, division: N, attributes: N, organisation: N, grade: N, professional_group: N,
  },
  employee_identities: { dataset_id: R, engagement_id: R, employee_id: R, name_enc: N, email_enc: N, email_hash: N, created_at: R, identity_enc: N },
  dataset_titles: {
    dataset_id: R, engagement_id: R, title: R, normalised: R, headcount: R, source: R, us_soc2018: N, uk_soc2020: N,
    category: N, subcategory: N, confidence: N, review_required: R, updated_at: R, reason: N, alternatives: N, variants: N,
  },
  overrides: {
    engagement_id: R, normalised_title: R, title: R, us_soc2018: R, uk_soc2020: R, category: R, subcategory: R,
    created_by: R, created_at: R, updated_at: R, scope: N, scope_key: R,
  },
  reference_versions: {
    id: R, version: N, status: R, data: R, notes: N, based_on: N, created_by: N, created_at: R, updated_at: R,
    published_at: N, published_by: N,
  },
  prompt_versions: {
    id: R, key: R, version: N, status: R, system: R, template: R, model: N, temperature: R, max_output_tokens: R,
    notes: N, created_by: N, created_at: R, updated_at: R, published_at: N,
  },
  ai_usage: { id: R, user_id: N, engagement_id: N, feature: R, model: R, input_tokens: R, output_tokens: R, created_at: R },
  ai_outputs: { dataset_id: R, engagement_id: R, kind: R, prompt_version: N, content: R, created_at: R },
  classification_cache: {
    normalised_title: R, context: R, us_soc2018: R, uk_soc2020: R, category: N, subcategory: N, prompt_version: N,
    verified: R, hit_count: R, created_at: R, updated_at: R,
  },
  copilot_plans: { id: R, dataset_id: R, engagement_id: R, name: R, config: R, created_by: R, created_at: R, updated_at: R },
  audit_events: { id: R, at: R, actor: N, action: R, engagement_id: N, dataset_id: N, details: R },
  ai_usage_monthly: { month: R, feature: R, calls: R, input_tokens: R, output_tokens: R },
  benchmark_contributions: { engagement_id: R, dataset_id: R, created_at: R, summary: R },
};

/** Tables as the database describes them; views are compared by column names only (no NOT NULL there). */
async function describeSchema(db: Kysely<DB>) {
  const tables = await db.introspection.getTables();
  return Object.fromEntries(
    tables.map((table) => [
      table.name,
      Object.fromEntries(
        table.columns.map((column) => [column.name, table.isView ? 'view column' : column.isNullable && !column.isAutoIncrementing ? N : R]),
      ),
    ]),
  );
}

function expected(): Record<string, Record<string, string>> {
  const views = new Set(['ai_usage_monthly', 'benchmark_contributions']);
  return Object.fromEntries(
    Object.entries(DECLARED).map(([table, columns]) => [
      table,
      Object.fromEntries(Object.entries(columns).map(([column, nullability]) => [column, views.has(table) ? 'view column' : nullability])),
    ]),
  );
}

describe('schema shape', () => {
  let sqlite: TestDatabase;
  let postgres: TestDatabase;

  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([openMigrated('sqlite'), openMigrated('postgres')]);
  });
  afterAll(async () => {
    await Promise.all([sqlite?.close(), postgres?.close()]);
  });

  it('gives SQLite the tables, columns and nullability that tables.ts declares', async () => {
    expect(await describeSchema(sqlite.db)).toEqual(expected());
  });

  it('gives Postgres the tables, columns and nullability that tables.ts declares', async () => {
    expect(await describeSchema(postgres.db)).toEqual(expected());
  });

  it('creates the same named indexes on both backends', async () => {
    const onSqlite = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`.execute(sqlite.db);
    // Indexes that back a primary key or UNIQUE constraint are named by each backend its own way.
    const onPostgres = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relnamespace = 'public'::regnamespace AND NOT EXISTS (SELECT FROM pg_constraint k WHERE k.conindid = i.indexrelid)`.execute(postgres.db);
    const names = (rows: { name: string }[]) => rows.map((row) => row.name).sort();
    expect(names(onPostgres.rows)).toEqual(names(onSqlite.rows));
  });

  it('forces row-level security on exactly the engagement-scoped tables, each with application-role policies', async () => {
    const { rows } = await sql<{ name: string; policies: number }>`
      SELECT c.relname AS name,
             (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid AND ${DEFAULT_APP_ROLE}::regrole = ANY (p.polroles)) AS policies
      FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND c.relrowsecurity AND c.relforcerowsecurity
      ORDER BY 1`.execute(postgres.db);
    expect(rows.map((row) => row.name)).toEqual(
      [
        'ai_outputs', 'ai_usage', 'audit_events', 'copilot_plans', 'dataset_titles', 'datasets', 'employee_identities',
        'employee_rows', 'engagement_members', 'engagements', 'overrides', 'upload_chunks',
      ],
    );
    expect(rows.every((row) => row.policies >= 2)).toBe(true);
  });

  it('gives the application role no way to change or remove audit rows, nor to touch the migration log', async () => {
    const { rows } = await sql<{ privilege: string; held: boolean }>`
      SELECT p.privilege, has_table_privilege(${DEFAULT_APP_ROLE}, p.relation, p.privilege) AS held
      FROM (VALUES ('audit_events', 'UPDATE'), ('audit_events', 'DELETE'), ('audit_events', 'TRUNCATE'),
                   ('kysely_migration', 'SELECT'), ('kysely_migration', 'INSERT')) AS p (relation, privilege)`.execute(postgres.db);
    expect(rows.filter((row) => row.held)).toEqual([]);
  });
});
