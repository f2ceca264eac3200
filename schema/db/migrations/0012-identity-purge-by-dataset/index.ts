import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';

/**
 * 0012: identities lose their engagement_id index, which each of an upload's 50,000 identity inserts kept
 * up to date (a sixth of a chunk's insert time on SQLite) for purge alone. Purge now deletes an engagement's
 * identities dataset by dataset, through the primary key's dataset prefix (datasets are found through
 * datasets_engagement), on both backends; a dataset deleted on its own takes its identities through the
 * foreign key, which the primary key serves too. app_purge_identities keeps its signature, owner, grants
 * and refusal; only its DELETE changes.
 */
const PURGE_REFUSAL = 'only a lead purging a closed engagement may delete its identities';

const PURGE_BY_DATASET = `CREATE OR REPLACE FUNCTION public.app_purge_identities(target_engagement uuid) RETURNS bigint
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
  DECLARE
    removed bigint;
  BEGIN
    IF public.app_member_role(target_engagement) IS DISTINCT FROM 'lead'
       OR NOT EXISTS (SELECT FROM public.engagements WHERE id = target_engagement AND status = 'closed') THEN
      RAISE EXCEPTION '${PURGE_REFUSAL}' USING ERRCODE = 'insufficient_privilege';
    END IF;
    DELETE FROM public.employee_identities
     WHERE dataset_id IN (SELECT id FROM public.datasets WHERE engagement_id = target_engagement);
    GET DIAGNOSTICS removed = ROW_COUNT;
    RETURN removed;
  END
  $$`;

const DROP_ENGAGEMENT_INDEX = 'DROP INDEX employee_identities_engagement';

export const identityPurgeByDatasetMigration: Migration = {
  async up(db) {
    await runMigration(db, { postgres: [DROP_ENGAGEMENT_INDEX, PURGE_BY_DATASET], sqlite: [DROP_ENGAGEMENT_INDEX] });
  },
};
