import { z } from 'zod';
import { AUDIT_ACTIONS } from '../../../schema/auditActions.ts';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date of the form YYYY-MM-DD.').refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Not a calendar date.');

export const auditQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  action: z.enum(AUDIT_ACTIONS).optional(),
  engagementId: z.string().uuid().optional(),
  /** Calendar days in UTC, both inclusive. */
  from: isoDay.optional(),
  to: isoDay.optional(),
});
