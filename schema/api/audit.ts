import { z } from 'zod';
import { AUDIT_ACTIONS } from '../auditActions.ts';

// What the audit-trail routes answer (see schema/api/engagements.ts for why here).

/** One audit event, with the actor's and engagement's display names joined in for the reader. */
export const auditEvent = z
  .object({
    id: z.number(),
    at: z.string(),
    actor: z.string().nullable(),
    actorName: z.string().nullable(),
    action: z.enum(AUDIT_ACTIONS),
    engagementId: z.string().nullable(),
    engagementName: z.string().nullable(),
    datasetId: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEvent>;

/** One page of the trail, newest first; `total` counts every event the filter holds. */
export const auditPage = z.object({ events: z.array(auditEvent), total: z.number(), offset: z.number(), limit: z.number() }).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPage>;
