import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';
import { ownedByDefiner } from '../0002-row-security/role.ts';

/**
 * 0014 (Postgres): employee_identities is tied to its dataset by triggers that run once a statement instead of
 * the composite foreign key of 0001, whose check ran once a row: for each 2,000-person chunk of an upload, 2,000
 * lookups and key-share locks of the same dataset row, half the time of the identity insert. The triggers keep
 * what the key kept:
 * - inserted or updated identities name a dataset of their engagement (else foreign_key_violation), and that
 *   dataset is locked FOR KEY SHARE until the transaction ends, as the key's check locked it, so a concurrent
 *   delete waits and then takes the identities with it (its trigger's statement sees them committed: the
 *   server's transactions are all READ COMMITTED, where the key's cascade also held under stricter levels);
 * - deleting datasets deletes their identities (ON DELETE CASCADE), whatever the deleting member's PII access,
 *   through a function of the definer role, which 0007's policies let delete identities;
 * - a dataset never changes its id or engagement (the key refused that while identities referred to it; no
 *   dataset changes them).
 * The check reads datasets as the inserting role; the application role's insert policy already asks that it
 * see the dataset. SQLite keeps the foreign key, which costs it little.
 */
const CHECK_DATASETS = `CREATE FUNCTION public.app_identities_name_datasets() RETURNS trigger
  LANGUAGE plpgsql SET search_path = '' AS $$
  BEGIN
    IF EXISTS (
      SELECT FROM (SELECT DISTINCT dataset_id, engagement_id FROM named) AS n
      WHERE NOT EXISTS (
        SELECT FROM public.datasets AS d WHERE d.id = n.dataset_id AND d.engagement_id = n.engagement_id FOR KEY SHARE
      )
    ) THEN
      RAISE EXCEPTION 'employee identities must belong to a dataset of their engagement' USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NULL;
  END
  $$`;

const DELETE_WITH_DATASETS = `CREATE FUNCTION public.app_delete_dataset_identities() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
  BEGIN
    DELETE FROM public.employee_identities WHERE dataset_id IN (SELECT id FROM removed);
    RETURN NULL;
  END
  $$`;

const REFUSE_KEY_CHANGE = `CREATE FUNCTION public.app_refuse_dataset_key_change() RETURNS trigger
  LANGUAGE plpgsql SET search_path = '' AS $$
  BEGIN
    RAISE EXCEPTION 'a dataset keeps its id and engagement' USING ERRCODE = 'foreign_key_violation';
  END
  $$`;

function statements(appRole: string): string[] {
  return [
    'ALTER TABLE employee_identities DROP CONSTRAINT employee_identities_dataset_id_engagement_id_fkey',
    CHECK_DATASETS,
    `CREATE TRIGGER employee_identities_inserted_dataset AFTER INSERT ON employee_identities
     REFERENCING NEW TABLE AS named FOR EACH STATEMENT EXECUTE FUNCTION public.app_identities_name_datasets()`,
    `CREATE TRIGGER employee_identities_updated_dataset AFTER UPDATE ON employee_identities
     REFERENCING NEW TABLE AS named FOR EACH STATEMENT EXECUTE FUNCTION public.app_identities_name_datasets()`,
    DELETE_WITH_DATASETS,
    `CREATE TRIGGER datasets_deleted_identities AFTER DELETE ON datasets
     REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION public.app_delete_dataset_identities()`,
    ...ownedByDefiner(appRole, ['app_delete_dataset_identities()']),
    REFUSE_KEY_CHANGE,
    `CREATE TRIGGER datasets_key_unchanged BEFORE UPDATE OF id, engagement_id ON datasets FOR EACH ROW
     WHEN (NEW.id <> OLD.id OR NEW.engagement_id <> OLD.engagement_id) EXECUTE FUNCTION public.app_refuse_dataset_key_change()`,
    ...['app_identities_name_datasets()', 'app_delete_dataset_identities()', 'app_refuse_dataset_key_change()'].map(
      (signature) => `REVOKE ALL ON FUNCTION public.${signature} FROM PUBLIC`,
    ),
  ];
}

export function identityDatasetTriggersMigration(appRole: string): Migration {
  return {
    async up(db) {
      await runMigration(db, { postgres: statements(appRole), sqlite: [] });
    },
  };
}
