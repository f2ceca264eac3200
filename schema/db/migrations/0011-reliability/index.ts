import type { Migration } from 'kysely';
import { runMigration } from '../../dialect.ts';

/**
 * 0011: the dataset page names the newest published reference version on every read. SQLite stores
 * a row's columns in order, so that query's notes and published_at, which follow the multi-megabyte
 * data column, were read by walking the data's overflow pages each time (about 100 µs a request); a
 * covering index answers it from the index alone (about 17 µs). Postgres keeps large values out of
 * line and gains little, but gets the same index: both backends keep the same named indexes.
 */
const NEWEST_PUBLISHED = 'CREATE INDEX reference_versions_newest_published ON reference_versions (status, version, notes, published_at)';

export function reliabilityMigration(): Migration {
  return {
    async up(db) {
      await runMigration(db, {
        postgres: [NEWEST_PUBLISHED],
        sqlite: [NEWEST_PUBLISHED],
      });
    },
  };
}
