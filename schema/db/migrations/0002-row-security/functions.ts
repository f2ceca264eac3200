import { definerRoleOf, ownedByDefiner } from './role.ts';

/**
 * Helpers the policies call. All but app_current_user_id are SECURITY DEFINER and belong to the
 * definer role (role.ts), which may read users and every membership row: so a policy on
 * engagement_members can ask about memberships without recursing into itself. Each has a fixed,
 * empty search_path and names tables with their schema.
 */
const DEFINER = `LANGUAGE sql STABLE SECURITY DEFINER SET search_path = ''`;

const HELPER_SIGNATURES = [
  'app_current_user_id()',
  'app_is_admin()',
  'app_member_role(uuid)',
  'app_is_member(uuid)',
  'app_my_engagements(text[], boolean)',
  'app_engagement_has_members(uuid)',
] as const;

const DEFINER_HELPERS = HELPER_SIGNATURES.filter((signature) => signature !== 'app_current_user_id()');

export function functionStatements(appRole: string): string[] {
  return [
    // The user the request acts for; null when app.user_id is unset or empty.
    `CREATE FUNCTION public.app_current_user_id() RETURNS uuid
     LANGUAGE sql STABLE SET search_path = '' AS $$
       SELECT nullif(pg_catalog.current_setting('app.user_id', true), '')::uuid
     $$`,
    `CREATE FUNCTION public.app_is_admin() RETURNS boolean ${DEFINER} AS $$
       SELECT EXISTS (
         SELECT FROM public.users
         WHERE id = public.app_current_user_id() AND role = 'admin' AND active
       )
     $$`,
    // The current user's role on the engagement, or null when not an active member.
    `CREATE FUNCTION public.app_member_role(target_engagement uuid) RETURNS text ${DEFINER} AS $$
       SELECT m.role FROM public.engagement_members m JOIN public.users u ON u.id = m.user_id
       WHERE m.engagement_id = target_engagement AND m.user_id = public.app_current_user_id() AND u.active
     $$`,
    `CREATE FUNCTION public.app_is_member(target_engagement uuid) RETURNS boolean ${DEFINER} AS $$
       SELECT public.app_member_role(target_engagement) IS NOT NULL
     $$`,
    // The set form for row-heavy tables: "engagement_id IN (SELECT app_my_engagements(...))" runs
    // once per statement as a hashed subplan instead of once per row.
    `CREATE FUNCTION public.app_my_engagements(roles text[] DEFAULT NULL, needs_pii boolean DEFAULT false)
     RETURNS SETOF uuid ROWS 20 ${DEFINER} AS $$
       SELECT m.engagement_id FROM public.engagement_members m JOIN public.users u ON u.id = m.user_id
       WHERE m.user_id = public.app_current_user_id() AND u.active
         AND (roles IS NULL OR m.role = ANY (roles))
         AND (NOT needs_pii OR m.pii_access)
     $$`,
    // True once anyone is staffed on the engagement (so the creator's bootstrap window is closed).
    `CREATE FUNCTION public.app_engagement_has_members(target_engagement uuid) RETURNS boolean ${DEFINER} AS $$
       SELECT EXISTS (SELECT FROM public.engagement_members WHERE engagement_id = target_engagement)
     $$`,
    ...ownedByDefiner(appRole, DEFINER_HELPERS),
    ...HELPER_SIGNATURES.flatMap((signature) => [
      `REVOKE ALL ON FUNCTION public.${signature} FROM PUBLIC`,
      `GRANT EXECUTE ON FUNCTION public.${signature} TO ${appRole}, ${definerRoleOf(appRole)}`,
    ]),
  ];
}

/**
 * Nobody switches on their own PII access through the application role (spec, identity
 * protection rule 6), whatever the policies allow a lead to do. The one exception is the
 * first membership row of an engagement: its creator becomes lead with PII access. Keeping or
 * dropping access already held passes. Internal jobs as the owner are not affected.
 */
export const OWN_PII_REFUSAL = 'a member may not turn on their own PII access';

export function memberTriggerStatements(appRole: string): string[] {
  return [
    `CREATE FUNCTION public.app_refuse_own_pii_access() RETURNS trigger
     LANGUAGE plpgsql SET search_path = '' AS $$
     DECLARE
       refuse boolean;
     BEGIN
       IF current_user = '${appRole}' AND NEW.user_id = public.app_current_user_id() AND NEW.pii_access THEN
         IF TG_OP = 'INSERT' THEN
           refuse := public.app_engagement_has_members(NEW.engagement_id); -- not the first member row
         ELSE
           refuse := NOT (OLD.user_id = NEW.user_id AND OLD.pii_access);
         END IF;
         IF refuse THEN
           RAISE EXCEPTION '${OWN_PII_REFUSAL}' USING ERRCODE = 'insufficient_privilege';
         END IF;
       END IF;
       RETURN NEW;
     END
     $$`,
    `REVOKE ALL ON FUNCTION public.app_refuse_own_pii_access() FROM PUBLIC`,
    `CREATE TRIGGER engagement_members_no_own_pii BEFORE INSERT OR UPDATE ON engagement_members
     FOR EACH ROW EXECUTE FUNCTION public.app_refuse_own_pii_access()`,
  ];
}
