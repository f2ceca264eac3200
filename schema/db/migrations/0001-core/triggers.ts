/**
 * Guards that are rules of the data, not of who asks, so they hold for every database user:
 * published reference and prompt versions never change or disappear (both dialects), and on
 * SQLite the audit trail is append-only. (On Postgres the application role simply has no
 * UPDATE or DELETE privilege on audit_events; see migration 0002.)
 */
const VERSIONED_TABLES = ['reference_versions', 'prompt_versions'] as const;

export const sqliteTriggers: string[] = [
  `CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
   BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END`,
  `CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
   BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END`,
  ...VERSIONED_TABLES.flatMap((table) => [
    `CREATE TRIGGER ${table}_published_no_update BEFORE UPDATE ON ${table} WHEN OLD.status = 'published'
     BEGIN SELECT RAISE(ABORT, 'published versions are immutable (${table})'); END`,
    `CREATE TRIGGER ${table}_published_no_delete BEFORE DELETE ON ${table} WHEN OLD.status = 'published'
     BEGIN SELECT RAISE(ABORT, 'published versions are immutable (${table})'); END`,
  ]),
];

export const postgresTriggers: string[] = [
  `CREATE FUNCTION refuse_published_version_change() RETURNS trigger
   LANGUAGE plpgsql SET search_path = '' AS $$
   BEGIN
     RAISE EXCEPTION 'published versions are immutable (%)', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
   END
   $$`,
  ...VERSIONED_TABLES.map(
    (table) => `CREATE TRIGGER ${table}_published_immutable BEFORE UPDATE OR DELETE ON ${table}
     FOR EACH ROW WHEN (OLD.status = 'published') EXECUTE FUNCTION refuse_published_version_change()`,
  ),
];
