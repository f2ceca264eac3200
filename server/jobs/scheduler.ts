import { Cron } from 'croner';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import { log } from '../log.ts';
import { purgeDueEngagements } from '../services/retention.ts';

/** Daily at 03:00 UTC in the deployed runtime; hourly under the local development server (spec: Retention and purge). */
export const retentionSchedule = (runtime: Config['runtime']): string => (runtime === 'deployed' ? '0 3 * * *' : '0 * * * *');

export interface Scheduler {
  stop(): void;
}

export function startScheduler(config: Config, database: Database): Scheduler {
  const retention = new Cron(retentionSchedule(config.runtime), { timezone: 'UTC', protect: true }, async () => {
    try {
      const { purged, skipped } = await purgeDueEngagements(database);
      log.info('retention_run', { purged, skipped });
    } catch (err) {
      log.error('retention_failed', { class: (err as Error)?.constructor?.name ?? 'unknown', code: (err as { code?: string })?.code ?? null });
    }
  });
  return { stop: () => retention.stop() };
}
