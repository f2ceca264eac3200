import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';

/**
 * 0019: the row policies' helper functions (0002) in PL/pgSQL, with the same bodies, owner, grants and
 * settings. Postgres plans the statement of an SQL function again in every statement that calls it, and
 * these are called by the policies of every read (the dataset page's version check spent more time there
 * than in its own joins); PL/pgSQL keeps a plan per connection. CREATE OR REPLACE keeps each function's
 * owner (the definer role) and privileges. SQLite has no policies.
 */
const PLPGSQL = `LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''`;

const HELPERS = [
  `CREATE OR REPLACE FUNCTION public.app_is_admin() RETURNS boolean ${PLPGSQL} AS $$
   BEGIN
     RETURN EXISTS (
       SELECT FROM public.users
       WHERE id = public.app_current_user_id() AND role = 'admin' AND active
     );
   END
   $$`,
  // The current user's role on the engagement, or null when not an active member (one row at most: the key).
  `CREATE OR REPLACE FUNCTION public.app_member_role(target_engagement uuid) RETURNS text ${PLPGSQL} AS $$
   BEGIN
     RETURN (
       SELECT m.role FROM public.engagement_members m JOIN public.users u ON u.id = m.user_id
       WHERE m.engagement_id = target_engagement AND m.user_id = public.app_current_user_id() AND u.active
     );
   END
   $$`,
  `CREATE OR REPLACE FUNCTION public.app_is_member(target_engagement uuid) RETURNS boolean ${PLPGSQL} AS $$
   BEGIN
     RETURN public.app_member_role(target_engagement) IS NOT NULL;
   END
   $$`,
  `CREATE OR REPLACE FUNCTION public.app_my_engagements(roles text[] DEFAULT NULL, needs_pii boolean DEFAULT false)
   RETURNS SETOF uuid ROWS 20 ${PLPGSQL} AS $$
   BEGIN
     RETURN QUERY
       SELECT m.engagement_id FROM public.engagement_members m JOIN public.users u ON u.id = m.user_id
       WHERE m.user_id = public.app_current_user_id() AND u.active
         AND (roles IS NULL OR m.role = ANY (roles))
         AND (NOT needs_pii OR m.pii_access);
   END
   $$`,
  `CREATE OR REPLACE FUNCTION public.app_engagement_has_members(target_engagement uuid) RETURNS boolean ${PLPGSQL} AS $$
   BEGIN
     RETURN EXISTS (SELECT FROM public.engagement_members WHERE engagement_id = target_engagement);
   END
   $$`,
];

export const policyHelpersPlpgsqlMigration: Migration = {
  async up(db) {
    await runMigration(db, { postgres: HELPERS, sqlite: [] });
  },
};
