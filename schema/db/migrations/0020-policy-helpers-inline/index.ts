import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';

/**
 * 0020: the two policy helpers every read calls most, cheaper per call. Postgres runs a function with a SET
 * clause as a call of its own (the setting saved and restored around it) and never inlines it: the dataset
 * page's version check called app_current_user_id() seven times and spent more there than in its own joins.
 * - app_current_user_id() loses its search_path setting, so Postgres writes its expression into the statement
 *   that calls it. It reads no table and names only pg_catalog (the cast's type too), which Postgres searches
 *   first whatever the caller's search_path, and it runs with the caller's rights: the setting guarded nothing.
 * - app_is_member() asks for the membership itself instead of through app_member_role(), one SECURITY
 *   DEFINER call fewer per row (same rule: an active user's membership row; same owner, grants and settings).
 * CREATE OR REPLACE keeps each function's owner and privileges. SQLite has no policies.
 */
const STATEMENTS = [
  `CREATE OR REPLACE FUNCTION public.app_current_user_id() RETURNS uuid LANGUAGE sql STABLE AS $$
     SELECT nullif(pg_catalog.current_setting('app.user_id', true), '')::pg_catalog.uuid
   $$`,
  `CREATE OR REPLACE FUNCTION public.app_is_member(target_engagement uuid) RETURNS boolean
   LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
   BEGIN
     RETURN EXISTS (
       SELECT FROM public.engagement_members m JOIN public.users u ON u.id = m.user_id
       WHERE m.engagement_id = target_engagement AND m.user_id = public.app_current_user_id() AND u.active
     );
   END
   $$`,
];

export const policyHelpersInlineMigration: Migration = {
  async up(db) {
    await runMigration(db, { postgres: STATEMENTS, sqlite: [] });
  },
};
