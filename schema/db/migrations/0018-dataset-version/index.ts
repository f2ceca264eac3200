import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';

/**
 * 0018: a dataset's version, one more on every change a reader of the dataset can see (its own row, its titles'
 * classifications, its uploaded rows). The dataset page, titles and rows replies take their ETag from it, so
 * a browser holding a copy is answered 304 after a read of this one column instead of the whole reply.
 * The application role may raise it (column-listed UPDATE, as every other column it writes).
 */
const VERSION = {
  postgres: 'ALTER TABLE datasets ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1)',
  sqlite: 'ALTER TABLE datasets ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1)',
};

export function datasetVersionMigration(appRole: string): Migration {
  return {
    async up(db) {
      await runMigration(db, {
        postgres: [VERSION.postgres, `GRANT UPDATE (version) ON datasets TO ${appRole}`],
        sqlite: [VERSION.sqlite],
      });
    },
  };
}
