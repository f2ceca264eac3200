/**
 * Two NOLOGIN roles that own nothing and never bypass row-level security:
 * - the application role, which every request becomes (SET LOCAL ROLE);
 * - the definer role, which owns the SECURITY DEFINER helper functions and may only read the
 *   few tables they read. Helpers run as a role with its own read policies rather than as the
 *   owner, so they behave the same whether the owner is a superuser (who bypasses RLS) or an
 *   ordinary role (bound by FORCE ROW LEVEL SECURITY like everyone else).
 * Roles are cluster-wide while grants are per database, so several databases of one cluster
 * share them; two databases migrating at once race to create a role, and the loser's
 * duplicate is ignored (CREATE ROLE waits for the winner's commit, then fails with unique_violation).
 */
export const definerRoleOf = (appRole: string) => `${appRole}_definer`;

function createRole(role: string): string {
  return `DO $$
   BEGIN
     IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '${role}') THEN
       BEGIN
         CREATE ROLE ${role} NOLOGIN;
       EXCEPTION WHEN duplicate_object OR unique_violation THEN
         NULL;
       END;
     END IF;
     IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '${role}' AND (rolsuper OR rolbypassrls)) THEN
       RAISE EXCEPTION 'the role % must not be a superuser or bypass row-level security', '${role}';
     END IF;
   END
   $$`;
}

/**
 * A non-superuser owner needs membership in both roles: in the application role to SET ROLE
 * to it per request, in the definer role to hand it the helper functions.
 */
function grantToOwner(role: string): string {
  return `DO $$
   BEGIN
     IF NOT (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
       BEGIN
         GRANT ${role} TO CURRENT_USER;
       EXCEPTION WHEN unique_violation THEN
         NULL;
       END;
     END IF;
   END
   $$`;
}

export function roleStatements(appRole: string): string[] {
  const definer = definerRoleOf(appRole);
  return [
    createRole(appRole),
    createRole(definer),
    grantToOwner(appRole),
    grantToOwner(definer),
    `GRANT USAGE ON SCHEMA public TO ${appRole}, ${definer}`,
  ];
}

/** Gives functions to the definer role (which needs CREATE on the schema only for the hand-over). */
export function ownedByDefiner(appRole: string, signatures: readonly string[]): string[] {
  const definer = definerRoleOf(appRole);
  return [
    `GRANT CREATE ON SCHEMA public TO ${definer}`,
    ...signatures.map((signature) => `ALTER FUNCTION public.${signature} OWNER TO ${definer}`),
    `REVOKE CREATE ON SCHEMA public FROM ${definer}`,
  ];
}
