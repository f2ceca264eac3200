import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';

/**
 * 0015: each dataset's trimmed benchmark copy (0009) also carries the currency of its money figures, from the
 * summary's settings (summaries stored before lists had a currency are in pounds). Benchmarks then compare cost
 * per head only across lists in pounds and never add or rank dollars with pounds. The copy is otherwise as 0009
 * wrote it; every existing copy is rewritten.
 */

const pgTrimmed = (s: string) => `pg_catalog.jsonb_build_object(
    'headcount', ${s}->'headcount',
    'currency', coalesce(${s}->'settings'->'currency', '"GBP"'::jsonb),
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

const sqliteTrimmed = (s: string) => `json_object(
    'headcount', json_extract(${s}, '$.headcount'),
    'currency', coalesce(json_extract(${s}, '$.settings.currency'), 'GBP'),
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

const POSTGRES = [
  `CREATE OR REPLACE FUNCTION public.app_datasets_benchmark_summary() RETURNS trigger
   LANGUAGE plpgsql SET search_path = '' AS $$
   BEGIN
     NEW.benchmark_summary := CASE WHEN NEW.summary IS NULL THEN NULL ELSE ${pgTrimmed('NEW.summary')} END;
     RETURN NEW;
   END
   $$`,
  // The rewrite must see every row: the owner declares maintenance, which only owner policies admit.
  `SELECT set_config('app.maintenance', 'on', true)`,
  'UPDATE datasets SET summary = summary WHERE summary IS NOT NULL',
  `SELECT set_config('app.maintenance', 'off', true)`,
];

const SQLITE = [
  'DROP TRIGGER datasets_benchmark_summary_insert',
  'DROP TRIGGER datasets_benchmark_summary_update',
  ...Object.entries({ insert: 'INSERT', update: 'UPDATE OF summary' }).map(
    ([name, event]) => `CREATE TRIGGER datasets_benchmark_summary_${name} AFTER ${event} ON datasets
     BEGIN
       UPDATE datasets SET benchmark_summary = CASE WHEN NEW.summary IS NULL THEN NULL ELSE ${sqliteTrimmed('NEW.summary')} END WHERE id = NEW.id;
     END`,
  ),
  `UPDATE datasets SET benchmark_summary = ${sqliteTrimmed('summary')} WHERE summary IS NOT NULL`,
];

export const benchmarkCurrencyMigration: Migration = {
  async up(db) {
    await runMigration(db, { postgres: POSTGRES, sqlite: SQLITE });
  },
};
