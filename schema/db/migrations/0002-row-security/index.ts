import type { Kysely, Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';
import { functionStatements, memberTriggerStatements } from './functions.ts';
import { accessStatements } from './policies.ts';
import { roleStatements } from './role.ts';

/**
 * 0002: Postgres as the second wall (application role, helper functions, forced row-level
 * security, column-listed privileges, the own-PII trigger). SQLite has a single user, so there
 * the service layer's checks are the wall and this migration has nothing to do.
 */
export function rowSecurityMigration(appRole: string): Migration {
  return {
    async up(db: Kysely<any>) {
      await runMigration(db, {
        postgres: [...roleStatements(appRole), ...functionStatements(appRole), ...memberTriggerStatements(appRole), ...accessStatements(appRole)],
        sqlite: [],
      });
    },
  };
}
