import { z } from 'zod';
import { guardedText } from '../../../schema/guardedText.ts';

/** How many emails one licence-list match may carry (the 8 MB body fits far fewer long ones). */
export const MAX_MATCH_EMAILS = 200_000;

/**
 * The stated reason for seeing people's names and emails: at least 3 visible characters once normalised (four
 * zero-width spaces are no purpose). It goes into the audit trail, so it may not hold an email.
 */
const purpose = guardedText({ min: 3, max: 500, noEmail: 'A purpose is kept in the audit trail; leave email addresses out of it.' });

export const revealBody = z.strictObject({
  purpose,
  // Normalised as the rows' employee IDs were when they were stored.
  employeeIds: z.array(guardedText({ max: 200 })).min(1).max(50_000).optional(),
});

export const matchBody = z.strictObject({
  purpose,
  emails: z.array(z.string().max(320)).min(1).max(MAX_MATCH_EMAILS),
});
