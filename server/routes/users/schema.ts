import { z } from 'zod';

const name = z.string().trim().min(1).max(200);
const role = z.enum(['admin', 'user']);

export const createUserBody = z.strictObject({
  email: z.string().trim().toLowerCase().email().max(320),
  name,
  role: role.default('user'),
});

export const updateUserBody = z
  .strictObject({ name: name.optional(), role: role.optional(), active: z.boolean().optional() })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one of name, role, active.' });
