import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';
import { ownedByDefiner, definerRoleOf } from '../0002-row-security/role.ts';

/**
 * 0009: the benchmark source takes every finished dataset and only the figures benchmarks read.
 *
 * - Finished means ready or purged with a summary: a purge keeps each dataset's anonymised summary
 *   (spec: Retention and purge 2), so a purged engagement that opted in still contributes its most
 *   recently created finished dataset. 0003 took only ready datasets.
 * - The view hands out a trimmed summary (headcount, cost, exposure shares, the moderate saving, the
 *   offshore share, spans and layers, US major groups) rather than the whole document: a benchmark
 *   over hundreds of engagements then moves a few hundred bytes per contributor, and the view exposes
 *   no more than the feature uses. workers/benchmarks reads exactly these paths.
 *
 * Postgres keeps 0003's shape: the view reads through a SECURITY DEFINER function owned by the
 * definer role, which already reads datasets and engagements.
 */
const FN = 'app_benchmark_contributions()';

const LATEST_FINISHED = (participates: string, table: (name: string) => string) => `
  SELECT d.engagement_id, d.id AS dataset_id, d.created_at, d.summary,
         row_number() OVER (PARTITION BY d.engagement_id ORDER BY d.created_at DESC, d.id DESC) AS recency
  FROM ${table('datasets')} d JOIN ${table('engagements')} e ON e.id = d.engagement_id
  WHERE ${participates} AND d.status IN ('ready', 'purged') AND d.summary IS NOT NULL`;

const pgTrimmed = (s: string) => `pg_catalog.jsonb_build_object(
    'headcount', ${s}->'headcount',
    'cost', pg_catalog.jsonb_build_object('total', ${s}->'cost'->'total', 'average', ${s}->'cost'->'average'),
    'exposure', pg_catalog.jsonb_build_object(
      'averagePercentile', ${s}->'exposure'->'averagePercentile',
      'automationShare', ${s}->'exposure'->'automationShare',
      'augmentationShare', ${s}->'exposure'->'augmentationShare'),
    'scenarios', pg_catalog.jsonb_build_object('moderate', pg_catalog.jsonb_build_object('grossSaving', ${s}->'scenarios'->'moderate'->'grossSaving')),
    'offshore', pg_catalog.jsonb_build_object('headcountShare', ${s}->'offshore'->'headcountShare'),
    'organisation', pg_catalog.jsonb_build_object(
      'managers', ${s}->'organisation'->'managers',
      'averageSpan', ${s}->'organisation'->'averageSpan',
      'layerCount', ${s}->'organisation'->'layerCount'),
    'usMajorGroups', ${s}->'usMajorGroups')`;

// json_extract of an object or array returns JSON text; json() marks it as JSON so json_object nests it.
const SQLITE_TRIMMED = `json_object(
    'headcount', json_extract(summary, '$.headcount'),
    'cost', json_object('total', json_extract(summary, '$.cost.total'), 'average', json_extract(summary, '$.cost.average')),
    'exposure', json_object(
      'averagePercentile', json_extract(summary, '$.exposure.averagePercentile'),
      'automationShare', json_extract(summary, '$.exposure.automationShare'),
      'augmentationShare', json_extract(summary, '$.exposure.augmentationShare')),
    'scenarios', json_object('moderate', json_object('grossSaving', json_extract(summary, '$.scenarios.moderate.grossSaving'))),
    'offshore', json_object('headcountShare', json_extract(summary, '$.offshore.headcountShare')),
    'organisation', json_object(
      'managers', json_extract(summary, '$.organisation.managers'),
      'averageSpan', json_extract(summary, '$.organisation.averageSpan'),
      'layerCount', json_extract(summary, '$.organisation.layerCount')),
    'usMajorGroups', json(coalesce(json_extract(summary, '$.usMajorGroups'), '[]')))`;

function postgresStatements(appRole: string): string[] {
  return [
    'DROP VIEW benchmark_contributions',
    `DROP FUNCTION public.${FN}`,
    `CREATE FUNCTION public.app_benchmark_contributions()
     RETURNS TABLE (engagement_id uuid, dataset_id uuid, created_at timestamptz, summary jsonb)
     LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
       SELECT latest.engagement_id, latest.dataset_id, latest.created_at,
              ${pgTrimmed('latest.summary')}
       FROM (${LATEST_FINISHED('e.benchmark_participation', (name) => `public.${name}`)}) latest
       WHERE latest.recency = 1
     $$`,
    `CREATE VIEW benchmark_contributions AS
     SELECT engagement_id, dataset_id, created_at, summary FROM public.app_benchmark_contributions()`,
    ...ownedByDefiner(appRole, [FN]),
    `REVOKE ALL ON FUNCTION public.${FN} FROM PUBLIC`,
    `GRANT EXECUTE ON FUNCTION public.${FN} TO ${appRole}, ${definerRoleOf(appRole)}`,
    `GRANT SELECT ON benchmark_contributions TO ${appRole}`,
  ];
}

const SQLITE_STATEMENTS = [
  'DROP VIEW benchmark_contributions',
  `CREATE VIEW benchmark_contributions AS
   SELECT engagement_id, dataset_id, created_at, ${SQLITE_TRIMMED} AS summary
   FROM (${LATEST_FINISHED('e.benchmark_participation = 1', (name) => name)})
   WHERE recency = 1`,
];

export function benchmarksCopilotMigration(appRole: string): Migration {
  return {
    async up(db) {
      await runMigration(db, { postgres: postgresStatements(appRole), sqlite: SQLITE_STATEMENTS });
    },
  };
}
