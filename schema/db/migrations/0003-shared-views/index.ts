import type { Kysely, Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';
import { definerReadStatements } from '../0002-row-security/policies.ts';
import { definerRoleOf, ownedByDefiner } from '../0002-row-security/role.ts';

/**
 * 0003: the two deliberate, narrow views across engagements that ordinary users' requests need.
 * Under row-level security a user sees only their own AI usage and only their engagements'
 * datasets, yet the monthly AI budget is platform-wide and benchmarks compare engagements. These
 * views expose only what those features use: token totals by month and feature, and the
 * anonymised summary of each participating engagement's most recently created ready dataset.
 *
 * On Postgres each view reads through a SECURITY DEFINER function owned by the definer role, which
 * is given read access to exactly these tables (a plain view would read as the owner, whose
 * access under forced row-level security depends on whether it is a superuser). SQLite views
 * read directly.
 */
const DEFINER = `LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''`;
const VIEW_FUNCTIONS = ['app_ai_usage_monthly()', 'app_benchmark_contributions()'];

const LATEST_READY_DATASETS = (participates: string, table: (name: string) => string) => `
  SELECT d.engagement_id, d.id AS dataset_id, d.created_at, d.summary,
         row_number() OVER (PARTITION BY d.engagement_id ORDER BY d.created_at DESC, d.id DESC) AS recency
  FROM ${table('datasets')} d JOIN ${table('engagements')} e ON e.id = d.engagement_id
  WHERE ${participates} AND d.status = 'ready'`;

function postgresStatements(appRole: string): string[] {
  return [
    ...['ai_usage', 'datasets', 'engagements'].flatMap((table) => definerReadStatements(table, appRole, true)),
    `CREATE FUNCTION public.app_ai_usage_monthly()
     RETURNS TABLE (month text, feature text, calls integer, input_tokens double precision, output_tokens double precision)
     ${DEFINER} AS $$
       SELECT pg_catalog.to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), u.feature, count(*)::integer,
              sum(u.input_tokens)::double precision, sum(u.output_tokens)::double precision
       FROM public.ai_usage u
       GROUP BY 1, 2
     $$`,
    `CREATE VIEW ai_usage_monthly AS
     SELECT month, feature, calls, input_tokens, output_tokens FROM public.app_ai_usage_monthly()`,
    `CREATE FUNCTION public.app_benchmark_contributions()
     RETURNS TABLE (engagement_id uuid, dataset_id uuid, created_at timestamptz, summary jsonb)
     ${DEFINER} AS $$
       SELECT latest.engagement_id, latest.dataset_id, latest.created_at, latest.summary
       FROM (${LATEST_READY_DATASETS('e.benchmark_participation', (name) => `public.${name}`)}) latest
       WHERE latest.recency = 1
     $$`,
    `CREATE VIEW benchmark_contributions AS
     SELECT engagement_id, dataset_id, created_at, summary FROM public.app_benchmark_contributions()`,
    ...ownedByDefiner(appRole, VIEW_FUNCTIONS),
    ...VIEW_FUNCTIONS.flatMap((fn) => [
      `REVOKE ALL ON FUNCTION public.${fn} FROM PUBLIC`,
      `GRANT EXECUTE ON FUNCTION public.${fn} TO ${appRole}, ${definerRoleOf(appRole)}`,
    ]),
    `GRANT SELECT ON ai_usage_monthly TO ${appRole}`,
    `GRANT SELECT ON benchmark_contributions TO ${appRole}`,
  ];
}

const SQLITE_STATEMENTS = [
  `CREATE VIEW ai_usage_monthly AS
   SELECT substr(created_at, 1, 7) AS month, feature, count(*) AS calls,
          sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens
   FROM ai_usage
   GROUP BY 1, 2`,
  `CREATE VIEW benchmark_contributions AS
   SELECT engagement_id, dataset_id, created_at, summary
   FROM (${LATEST_READY_DATASETS('e.benchmark_participation = 1', (name) => name)})
   WHERE recency = 1`,
];

export function sharedViewsMigration(appRole: string): Migration {
  return {
    async up(db: Kysely<any>) {
      await runMigration(db, { postgres: postgresStatements(appRole), sqlite: SQLITE_STATEMENTS });
    },
  };
}
