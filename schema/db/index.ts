import type { Migration } from 'kysely';
import { coreMigration } from './migrations/0001-core/index.ts';
import { rowSecurityMigration } from './migrations/0002-row-security/index.ts';
import { sharedViewsMigration } from './migrations/0003-shared-views/index.ts';
import { datasetImportStatsMigration } from './migrations/0004-dataset-import-stats/index.ts';
import { titleReviewMigration } from './migrations/0005-title-review/index.ts';
import { identitiesMigration } from './migrations/0007-identities/index.ts';
import { benchmarksCopilotMigration } from './migrations/0009-benchmarks-copilot/index.ts';
import { reliabilityMigration } from './migrations/0011-reliability/index.ts';
import { identityPurgeByDatasetMigration } from './migrations/0012-identity-purge-by-dataset/index.ts';
import { identityRecordsMigration } from './migrations/0013-identity-records/index.ts';
import { identityDatasetTriggersMigration } from './migrations/0014-identity-dataset-triggers/index.ts';
import { benchmarkCurrencyMigration } from './migrations/0015-benchmark-currency/index.ts';
import { codingContextMigration } from './migrations/0016-coding-context/index.ts';
import { sqliteWallMigration } from './migrations/0017-sqlite-wall/index.ts';
import { datasetVersionMigration } from './migrations/0018-dataset-version/index.ts';
import { policyHelpersPlpgsqlMigration } from './migrations/0019-policy-helpers-plpgsql/index.ts';
import { policyHelpersInlineMigration } from './migrations/0020-policy-helpers-inline/index.ts';

/** The Postgres role every request runs as (SET LOCAL ROLE); configurable as APP_DB_ROLE. */
export const DEFAULT_APP_ROLE = 'staff_app';

// 54 characters leave room for the "_definer" role beside it within Postgres's 63-byte names.
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,53}$/;

/**
 * Every migration, keyed so that name order is run order. Forward-only: a released migration is
 * never edited; a change is a new, higher-numbered one. The role name is written into SQL, so
 * it must be a plain lower-case identifier.
 */
export function buildMigrations(options: { appRole: string }): Record<string, Migration> {
  const { appRole } = options;
  if (!ROLE_NAME.test(appRole)) throw new Error(`Invalid application role name "${appRole}": use lower-case letters, digits and _`);
  return {
    '0001_core': coreMigration,
    '0002_row_security': rowSecurityMigration(appRole),
    '0003_shared_views': sharedViewsMigration(appRole),
    '0004_dataset_import_stats': datasetImportStatsMigration,
    '0005_title_review': titleReviewMigration(appRole),
    '0007_identities': identitiesMigration(appRole),
    '0009_benchmarks_copilot': benchmarksCopilotMigration(appRole),
    '0011_reliability': reliabilityMigration(),
    '0012_identity_purge_by_dataset': identityPurgeByDatasetMigration,
    '0013_identity_records': identityRecordsMigration,
    '0014_identity_dataset_triggers': identityDatasetTriggersMigration(appRole),
    '0015_benchmark_currency': benchmarkCurrencyMigration,
    '0016_coding_context': codingContextMigration(appRole),
    '0017_sqlite_wall': sqliteWallMigration,
    '0018_dataset_version': datasetVersionMigration(appRole),
    '0019_policy_helpers_plpgsql': policyHelpersPlpgsqlMigration,
    '0020_policy_helpers_inline': policyHelpersInlineMigration,
  };
}
