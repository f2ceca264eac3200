import { z } from 'zod';
import { AUDIT_ACTIONS } from '../../../schema/auditActions.ts';

/** Date.parse rolls 2026-02-31 over to 3 March, so the day must read back unchanged. */
const isCalendarDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date of the form YYYY-MM-DD.').refine(isCalendarDay, 'Not a calendar date.');

export const auditQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  action: z.enum(AUDIT_ACTIONS).optional(),
  engagementId: z.string().uuid().optional(),
  /** Calendar days in UTC, both inclusive. */
  from: isoDay.optional(),
  to: isoDay.optional(),
});
