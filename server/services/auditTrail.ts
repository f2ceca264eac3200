import { listAudit, type AuditQuery } from '../repositories/auditRepository.ts';
import { requireLead, requireAdmin } from './access.ts';
import type { ServiceContext } from './context.ts';

/** The platform-wide trail: administrators only. */
export function platformAuditTrail(ctx: ServiceContext, query: Omit<AuditQuery, 'engagementId'>) {
  requireAdmin(ctx.actor, 'read the platform audit trail');
  return listAudit(ctx.tx, query);
}

/** An engagement's own trail: its leads only (others get 404 or 403 as for any engagement route). */
export async function engagementAuditTrail(ctx: ServiceContext, engagementId: string, page: { offset: number; limit: number }) {
  await requireLead(ctx, engagementId);
  return listAudit(ctx.tx, { ...page, engagementId });
}
