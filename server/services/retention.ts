import { sql } from 'kysely';
import { asOwner, type Database } from '../db/connection.ts';
import { findEngagement, listClosedEngagements } from '../repositories/engagementsRepository.ts';
import { purgeEngagement } from './purge.ts';

const DAY_MS = 24 * 3600_000;
/** Arbitrary constant key of the retention job's Postgres advisory lock. */
const RETENTION_LOCK_KEY = 4_201_731;

export const isDue = (closedAt: string, retentionDays: number, now: Date): boolean =>
  new Date(closedAt).getTime() + retentionDays * DAY_MS <= now.getTime();

/**
 * Purges every closed engagement whose retention period has run out, each in its own owner
 * transaction, audited with actor null and reason retention. Safe to repeat and safe when two
 * servers run it at once: on Postgres one run holds an advisory lock and the other returns at
 * once; every purge also re-reads the engagement under a row lock and skips one no longer due.
 */
export async function purgeDueEngagements(database: Database, now: Date = new Date()): Promise<{ purged: number; skipped: boolean }> {
  return database.db.connection().execute(async (connection) => {
    if (database.dialect === 'postgres') {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${RETENTION_LOCK_KEY}) as locked`.execute(connection);
      if (!rows[0]?.locked) return { purged: 0, skipped: true };
    }
    try {
      const scoped = { ...database, db: connection };
      const candidates = await asOwner(scoped, (tx) => listClosedEngagements(tx));
      let purged = 0;
      for (const candidate of candidates.filter((c) => isDue(c.closedAt, c.retentionDays, now))) {
        const done = await asOwner(scoped, async (tx) => {
          const current = await findEngagement(tx, candidate.id, { forUpdate: true, dialect: database.dialect });
          if (!current || current.status !== 'closed' || !current.closedAt || !isDue(current.closedAt, current.retentionDays, now)) return false;
          await purgeEngagement(tx, candidate.id, null, 'retention');
          return true;
        });
        if (done) purged += 1;
      }
      return { purged, skipped: false };
    } finally {
      if (database.dialect === 'postgres') await sql`select pg_advisory_unlock(${RETENTION_LOCK_KEY})`.execute(connection);
    }
  });
}
