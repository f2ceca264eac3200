import { forbidden } from '../http/httpError.ts';
import { listAudit, type AuditQuery } from '../repositories/auditRepository.ts';
import type { ServiceContext } from './context.ts';

/** The platform-wide trail: administrators only. */
export function platformAuditTrail(ctx: ServiceContext, query: Omit<AuditQuery, 'engagementId'>) {
  if (ctx.actor.role !== 'admin') throw forbidden('Only administrators can read the platform audit trail.');
  return listAudit(ctx.tx, query);
}
