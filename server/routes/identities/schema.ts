import { z } from 'zod';

/** How many emails one licence-list match may carry (the 8 MB body fits far fewer long ones). */
export const MAX_MATCH_EMAILS = 200_000;

/**
 * The stated reason for seeing people's names and emails. It goes into the audit trail, so it may not
 * hold an email (full-width @ included).
 */
const purpose = z
  .string()
  .trim()
  .min(3, 'State a purpose of 3 to 500 characters.')
  .max(500, 'State a purpose of 3 to 500 characters.')
  .refine((v) => !v.normalize('NFKC').includes('@'), 'A purpose is kept in the audit trail; leave email addresses out of it.');

export const revealBody = z.strictObject({
  purpose,
  employeeIds: z.array(z.string().trim().min(1).max(200)).min(1).max(50_000).optional(),
});

export const matchBody = z.strictObject({
  purpose,
  emails: z.array(z.string().max(320)).min(1).max(MAX_MATCH_EMAILS),
});
