import { z } from 'zod';
import { ASK_QUESTION } from '../../../schema/ai.ts';

export const narrativeKindParams = z.object({ kind: z.enum(['exec-summary', 'lifecycle']) });

export const askBody = z.strictObject({ question: z.string().trim().min(ASK_QUESTION.min).max(ASK_QUESTION.max) });
