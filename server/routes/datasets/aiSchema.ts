import { z } from 'zod';

export const narrativeKindParams = z.object({ kind: z.enum(['exec-summary', 'lifecycle']) });

export const askBody = z.strictObject({ question: z.string().trim().min(3).max(1000) });
