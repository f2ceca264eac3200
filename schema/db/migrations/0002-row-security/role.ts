/**
 * The application role: NOLOGIN, owns nothing, never bypasses row-level security. Roles are
 * cluster-wide while grants are per database, so several databases of one cluster share it;
 * two of them migrating at once race to create it, and the loser's duplicate is ignored
 * (CREATE ROLE waits for the winner's commit, then fails with unique_violation).
 */
export function roleStatements(appRole: string): string[] {
  return [
    `DO $$
     BEGIN
       IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '${appRole}') THEN
         BEGIN
           CREATE ROLE ${appRole} NOLOGIN;
         EXCEPTION WHEN duplicate_object OR unique_violation THEN
           NULL;
         END;
       END IF;
       IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '${appRole}' AND (rolsuper OR rolbypassrls)) THEN
         RAISE EXCEPTION 'the application role % must not be a superuser or bypass row-level security', '${appRole}';
       END IF;
     END
     $$`,
    // A non-superuser owner needs membership to SET ROLE to the application role per request.
    `DO $$
     BEGIN
       IF NOT (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
         BEGIN
           GRANT ${appRole} TO CURRENT_USER;
         EXCEPTION WHEN unique_violation THEN
           NULL;
         END;
       END IF;
     END
     $$`,
    `GRANT USAGE ON SCHEMA public TO ${appRole}`,
  ];
}
