import { z } from 'zod';
import { copilotPlanConfigSchema } from '../copilotPlan.ts';

// What the Copilot plan routes answer (see schema/api/engagements.ts for why here).

/** A saved plan: its configuration as the request schema (schema/copilotPlan.ts) accepted it. */
export const copilotPlan = z
  .object({
    id: z.uuid(),
    datasetId: z.uuid(),
    name: z.string(),
    config: copilotPlanConfigSchema,
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CopilotPlan' });
export type CopilotPlan = z.infer<typeof copilotPlan>;

export const copilotPlanReply = z.object({ plan: copilotPlan });
export const copilotPlansReply = z.object({ plans: z.array(copilotPlan) });
