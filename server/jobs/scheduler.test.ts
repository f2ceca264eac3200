import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { retentionSchedule } from './scheduler.ts';

const nextRun = (pattern: string, from: string) => new Cron(pattern, { timezone: 'UTC', paused: true }).nextRun(new Date(from))?.toISOString();

describe('retention schedule', () => {
  it('runs daily at 03:00 UTC in the deployed runtime', () => {
    expect(nextRun(retentionSchedule('deployed'), '2026-11-22T03:00:01Z')).toBe('2026-11-23T03:00:00.000Z');
    expect(nextRun(retentionSchedule('deployed'), '2026-11-22T01:30:00Z')).toBe('2026-11-22T03:00:00.000Z');
  });

  it('runs hourly under the local development server', () => {
    expect(nextRun(retentionSchedule('local'), '2026-11-22T10:15:00Z')).toBe('2026-11-22T11:00:00.000Z');
  });
});
