// Typed calls for the audit trail: the platform's (administrators) and one engagement's (its leads).
import { api } from './http.ts';
import { auditPage, type AuditEvent, type AuditPage } from '../../schema/api/audit.ts';

export type { AuditEvent, AuditPage };

export interface AuditFilter {
  action?: string;
  engagementId?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function platformAudit(filter: AuditFilter, offset: number, limit: number): Promise<AuditPage> {
  return api.get(`/admin/audit${query({ ...filter, offset, limit })}`, auditPage);
}

export function engagementAudit(engagementId: string, offset: number, limit = 100): Promise<AuditPage> {
  return api.get(`/engagements/${encodeURIComponent(engagementId)}/audit${query({ offset, limit })}`, auditPage);
}
