import { z } from 'zod';
import { guardedText } from '../../../schema/guardedText.ts';
import { platformRole } from '../../../schema/roles.ts';

// The email has a field of its own; the name shown beside it never holds one.
const name = guardedText({ max: 200, noEmail: true });
const role = platformRole;

export const createUserBody = z.strictObject({
  email: z.string().trim().toLowerCase().email().max(320),
  name,
  role: role.default('user'),
});

export const updateUserBody = z
  .strictObject({ name: name.optional(), role: role.optional(), active: z.boolean().optional() })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one of name, role, active.' });
