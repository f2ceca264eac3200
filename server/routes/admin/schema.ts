import { z } from 'zod';
import { AUDIT_ACTIONS } from '../../../schema/auditActions.ts';

export const auditQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
