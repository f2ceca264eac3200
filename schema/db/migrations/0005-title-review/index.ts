import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';

/**
 * 0005: what a reviewer needs to correct a title's coding: the coder's reason for its pick and up to
 * three other readings (`[{ usSoc2018, ukSoc2020, score, reason }]`, best first). Both are null for
 * titles the coder did not place (overrides, packs, cache, AI). The table's policies already cover new
 * columns; only the column-listed UPDATE grant needs them added. The reason is the coder's own text, so no
 * length check: a long one must never make classification fail.
 */
export function titleReviewMigration(appRole: string): Migration {
  return {
    async up(db) {
      await runMigration(db, {
        postgres: [
          `ALTER TABLE dataset_titles ADD COLUMN reason text`,
          `ALTER TABLE dataset_titles ADD COLUMN alternatives jsonb CHECK (alternatives IS NULL OR jsonb_typeof(alternatives) = 'array')`,
          `GRANT UPDATE (reason, alternatives) ON dataset_titles TO ${appRole}`,
        ],
        sqlite: [
          `ALTER TABLE dataset_titles ADD COLUMN reason TEXT`,
          `ALTER TABLE dataset_titles ADD COLUMN alternatives TEXT CHECK (alternatives IS NULL OR (json_valid(alternatives) AND json_type(alternatives) = 'array'))`,
        ],
      });
    },
  };
}
