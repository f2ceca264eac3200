import { z } from 'zod';

export const signInBody = z.strictObject({ email: z.string().trim().toLowerCase().email().max(320) });
