import { z } from 'zod';
import { ASK_QUESTION } from '../../../schema/ai.ts';
import { guardedText } from '../../../schema/guardedText.ts';

export const narrativeKindParams = z.object({ kind: z.enum(['exec-summary', 'lifecycle']) });

/** The question goes to the model, which never receives names or emails (spec: AI data flows). */
export const askBody = z.strictObject({ question: guardedText({ min: ASK_QUESTION.min, max: ASK_QUESTION.max, noEmail: true }) });
