import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';

/**
 * 0004: counts the browser makes while reading a spreadsheet (rows skipped for want of a title,
 * FTE values it could not read, IDs it generated, unmatched managers). Only the browser sees the
 * raw file, yet the stored summary reports them, so they travel with the dataset's creation.
 * Counts only: never values from the file.
 */
export const datasetImportStatsMigration: Migration = {
  async up(db) {
    await runMigration(db, {
      postgres: [`ALTER TABLE datasets ADD COLUMN import_stats jsonb CHECK (import_stats IS NULL OR jsonb_typeof(import_stats) = 'object')`],
      sqlite: [`ALTER TABLE datasets ADD COLUMN import_stats TEXT CHECK (import_stats IS NULL OR (json_valid(import_stats) AND json_type(import_stats) = 'object'))`],
    });
  },
};
