import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';
import { ownedByDefiner, definerRoleOf } from '../0002-row-security/role.ts';

/**
 * 0009: the benchmark source takes every finished dataset and only the figures benchmarks read.
 *
 * - Finished means ready or purged with a summary: a purge keeps each dataset's anonymised summary
 *   (spec: Retention and purge 2), so a purged engagement that opted in still contributes its most
 *   recently created finished dataset. 0003 took only ready datasets.
 * - Each dataset keeps a trimmed copy of its summary, datasets.benchmark_summary (headcount, cost,
 *   exposure shares, the moderate saving, the offshore share, spans and layers, US major groups),
 *   written by a trigger whenever the summary is, and the view hands out that copy rather than the
 *   whole document. A benchmark over hundreds of engagements then reads about a kilobyte per
 *   contributor instead of taking apart a 16 KB summary per figure (Postgres detoasts a jsonb value
 *   again for every operator applied to it), and the view exposes no more than the feature uses.
 *   workers/benchmarks reads exactly these paths.
 *
 * Postgres keeps 0003's shape: the view reads through a SECURITY DEFINER function owned by the
 * definer role, which already reads datasets and engagements.
 */
const FN = 'app_benchmark_contributions()';

// The window sorts identifiers only; the chosen datasets' trimmed summaries are joined afterwards.
const LATEST_FINISHED = (participates: string, table: (name: string) => string) => `
  SELECT latest.engagement_id, latest.dataset_id, latest.created_at, b.benchmark_summary AS summary
  FROM (
    SELECT d.engagement_id, d.id AS dataset_id, d.created_at,
           row_number() OVER (PARTITION BY d.engagement_id ORDER BY d.created_at DESC, d.id DESC) AS recency
    FROM ${table('datasets')} d JOIN ${table('engagements')} e ON e.id = d.engagement_id
    WHERE ${participates} AND d.status IN ('ready', 'purged') AND d.benchmark_summary IS NOT NULL
  ) latest JOIN ${table('datasets')} b ON b.id = latest.dataset_id
  WHERE latest.recency = 1`;

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
const sqliteTrimmed = (s: string) => `json_object(
    'headcount', json_extract(${s}, '$.headcount'),
    'cost', json_object('total', json_extract(${s}, '$.cost.total'), 'average', json_extract(${s}, '$.cost.average')),
    'exposure', json_object(
      'averagePercentile', json_extract(${s}, '$.exposure.averagePercentile'),
      'automationShare', json_extract(${s}, '$.exposure.automationShare'),
      'augmentationShare', json_extract(${s}, '$.exposure.augmentationShare')),
    'scenarios', json_object('moderate', json_object('grossSaving', json_extract(${s}, '$.scenarios.moderate.grossSaving'))),
    'offshore', json_object('headcountShare', json_extract(${s}, '$.offshore.headcountShare')),
    'organisation', json_object(
      'managers', json_extract(${s}, '$.organisation.managers'),
      'averageSpan', json_extract(${s}, '$.organisation.averageSpan'),
      'layerCount', json_extract(${s}, '$.organisation.layerCount')),
    'usMajorGroups', json(coalesce(json_extract(${s}, '$.usMajorGroups'), '[]')))`;

function postgresStatements(appRole: string): string[] {
  return [
    'ALTER TABLE datasets ADD COLUMN benchmark_summary jsonb',
    // Runs as whoever writes the summary (finalise, as the application role); it touches no table.
    `CREATE FUNCTION public.app_datasets_benchmark_summary() RETURNS trigger
     LANGUAGE plpgsql SET search_path = '' AS $$
     BEGIN
       NEW.benchmark_summary := CASE WHEN NEW.summary IS NULL THEN NULL ELSE ${pgTrimmed('NEW.summary')} END;
       RETURN NEW;
     END
     $$`,
    `CREATE TRIGGER datasets_benchmark_summary BEFORE INSERT OR UPDATE OF summary ON datasets
     FOR EACH ROW EXECUTE FUNCTION public.app_datasets_benchmark_summary()`,
    // The backfill must see every row: the owner declares maintenance, which only owner policies admit.
    `SELECT set_config('app.maintenance', 'on', true)`,
    'UPDATE datasets SET summary = summary WHERE summary IS NOT NULL',
    `SELECT set_config('app.maintenance', 'off', true)`,
    'DROP VIEW benchmark_contributions',
    `DROP FUNCTION public.${FN}`,
    `CREATE FUNCTION public.app_benchmark_contributions()
     RETURNS TABLE (engagement_id uuid, dataset_id uuid, created_at timestamptz, summary jsonb)
     LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
       ${LATEST_FINISHED('e.benchmark_participation', (name) => `public.${name}`)}
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
  'ALTER TABLE datasets ADD COLUMN benchmark_summary TEXT',
  ...Object.entries({ insert: 'INSERT', update: 'UPDATE OF summary' }).map(
    ([name, event]) => `CREATE TRIGGER datasets_benchmark_summary_${name} AFTER ${event} ON datasets
     BEGIN
       UPDATE datasets SET benchmark_summary = CASE WHEN NEW.summary IS NULL THEN NULL ELSE ${sqliteTrimmed('NEW.summary')} END WHERE id = NEW.id;
     END`,
  ),
  `UPDATE datasets SET benchmark_summary = ${sqliteTrimmed('summary')} WHERE summary IS NOT NULL`,
  'DROP VIEW benchmark_contributions',
  `CREATE VIEW benchmark_contributions AS ${LATEST_FINISHED('e.benchmark_participation = 1', (name) => name)}`,
];

export function benchmarksCopilotMigration(appRole: string): Migration {
  return {
    async up(db) {
      await runMigration(db, { postgres: postgresStatements(appRole), sqlite: SQLITE_STATEMENTS });
    },
  };
}
