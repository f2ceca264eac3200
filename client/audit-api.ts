// Typed calls for the audit trail: the platform's (administrators) and one engagement's (its leads).
import { api } from './api.ts';

export interface AuditEvent {
  id: number;
  at: string;
  actor: string | null;
  actorName: string | null;
  action: string;
  engagementId: string | null;
  engagementName: string | null;
  datasetId: string | null;
  details: Record<string, unknown>;
}

export interface AuditPage {
  events: AuditEvent[];
  total: number;
  offset: number;
  limit: number;
}

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
  return api.get<AuditPage>(`/admin/audit${query({ ...filter, offset, limit })}`);
}

export function engagementAudit(engagementId: string, offset: number, limit = 100): Promise<AuditPage> {
  return api.get<AuditPage>(`/engagements/${encodeURIComponent(engagementId)}/audit${query({ offset, limit })}`);
}
