import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';
import { definerRoleOf, ownedByDefiner } from '../0002-row-security/role.ts';
import { definerReadStatements } from '../0002-row-security/policies.ts';

/**
 * 0007: the application role's identity policies follow the specification exactly (Identity
 * protection rule 5). 0002 let a lead without PII access read and delete ciphertexts, so that purge
 * could delete them; now only members with PII access read them (admins are not exempt: the
 * membership lookup ignores the admin flag), only leads and analysts with PII access insert them,
 * and only into a dataset created with identities.
 *
 * Purge by a lead goes through app_purge_identities, a SECURITY DEFINER function of the definer
 * role that deletes one engagement's identities and nothing else, and only for a lead of that
 * engagement while it is closed (purge applies to closed engagements only). The retention job runs
 * as the owner and deletes under its maintenance policy, as before. SQLite has a single user: there
 * the service layer is the wall, and only the index below changes.
 */
const PURGE_REFUSAL = 'only a lead purging a closed engagement may delete its identities';

function statements(appRole: string): string[] {
  const definer = definerRoleOf(appRole);
  const withPii = `engagement_id IN (SELECT app_my_engagements(NULL, true))`;
  const writerWithPii = `engagement_id IN (SELECT app_my_engagements('{lead,analyst}', true))`;
  return [
    `DROP POLICY employee_identities_select_pii_or_lead ON employee_identities`,
    `DROP POLICY employee_identities_delete_writer_pii_or_lead ON employee_identities`,
    `DROP POLICY employee_identities_insert_writer_pii ON employee_identities`,
    `CREATE POLICY employee_identities_select_pii ON employee_identities FOR SELECT TO ${appRole} USING (${withPii})`,
    `CREATE POLICY employee_identities_insert_writer_pii ON employee_identities FOR INSERT TO ${appRole}
     WITH CHECK (${writerWithPii} AND dataset_id IN (SELECT id FROM datasets WHERE with_identities))`,
    `CREATE POLICY employee_identities_delete_writer_pii ON employee_identities FOR DELETE TO ${appRole} USING (${writerWithPii})`,
    // The definer role deletes identities only from inside app_purge_identities (current_user is then the
    // definer); a DELETE with a WHERE clause also needs its rows visible, hence the read policy.
    ...definerReadStatements('employee_identities', appRole, true),
    `CREATE POLICY employee_identities_definer_purge ON employee_identities FOR DELETE TO ${definer} USING (current_user = '${definer}')`,
    `GRANT DELETE ON employee_identities TO ${definer}`,
    `CREATE FUNCTION public.app_purge_identities(target_engagement uuid) RETURNS bigint
     LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
     DECLARE
       removed bigint;
     BEGIN
       IF public.app_member_role(target_engagement) IS DISTINCT FROM 'lead'
          OR NOT EXISTS (SELECT FROM public.engagements WHERE id = target_engagement AND status = 'closed') THEN
         RAISE EXCEPTION '${PURGE_REFUSAL}' USING ERRCODE = 'insufficient_privilege';
       END IF;
       DELETE FROM public.employee_identities WHERE engagement_id = target_engagement;
       GET DIAGNOSTICS removed = ROW_COUNT;
       RETURN removed;
     END
     $$`,
    ...ownedByDefiner(appRole, ['app_purge_identities(uuid)']),
    `REVOKE ALL ON FUNCTION public.app_purge_identities(uuid) FROM PUBLIC`,
    `GRANT EXECUTE ON FUNCTION public.app_purge_identities(uuid) TO ${appRole}`,
  ];
}

/**
 * A licence match reads a dataset's hashes once through the primary key's dataset prefix and compares them in
 * memory, so the (dataset_id, email_hash) index of 0001 only slowed every identity insert.
 */
const DROP_HASH_INDEX = 'DROP INDEX employee_identities_email_hash';

export function identitiesMigration(appRole: string): Migration {
  return {
    async up(db) {
      await runMigration(db, { postgres: [...statements(appRole), DROP_HASH_INDEX], sqlite: [DROP_HASH_INDEX] });
    },
  };
}
